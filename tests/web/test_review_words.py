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

from app.languages.i18n import LANGUAGE_COOKIE, read_catalog, writing
from app.languages.words import action_text
from app.learning.review import Decision, human_moments, weigh
from app.learning.review_reasons import SENTENCES, reason_text
from bots.search.contrast import Difference
from engine import parse_record
from tests.helpers.review_rows import done_review
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
        game_id, stored = url.rsplit("/", 1)[1], [d.to_json() for d in decisions]
        session.add(done_review(game_id, stored, evaluator="scripted", loss=0.3, spread=0.1))
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


CARDS_ONLY = ("trick", "partner")
"""Reasons about the trick being played: only ever between two cards."""
NAMING_ACTIONS = [
    kind
    for kind, sentence in SENTENCES.items()
    if "%(better)s" in sentence and kind not in CARDS_ONLY
]
WON = {
    "de": "Mit der besseren Wahl (Armut annehmen) gewinnt deine Partei das Spiel in 75\u00a0% "
    "der Simulationen, mit deiner (Armut ablehnen) in 25\u00a0%.",
    "ru": "При лучшем выборе (принятие Armut) твоя сторона выигрывает раздачу в 75\u00a0% "
    "симуляций, при твоём (отказ от Armut) — в 25\u00a0%.",
    "hu": "A jobb választással (Armut elfogadása) a csapatod a szimulációk 75%-ában nyeri meg "
    "a leosztást, a tiéddel (Armut elutasítása) 25%-ában.",
    "ro": "Cu alegerea mai bună (acceptarea Sărăciei) echipa ta câștigă mâna în 75\u00a0% din "
    "simulări, iar cu a ta (refuzarea Sărăciei) în 25\u00a0%.",
}


def armut_decision(kind: str) -> Decision:
    """Declining the Armut where taking it was better, for a reason of `kind`."""
    return Decision(
        index=5,
        trick=0,
        kind="armut",
        chosen="armut-decline",
        best="armut-accept",
        expected_chosen=-1.0,
        expected_best=0.5,
        loss=1.5,
        spread=0.2,
        forced=False,
        options=(),
        reason=Difference(kind, 20, 40, better_count=30, chosen_count=10, points=12),
    )


@pytest.mark.parametrize("language", sorted(WON))
def test_a_reason_names_an_armut_step_where_any_action_fits(language: str) -> None:
    """A reason once put the action where the language wants a case or an article ("после
    отказ от Armut", "nach Armut ablehnen", "după refuzarea Sărăciei" as a subject): each
    sentence now names the better and the chosen action in brackets after "the better
    choice" and "yours", which a card, a call, a reservation or an Armut step fills alike."""
    words = writing(language)
    better = f"({action_text('armut-accept', words.words)})"
    chosen = f"({action_text('armut-decline', words.words)})"
    for kind in NAMING_ACTIONS:
        text = reason_text(armut_decision(kind), words)
        assert text is not None and better in text, (kind, text)
        assert "%(chosen)s" not in SENTENCES[kind] or chosen in text, (kind, text)
    assert reason_text(armut_decision("won"), words) == WON[language]


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


def test_german_keeps_serie_for_a_game_and_dates_a_moment_with_am() -> None:
    """The daily streak was a "Tagesserie" a few lines from the "Serien" of whole games; and
    a moment is written with its day ("08.12.2026, 02:00 UTC"), which takes "am", not "um"."""
    german = messages("de")
    assert not {mid: text for mid, text in german.items() if "Tagesserie" in text}
    assert not {mid: text for mid, text in german.items() if "um %(time)s" in text}
    assert (
        "am %(time)s"
        in german[
            "The seed itself is published here at %(time)s, when the day’s ranked games close (a "
            "game started before midnight may be finished until then)."
        ]
    )


def test_the_romanian_dealer_mark_is_a_word(client: TestClient) -> None:
    """A noun, as the badge beside any seat's name: the verb it was read "Tu împarte" (you
    deals) beside the player's own name."""
    client.cookies.set(LANGUAGE_COOKIE, "ro")
    page = client.get(start_game(client, "words-dealer")).text
    (mark,) = re.findall(r'<abbr class="tag" title="([^"]*)">([^<]*)</abbr>', page)
    assert mark == ("Dealer (cel care împarte)", "dealer")


FORMAL = re.compile(r"\b(возьмите|выберите|нажмите|попробуйте|подождите|используйте|введите)\b")


def test_russian_says_ty_and_solo_in_latin_letters() -> None:
    russian = messages("ru")
    formal = {mid: text for mid, text in russian.items() if FORMAL.search(text.lower())}
    assert not formal
    cyrillic_solo = {mid: text for mid, text in russian.items() if "соло" in text.lower()}
    assert not cyrillic_solo
    assert "зачётную" in russian["Finish a ranked daily game first; then choose your nickname."]
