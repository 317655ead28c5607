"""Issue 25, point 9: a review that teaches. Each decision shows the table as the player saw it
then (the hand and the trick so far, the chosen and the better card marked), says in one
sentence what the better action changes, taken from the search's play-outs in the same
sampled worlds, and explains what the averages mean; every "Trick n" link opens trick n; a
review stored before reasons were given still shows.

The page tests store a review weighed by a scripted evaluation (the search is not their
business); the reasons themselves come from the search, on positions kept in
`tests/review/` with a fixed seed."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGES, writing
from app.learning.review import Decision, Moment, human_moments, weigh
from app.learning.review_jobs import EVALUATOR, weigh_by_search
from app.learning.review_reasons import SENTENCES, reason_text
from app.table.service import HUMAN
from bots.search.contrast import Difference
from engine import Act, Action, Card, HandRecord, parse_record, view_of
from tests.helpers.review_rows import done_review
from tests.web.helpers.review import played_hand
from tests.web.helpers.review_parts import scripted

REVIEWS = Path(__file__).resolve().parents[1] / "review"
ITEM = re.compile(r"<li data-decision (.*?)</li>", re.S)
INDEX = re.compile(r'data-index="(\d+)"')
HELD = re.compile(r'<span class="held([^"]*)" data-card="([^"]+)"')
ON_TABLE = re.compile(r'<span class="on-table" data-card="([^"]+)" data-seat="([^"]+)"')
TRICK_LINK = re.compile(r'<a href="\?step=(\d+)">Trick (\d+)</a>')
STEP_TITLE = re.compile(r'<h2 id="step-title">([^<]*)</h2>')
TRICK_TITLE = re.compile(
    r"Trick \d+ · led: (You|Lena|Jonas|Emma) · won: (You|Lena|Jonas|Emma) \(\d+ points?\)"
)
"""A trick's heading: names as labels' values, so "You" reads right wherever it stands (it
said "Lena led, You won")."""
REASON = re.compile(r'<p class="reason" data-reason="([^"]+)">([^<]*)</p>')


def record_of(client: TestClient, url: str) -> HandRecord:
    return parse_record(json.dumps(client.get(f"{url}/hands/1/record.json").json()))


def everything_could_be_better(record: HandRecord) -> list[Decision]:
    """Every decision weighed by a scripted evaluation that rates another legal action 1.0
    and the chosen one 0.0 (forced ones stay forced)."""
    decisions = []
    for moment in human_moments(record):
        other = next((a for a in moment.view.legal if a != moment.chosen), moment.chosen)
        values = {moment.chosen.notation: 0.0, other.notation: 1.0}
        decisions.append(weigh(moment, scripted(values), "teaching"))
    return decisions


def store(app: FastAPI, url: str, decisions: list[dict[str, object]]) -> None:
    with app.state.sessions() as session:
        game_id = url.rsplit("/", 1)[1]
        session.add(done_review(game_id, decisions, evaluator=EVALUATOR, loss=1.0, spread=0.1))
        session.commit()


@pytest.fixture
def reviewed(app: FastAPI, client: TestClient) -> tuple[str, HandRecord, list[Decision]]:
    """A hand played through the site and its review, stored."""
    url, _ = played_hand(client, "teaching-1")
    record = record_of(client, url)
    decisions = everything_could_be_better(record)
    store(app, url, [decision.to_json() for decision in decisions])
    return url, record, decisions


def items(page: str) -> dict[int, str]:
    """Each decision's list item by its index in the record."""
    found = {}
    for item in ITEM.findall(page):
        match = INDEX.search(item)
        assert match is not None, item[:200]
        found[int(match.group(1))] = item
    return found


def test_each_decision_shows_the_table_as_the_player_saw_it(
    client: TestClient, reviewed: tuple[str, HandRecord, list[Decision]]
) -> None:
    url, record, decisions = reviewed
    page = client.get(f"{url}/hands/1/review").text
    shown = items(page)
    assert sorted(shown) == sorted(decision.index for decision in decisions)
    by_index = {decision.index: decision for decision in decisions}
    for moment in human_moments(record):
        item = shown[moment.index]
        held = HELD.findall(item)
        assert Counter(code for _, code in held) == Counter(str(c) for c in moment.view.hand)
        on_table = [code for code, _ in ON_TABLE.findall(item)]
        assert on_table == [str(card) for _, card in moment.view.current_trick]
        decision = by_index[moment.index]
        chosen = [code for marks, code in held if "chosen" in marks.split()]
        better = [code for marks, code in held if "better" in marks.split()]
        if moment.chosen.act is Act.PLAY:
            assert chosen == [str(moment.chosen.card)]
            if decision.loss > 0:
                assert better == [decision.best.split()[1]] or not decision.best.startswith("play")
        else:
            assert chosen == []


def test_the_position_shows_no_card_the_player_could_not_see(
    client: TestClient, reviewed: tuple[str, HandRecord, list[Decision]]
) -> None:
    """The position is the player's own hand and the cards on the table: nothing else."""
    url, record, _ = reviewed
    shown = items(client.get(f"{url}/hands/1/review").text)
    for moment in human_moments(record):
        item = shown[moment.index]
        seen = Counter(str(c) for c in moment.view.hand)
        seen += Counter(str(card) for _, card in moment.view.current_trick)
        position = item[item.index('class="position"') :]
        assert Counter(re.findall(r'data-card="([^"]+)"', position)) == seen


def test_every_trick_link_opens_that_trick(
    client: TestClient, reviewed: tuple[str, HandRecord, list[Decision]]
) -> None:
    """ "Trick 5" opened a page headed "Trick 4"."""
    url, _, _ = reviewed
    page = client.get(f"{url}/hands/1/review").text
    links = TRICK_LINK.findall(page)
    assert len({number for _, number in links}) == 12, "a link for each trick of a decision"
    for step, number in set(links):
        title = STEP_TITLE.search(client.get(f"{url}/hands/1/review?step={step}").text)
        assert title is not None and TRICK_TITLE.fullmatch(html.unescape(title.group(1))), title
        assert title.group(1).startswith(f"Trick {number} ·"), title


def trick_reason(decision: Decision) -> Decision:
    return replace(decision, reason=Difference("trick", 30, 40, 35, 5))


def test_the_reason_is_said_in_every_language(app: FastAPI, client: TestClient) -> None:
    url, _ = played_hand(client, "teaching-2")
    decisions = everything_could_be_better(record_of(client, url))
    cards = [d for d in decisions if d.loss > 0 and d.kind == "card"]
    store(app, url, [(trick_reason(d) if d in cards else d).to_json() for d in decisions])
    sentences = {}
    for language in LANGUAGES:
        page = client.get(f"/language?lang={language}&back={url}/hands/1/review").text
        reasons = REASON.findall(page)
        assert len(reasons) == len(cards)
        assert {kind for kind, _ in reasons} == {"trick"}
        sentences[language] = reasons[0][1]
    assert "wins this trick for your side" in sentences["en"]
    assert "75" in sentences["en"], "the share of play-outs (30 of 40)"
    untranslated = [lang for lang, text in sentences.items() if lang != "en" and "trick" in text]
    assert not untranslated, "each language says it in its own words"


def test_a_review_stored_before_reasons_still_shows(app: FastAPI, client: TestClient) -> None:
    url, _ = played_hand(client, "teaching-3")
    decisions = everything_could_be_better(record_of(client, url))
    old = []
    for decision in decisions:
        data = decision.to_json()
        del data["reason"]
        old.append(data)
    store(app, url, old)
    answer = client.get(f"{url}/hands/1/review")
    assert answer.status_code == 200
    assert len(items(answer.text)) == len(decisions)
    assert 'class="reason"' not in answer.text
    assert "better:" in answer.text and 'class="position"' in answer.text


def test_a_reason_of_an_unknown_kind_is_left_out() -> None:
    """A review stored by a later version with a kind this one does not know."""
    decision = Decision.from_json(
        {
            **everything_could_be_better(
                parse_record((REVIEWS / "wins-trick.record.json").read_text())
            )[0].to_json(),
            "reason": {"kind": "something new", "count": 1, "worlds": 2},
        }
    )
    assert reason_text(decision, writing("en")) is None


def weighed_at_the_end(name: str, chosen: str) -> Decision:
    record = parse_record((REVIEWS / f"{name}.record.json").read_text())
    view = view_of(record.replay(), HUMAN)
    action = Action(HUMAN, Act.PLAY, card=Card.parse(chosen))
    return weigh_by_search(Moment(len(record.actions), view, action), "teaching")


def test_the_card_that_wins_the_trick_is_named() -> None:
    """Lena led A♠, Jonas and Emma followed; the player, out of spades, threw A♣ and lost 21
    points' trick, where A♦ (a trump) takes it in every world the search samples."""
    decision = weighed_at_the_end("wins-trick", "AC")
    assert decision.best == "play AD" and decision.loss > 0
    reason = decision.reason
    assert reason is not None and reason.kind == "trick"
    assert reason.count == reason.worlds, "fourth to play, the trick is decided"
    text = reason_text(decision, writing("en"))
    assert text == "In 100 % of the play-outs A♦ wins this trick for your side where A♣ loses it."


def test_the_fox_kept_out_of_the_other_side_s_trick_is_named() -> None:
    """Lena (Re, known by her queen of clubs) took the trick with 10♥; the player threw A♦
    into it, a fox for the other side, where J♠ keeps it."""
    decision = weighed_at_the_end("saves-fox", "AD")
    assert decision.loss > 0 and decision.best != "play AD"
    reason = decision.reason
    assert reason is not None and reason.kind == "fox_kept"
    assert reason.count > 0 and reason.better_count > reason.chosen_count
    text = reason_text(decision, writing("en"))
    assert text is not None and "catches your side’s fox (A♦) after your choice (A♦)" in text


def test_a_reason_names_an_armut_step_as_a_choice() -> None:
    """An Armut step is a verb phrase ("decline the Armut"): the sentence names it as the
    player's choice, the way it names a card."""
    decision = Decision.from_json(
        {
            **everything_could_be_better(
                parse_record((REVIEWS / "wins-trick.record.json").read_text())
            )[0].to_json(),
            "chosen": "armut-decline",
            "best": "armut-accept",
            "reason": {"kind": "won", "count": 3, "worlds": 4, "better_count": 3},
        }
    )
    assert reason_text(decision, writing("en")) == (
        "Your side wins the hand in 75 % of the play-outs after the better choice (take the "
        "Armut), and in 0 % after yours (decline the Armut)."
    )


def test_every_kind_of_reason_has_a_sentence() -> None:
    from bots.search.contrast import ANNOUNCE, ANNOUNCE_FAILED, POINTS, REASONS, SCORE

    kinds = {kind for kind, _ in REASONS} | {ANNOUNCE, ANNOUNCE_FAILED, POINTS, SCORE}
    assert kinds == set(SENTENCES)
