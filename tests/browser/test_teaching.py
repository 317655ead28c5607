"""Issue 25, points 9 and 10 in a real browser: the review's decisions with the table as the
player saw it and why the better card was better; How to play's strategy tips with card
pictures in every language; the Rules dialog without a game in progress; the history's and
the board's tables whole on a 375 px phone in every language. axe audits the review and the
history (the other changed pages are in test_accessibility.py); screenshots under
test-artifacts/ (teaching-*.png). The hands that lead to these pages are played over HTTP
(`helpers/over_http.py`); clicking hands is tested in test_table.py and test_learning.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import BrowserContext, Dialog, Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.languages.i18n import LANGUAGES
from app.learning.review import human_moments, weigh
from app.learning.review_jobs import EVALUATOR
from app.storage.models import DailyAttempt, GameRow, Player
from bots.search.contrast import Difference
from engine import Act, parse_record
from tests.browser.helpers.accessibility import audit, report
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.over_http import play_on
from tests.browser.helpers.table import choose_rules, snapshot
from tests.helpers.review_rows import done_review
from tests.live import LiveServer
from tests.web.driver import hand_is_over
from tests.web.helpers.review_parts import scripted

TIPS = ("aces", "announce", "smear", "fox", "twins")
BOARD = (("Zoë", 31), ("Averyveryverylongnickname"[:24], 17), ("Ö", -4), ("Jürgen K.", -12))
"""Nicknames and totals ranked on today's ddv board: short, the longest allowed with no space,
one letter, and with a space."""


def store_review(page: Page, server: LiveServer) -> str:
    """A review of the page's game's first hand, stored as the background worker would, from
    an evaluation that finds another card better for every card played (saying it wins the
    trick); returns the review's URL."""
    game = page.url.rsplit("/", 1)[1]
    record = parse_record(json.dumps(page.request.get(f"/games/{game}/hands/1/record.json").json()))
    decisions = []
    for moment in human_moments(record):
        others = [a for a in moment.view.legal if a != moment.chosen]
        cards = [a for a in others if a.act is Act.PLAY]
        other = (cards or others or [moment.chosen])[0]
        values = {moment.chosen.notation: 0.0, other.notation: 1.2}
        decision = weigh(moment, scripted(values), "browser")
        if decision.loss > 0 and decision.best.startswith("play "):
            decision = replace(decision, reason=Difference("trick", 30, 40, 32, 2))
        decisions.append(decision.to_json())
    engine = create_engine(server.database_url)
    with Session(engine) as session:
        session.merge(done_review(game, decisions, evaluator=EVALUATOR, loss=2.0, spread=0.3))
        session.commit()
    engine.dispose()
    return f"/games/{game}/hands/1/review"


def test_the_review_shows_each_decision_s_table_and_reason(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context(PHONE).new_page()
    choose_rules(page, hands=1)
    play_on(page)
    review = store_review(page, live_server)
    page.goto(review)
    decisions = page.locator("li.decision")
    assert decisions.count() >= 12
    worst = page.locator(
        "li.decision[data-chosen^='play '][data-best^='play ']:not([data-loss='0.0'])"
    ).first
    assert worst.locator(".position .held.chosen .card").count() == 1, worst.inner_html()
    assert worst.locator(".position .held.better .card").count() == 1, worst.inner_html()
    assert "wins this trick for your side" in worst.locator(".reason").inner_text()
    assert "on average" in worst.locator(".cost").inner_text()
    for card in worst.locator(".position .held .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    complaints = [snapshot(page, "teaching-review-phone")]
    worst.screenshot(path=str(Path("test-artifacts") / "teaching-review-decision-phone.png"))
    page.set_viewport_size(DESKTOP)
    complaints.append(snapshot(page, "teaching-review-desktop"))
    link = worst.locator(".where a")
    number = link.inner_text().split()[-1]
    with page.expect_navigation():
        link.click()
    assert page.locator("#step-title").inner_text().startswith(f"Trick {number} ·")
    assert not [complaint for complaint in complaints if complaint]

    found = []
    for language in LANGUAGES:
        page.goto(f"/language?lang={language}&back={review}")
        found += audit(page, f"review ({language})")
    assert not found, report(found)


def test_the_tips_in_every_language_with_card_pictures(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(PHONE).new_page()
    headings: dict[str, list[str]] = {}
    for language in LANGUAGES:
        page.goto(f"/language?lang={language}&back=/how-to-play")
        tips = page.locator("#tips li.tip")
        assert [tip.get_attribute("data-tip") for tip in tips.all()] == list(TIPS)
        for tip in tips.all():
            pictures = tip.locator(".tip-cards .card[role=img]")
            assert pictures.count() >= 1
            assert all(picture.get_attribute("aria-label") for picture in pictures.all())
            assert tip.locator("p").inner_text().strip()
        headings[language] = tips.locator("h3").all_inner_texts()
        complaint = snapshot(page, f"teaching-how-to-play-{language}-phone")
        assert complaint is None, complaint
    english = set(headings["en"])
    assert all(not english & set(words) for lang, words in headings.items() if lang != "en")
    page.set_viewport_size(DESKTOP)
    page.goto("/language?lang=en&back=/how-to-play")
    page.locator("#tips").scroll_into_view_if_needed()
    assert snapshot(page, "teaching-how-to-play-en-desktop") is None


def test_the_home_page_names_the_daily_games_rules_in_plain_words(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(PHONE).new_page()
    page.goto("/")
    daily = page.locator("button.daily")
    assert daily.all_inner_texts() == [
        "Daily game\npagat.com rules, 8 hands",
        "Daily game\nGerman club rules (DDV), 12 hands",
    ]
    assert page.locator('a[href="/how-to-play#tips"]').count() == 1
    assert snapshot(page, "teaching-home-phone") is None


def submit_rules(page: Page) -> list[str]:
    """Opens the Rules dialog from the home page and submits it; returns the browser
    confirmations it asked for (accepted)."""
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    page.goto("/")
    page.get_by_role("button", name="Rules", exact=True).click()
    button = page.locator('#rules-dialog button[type="submit"]')
    page.locator("#rules-dialog [name=hands_per_game]").fill("1")
    label = button.inner_text()
    with page.expect_navigation(url="**/games/*"):
        button.click()
    page.remove_listener("dialog", accept)
    return [label, *asked]


def test_the_rules_dialog_asks_only_while_a_game_is_in_progress(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(DESKTOP).new_page()
    page.goto("/")
    page.get_by_role("button", name="Rules", exact=True).click()
    hint = page.locator("#rules-dialog .hint").inner_text()
    assert "Changing them starts a new game" not in hint and "game in progress" not in hint
    page.keyboard.press("Escape")
    assert submit_rules(page) == ["Play with these rules"], "no game: nothing to confirm"
    label, *asked = submit_rules(page)
    assert label == "Start a new game with these rules"
    assert asked == ["Start a new game with these rules? The game in progress stays where it is."]
    play_on(page)
    assert submit_rules(page) == ["Play with these rules"], "the game is over"


def rank_today(server: LiveServer) -> None:
    """Finished, checked games on today's ddv board (written once per server)."""
    engine = create_engine(server.database_url)
    today = datetime.now(UTC).date()
    with Session(engine) as session:
        for number, (nickname, total) in enumerate(BOARD):
            player = f"ranked-{number}"
            if session.get(Player, player) is not None:
                continue
            session.add(Player(id=player, nickname=nickname))
            session.add(
                GameRow(
                    id=player,
                    player_id=player,
                    rules_key="ddv",
                    seed="s",
                    bot_id="heuristic-v1",
                    version=0,
                    mode="daily",
                    day=today,
                )
            )
            session.flush()
            session.add(
                DailyAttempt(
                    player_id=player,
                    day=today,
                    rules_key="ddv",
                    game_id=player,
                    finished_at=datetime.now(UTC),
                    total=total,
                    hands_won=11,
                    fair_play="passed",
                    on_board=True,
                )
            )
        session.commit()
    engine.dispose()


def rank_own(server: LiveServer, game_id: str) -> None:
    """The player of `game_id` on today's ddv board too: the own row, "Anonymous (you)" in
    bold."""
    engine = create_engine(server.database_url)
    today = datetime.now(UTC).date()
    with Session(engine) as session:
        game = session.get(GameRow, game_id)
        assert game is not None
        own = f"{game_id}-ddv"
        session.add(
            GameRow(
                id=own,
                player_id=game.player_id,
                rules_key="ddv",
                seed="s",
                bot_id="heuristic-v1",
                version=0,
                mode="daily",
                day=today,
            )
        )
        session.flush()
        session.add(
            DailyAttempt(
                player_id=game.player_id,
                day=today,
                rules_key="ddv",
                game_id=own,
                finished_at=datetime.now(UTC),
                total=-20,
                hands_won=2,
                fair_play="passed",
                on_board=True,
            )
        )
        session.commit()
    engine.dispose()


CLIPPED = """() => {
    for (const details of document.querySelectorAll('main details')) details.open = true;
    const edge = window.innerWidth;
    return [...document.querySelectorAll('main table')].flatMap(table => {
        const box = table.closest('.table-scroll') || table.parentElement;
        const right = Math.min(box.getBoundingClientRect().right, edge);
        const over = Math.max(...[...table.querySelectorAll('th, td')].map(
            cell => cell.getBoundingClientRect().right)) - right;
        const name = table.className || table.dataset.chart;
        const problems = [];
        if (box.scrollWidth > box.clientWidth) problems.push(
            `${name} scrolls ${box.scrollWidth - box.clientWidth} px in its box`);
        if (over > 0.5) problems.push(`${name}: a cell ends ${Math.round(over)} px past the edge`);
        return problems;
    });
}"""


def test_the_history_and_the_board_fit_a_phone_in_every_language(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """The Russian statistics table and the board cut their last column by 8–13 px at 375 px
    (Hungarian and German by up to 150), and the hands of a daily game, whose review waits
    for the day's seed, ran off the page."""
    rank_today(live_server)
    page = new_context(PHONE).new_page()
    choose_rules(page, hands=1)
    play_on(page)
    store_review(page, live_server)
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('form[action="/daily/pagat"] button').click()
    play_on(page, hand_is_over)
    rank_own(live_server, page.url.rsplit("/", 1)[1])
    problems = []
    for language in LANGUAGES:
        for path in ("/history", "/leaderboard?rules=ddv"):
            page.goto(f"/language?lang={language}&back={quote(path)}")
            assert page.locator("main table").count() >= 1
            if path.startswith("/leaderboard"):
                assert page.locator("table.leaderboard tr.own").count() == 1
            problems += [f"{language} {path}: {line}" for line in page.evaluate(CLIPPED)]
            name = f"teaching-{path.strip('/').split('?')[0]}-{language}-phone"
            complaint = snapshot(page, name)
            if complaint:
                problems.append(complaint)
    assert not problems, "\n".join(problems)

    found = []
    for language in LANGUAGES:
        page.goto(f"/language?lang={language}&back=/history")
        found += audit(page, f"history ({language})")
    assert not found, report(found)
