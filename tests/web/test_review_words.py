"""Issue 28, item 6: the words as native players read them. The review names each decision
as what the player did, in a frame every language can fill ("Your choice: …; better: …"),
Armut steps included: the frame once read "Ai ales refuză Sărăcia" and "Du hast Armut
abgelehnt gewählt". German keeps "Spiel" for a hand and starts a "Serie"; Romanian's dealer
mark is a word; Russian speaks to the player with ты and writes "solo" in Latin letters."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGE_COOKIE, read_catalog
from app.learning.review import human_moments, weigh
from app.operations.settings import utc_now
from app.storage.models import HandReview
from engine import parse_record
from tests.web.driver import HTMX, page_version, start_game
from tests.web.helpers.review_parts import scripted

DECLINED_ARMUT = "s42"
"""A seed where the human, healthy, is offered an Armut that everybody declines."""

FRAMES = {
    "en": "Your choice: <strong>decline the Armut</strong>; better: "
    "<strong>take the Armut</strong>.",
    "de": "Deine Wahl: <strong>Armut ablehnen</strong>; besser: <strong>Armut annehmen</strong>.",
    "ru": "Твой выбор: <strong>отказ от Armut</strong>; лучше: <strong>принятие Armut</strong>.",
    "hu": "A választásod: <strong>Armut elutasítása</strong>; jobb: "
    "<strong>Armut elfogadása</strong>.",
    "ro": "Alegerea ta: <strong>refuzarea Sărăciei</strong>; mai bine: "
    "<strong>acceptarea Sărăciei</strong>.",
}
COST = re.compile(r'<p class="cost">([^<]*)</p>')


def declined_armut(client: TestClient) -> str:
    """A game whose first hand everybody declined (dealt again); its URL."""
    url = start_game(client, DECLINED_ARMUT)
    body = client.get(url).text
    for action in ("healthy", "armut-decline"):
        data = {"version": page_version(body), "action": action}
        answer = client.post(f"{url}/actions", data=data, headers=HTMX)
        assert answer.status_code == 200
        body = answer.text
    return url


accepting_was_better = scripted({"armut-accept": 1.5}, others=1.2)
"""A scripted evaluation: taking the Armut 1.5, everything else 1.2."""


def store_review(app: FastAPI, client: TestClient, url: str) -> None:
    record = parse_record(client.get(f"{url}/hands/1/record.json").text)
    decisions = [weigh(m, accepting_was_better, "words") for m in human_moments(record)]
    assert [d.chosen for d in decisions] == ["healthy", "armut-decline"]
    with app.state.sessions() as session:
        session.add(
            HandReview(
                game_id=url.rsplit("/", 1)[1],
                hand=1,
                status="done",
                evaluator="scripted",
                loss=0.3,
                loss_spread=0.1,
                decisions=[d.to_json() for d in decisions],
                decisions_total=len(decisions),
                started_at=utc_now(),
                finished_at=utc_now(),
            )
        )
        session.commit()


@pytest.mark.parametrize("language", sorted(FRAMES))
def test_the_review_names_the_armut_steps_as_actions_in_its_frame(
    app: FastAPI, client: TestClient, language: str
) -> None:
    url = declined_armut(client)
    store_review(app, client, url)
    client.cookies.set(LANGUAGE_COOKIE, language)
    page = client.get(f"{url}/hands/1/review").text
    assert FRAMES[language] in page
    costs = COST.findall(page)
    assert len(costs) == 2
    assert not [c for c in costs if "Armut" in c or "Sărăc" in c], "the cost refers to the frame"


def messages(language: str) -> dict[str, str]:
    return {
        message.id if isinstance(message.id, str) else message.id[0]: message.string
        if isinstance(message.string, str)
        else " ".join(message.string)
        for message in read_catalog(language)
        if message.id
    }


def test_german_starts_a_series_where_a_spiel_is_one_hand() -> None:
    german = messages("de")
    assert german["Hand"] == "Spiel"
    for started in ("New game", "Start a new game with these rules", "No such game here."):
        assert "Spiel" not in german[started] and "Serie" in german[started]


def test_the_romanian_dealer_mark_is_a_word(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "ro")
    page = client.get(start_game(client, "words-dealer")).text
    (mark,) = re.findall(r'<abbr class="tag" title="([^"]*)">([^<]*)</abbr>', page)
    assert mark == ("Cel care împarte", "împarte")


FORMAL = re.compile(r"\b(возьмите|выберите|нажмите|попробуйте|подождите|используйте|введите)\b")


def test_russian_says_ty_and_solo_in_latin_letters() -> None:
    russian = messages("ru")
    formal = {mid: text for mid, text in russian.items() if FORMAL.search(text.lower())}
    assert not formal
    cyrillic_solo = {mid: text for mid, text in russian.items() if "соло" in text.lower()}
    assert not cyrillic_solo
    assert "зачётную" in russian["Finish a ranked daily game first; then choose your nickname."]
