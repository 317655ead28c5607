"""Challenges (issue 29): a link that deals a game's hands again to whoever opens it, each
player's first game counting on the challenge's board, with its limits and its secrecy."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.challenges import making
from app.challenges.attempts import ATTEMPTS
from app.challenges.board import board_of
from app.challenges.making import LINK_BYTES, MADE_PER_DAY, aware
from app.challenges.refusals import ChallengeRefused
from app.daily.fairplay.states import CLEARED, DISQUALIFIED, HELD, PASSED, PENDING
from app.daily.nicknames import MAX_LENGTH as NAME_LENGTH
from app.daily.secrecy import attempts_close_at
from app.operations.settings import Settings
from app.play import challenges
from app.play import games as games_service
from app.storage.models import Challenge, ChallengeGame, DailyAttempt, GameRow, Player
from app.storage.modes import GameMode
from app.table.preferences import RULES_COOKIE
from app.table.service import Table, new_table
from app.table.store import GameKind, player_for
from bots.protocol import Bot
from engine import RuleSet, deal
from engine.game import shared_places
from tests.databases import migrated_sqlite
from tests.waiting import waited
from tests.web.driver import (
    data_actions,
    default_choice,
    hand_is_over,
    play_game,
    post_action,
    start_game,
)
from tests.web.helpers.daily import PIPELINE_WORLDS, fair_play_checked
from tests.web.helpers.players import restore, restore_key_of
from tests.web.helpers.share import spoils

DAY = date(2026, 12, 3)
NOON = datetime.combine(DAY, time(12), UTC)
BOARD_LINK = re.compile(r"/challenges/([A-Za-z0-9_-]+)$")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        database_url=migrated_sqlite(tmp_path / "doko.sqlite3"),
        secret_key="challenge-secret",
        bot_delay_ms=0,
        limits=None,
        clock=lambda: NOON,
        background_workers=0,
        fair_play_worlds=PIPELINE_WORLDS,
        ranked_per_address=0,
    )


def at(app: FastAPI, moment: datetime) -> None:
    """Moves the running server's clock."""
    app.state.settings = replace(app.state.settings, clock=lambda: moment)


RULES = RuleSet.from_key("pagat+hands_per_game=2")
"""The rules every browser here has chosen: what a challenge does with its games does not
depend on how many hands they have, and two play four times as fast as eight."""


def browser(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, cookies={RULES_COOKIE: RULES.key}) as test_client:
        yield test_client


client = pytest.fixture(browser, name="client")
other = pytest.fixture(browser, name="other")
third = pytest.fixture(browser, name="third")


def made(response: object) -> str:
    """The challenge's link from the redirect that made it."""
    location = response.headers["location"]  # type: ignore[attr-defined]
    match = BOARD_LINK.search(location)
    assert match, location
    return match.group(1)


def new_challenge(client: TestClient) -> str:
    response = client.post("/challenges", follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return made(response)


def play(client: TestClient, link: str) -> str:
    """Starts (or resumes) the player's game at the challenge; its table's path."""
    response = client.post(f"/challenges/{link}/play", follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return str(response.headers["location"])


def finished_game(client: TestClient) -> str:
    url = start_game(client)
    play_game(client, url)
    return url


def dealt(challenge: Challenge, bot: Bot) -> Table:
    """A start's table at the challenge's deals, dealt as `enter_challenge` deals it."""
    return new_table(RuleSet.from_key(challenge.rules_key), challenge.seed, bot)


def stored(app: FastAPI, model: type, **where: object) -> list:  # type: ignore[type-arg]
    with app.state.sessions() as session:
        return list(session.scalars(select(model).filter_by(**where)))


def game_row(app: FastAPI, url: str) -> GameRow:
    """The stored row of the game at `url` (`/games/<id>`)."""
    (row,) = stored(app, GameRow, id=url.rsplit("/", 1)[-1])
    return row


def card_words(rules: RuleSet, seed: str) -> set[str]:
    """Every card code of the challenge's deals, as the board would write them."""
    return {
        str(card)
        for n in range(rules.hands_per_game)
        for hand in deal(seed, n).hands
        for card in hand
    }


# ---- the link ---------------------------------------------------------------------------


def test_the_link_is_random_with_at_least_128_bits_and_names_no_card(
    app: FastAPI, client: TestClient
) -> None:
    links = {new_challenge(client) for _ in range(5)}
    assert len(links) == 5
    assert LINK_BYTES * 8 >= 128
    for link in links:
        assert re.fullmatch(r"[A-Za-z0-9_-]{24}", link)
        assert len(link) * math.log2(64) >= 128
    (challenge,) = stored(app, Challenge, id=sorted(links)[0])
    assert challenge.seed not in sorted(links)[0]


def test_an_unknown_link_is_a_404_page(client: TestClient) -> None:
    for link in ("x" * 24, "nonsense", "%00" * 3, "a" * 300):
        response = client.get(f"/challenges/{link}")
        assert response.status_code == 404
        assert "There is no challenge at this address." in response.text
    assert client.post("/challenges/" + "x" * 24 + "/play").status_code == 404


def test_whoever_opens_the_link_is_dealt_the_same_hands_in_the_same_order(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    creator_game = finished_game(client)
    link = made(client.post(f"{creator_game}/challenge", follow_redirects=False))
    (creator,) = stored(app, GameRow, id=creator_game.rsplit("/", 1)[1])
    visitor = play(other, link)
    (row,) = stored(app, GameRow, id=visitor.rsplit("/", 1)[1])
    assert (row.seed, row.rules_key, row.bot_id) == (
        creator.seed,
        creator.rules_key,
        creator.bot_id,
    )
    assert row.mode == "challenge"


# ---- who counts -------------------------------------------------------------------------


def test_a_newcomers_play_tap_sent_twice_is_one_counting_game(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    """A friend opens the link for the first time and taps Play twice before the first
    answer: the board gave the browser its player id, so both taps are one player's."""
    link = new_challenge(client)
    other.cookies.pop("doko_player", None)
    assert other.get(f"/challenges/{link}").status_code == 200
    third.cookies = other.cookies
    assert play(other, link) == play(third, link)
    counting = [game for game in stored(app, ChallengeGame, challenge_id=link) if game.counted_by]
    assert len(counting) == 1


def test_the_first_game_counts_and_later_ones_are_practice(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    link = new_challenge(client)
    first = play(other, link)
    assert play(other, link) == first, "an unfinished counting game is resumed"
    play_game(other, first)
    second = play(other, link)
    assert second != first
    games = stored(app, ChallengeGame, challenge_id=link)
    assert sorted(g.counted_by is not None for g in games) == [False, True]
    (practice,) = stored(app, GameRow, id=second.rsplit("/", 1)[1])
    assert practice.mode == "ch-practice"
    play_game(other, second)
    board = other.get(f"/challenges/{link}").text
    assert board.count('class="own"') == 1, "the practice game is not on the board"


def test_the_creators_own_game_counts_when_made_from_it(app: FastAPI, client: TestClient) -> None:
    url = finished_game(client)
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    (entry,) = stored(app, ChallengeGame, challenge_id=link)
    assert entry.counted_by is not None and entry.finished_at is not None
    assert len(entry.hands) == RULES.hands_per_game
    assert 'class="made-as-practice"' not in client.get(f"/challenges/{link}").text
    assert play(client, link) != url, "a second game of the maker is practice"
    (practice,) = [g for g in stored(app, ChallengeGame, challenge_id=link) if g.counted_by is None]
    assert practice.player_id == entry.player_id


def test_a_game_played_with_a_hint_does_not_count_at_its_challenge(
    app: FastAPI, client: TestClient
) -> None:
    """Nobody gets a hint in a counting game, so the maker's game with one is their practice
    (an outside check found it on the board)."""
    url = start_game(client)
    version = re.search(r'name="version" value="(\d+)"', client.get(url).text)
    assert version
    assert client.post(f"{url}/hint", data={"version": version.group(1)}).status_code == 200
    play_game(client, url)
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    (entry,) = stored(app, ChallengeGame, challenge_id=link)
    assert entry.counted_by is None and entry.finished_at is not None
    board = client.get(f"/challenges/{link}").text
    assert "Play it again (practice)" in board
    assert "you asked for a hint in it" in board, "the maker is told why the game is not there"


def test_a_game_of_a_seed_the_maker_sent_never_counts_at_its_challenge(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A seed sent with a new game gives deals anyone can work out offline (the engine's
    `deal(seed, n)`), and "Play these deals again" sends one: the maker may have known every
    hand, so the challenge is made but neither that game nor a later one of theirs counts.
    Its friends' first games still do."""
    url = start_game(client, seed="worked-out-offline")
    play_game(client, url)
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    (entry,) = stored(app, ChallengeGame, challenge_id=link)
    assert entry.game_id == url.rsplit("/", 1)[-1] and entry.counted_by is None
    board = client.get(f"/challenges/{link}").text
    assert "Play it again (practice)" in board, "the button says what the maker's game is"
    assert "you knew its deals before you played them" in board, "and the board says why"
    assert "knew its deals" not in other.get(f"/challenges/{link}").text, "only to the maker"
    assert 'class="kept-back"' not in board, "the maker has played every hand"
    assert game_row(app, play(client, link)).mode is GameMode.CHALLENGE_PRACTICE
    assert game_row(app, play(other, link)).mode is GameMode.CHALLENGE
    board = client.get(f"/challenges/{link}").text
    assert "(you)" not in board, "nothing of the maker's on the board"


def test_deals_played_before_are_practice_at_anybodys_challenge_of_them(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """The maker's known deals cannot come back as a counting game through a friend: the
    friend's challenge of the same deals finds the maker's earlier game of them."""
    url = start_game(client, seed="known-to-the-maker")
    play_game(client, url)
    first = made(client.post(f"{url}/challenge", follow_redirects=False))
    friends_game = play(other, first)
    play_game(other, friends_game)
    second = made(other.post(f"{friends_game}/challenge", follow_redirects=False))
    row = game_row(app, play(client, second))
    assert row.mode is GameMode.CHALLENGE_PRACTICE
    (entry,) = stored(app, ChallengeGame, challenge_id=second, counted_by=None)
    assert entry.player_id == row.player_id


def test_the_same_cards_under_other_rules_are_deals_played_before(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    """The cards come from the seed and the deck alone: a game of a published day's seed
    under DDV scoring and another number of hands dealt the hands of the pagat challenge
    made of the day's game; forty cards shuffled are other hands."""
    url = client.post("/daily/pagat", follow_redirects=False).headers["location"]
    play_game(client, url)
    at(app, attempts_close_at(DAY))
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    seed = game_row(app, url).seed
    seen = other.post("/games", data={"seed": seed, "rules": "ddv+hands_per_game=3"})
    assert seen.status_code == 200, "a day's published deals are anybody's to play again"
    assert game_row(app, play(other, link)).mode is GameMode.CHALLENGE_PRACTICE
    elsewhere = third.post("/games", data={"seed": seed, "rules": "pagat+without_nines"})
    assert elsewhere.status_code == 200
    assert game_row(app, play(third, link)).mode is GameMode.CHALLENGE


def test_deals_played_again_make_no_challenge(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A second cookie of the maker, sent the seed "Play these deals again" shows, could
    rehearse the deals against bots that answer equal play equally, then play the best line
    at the challenge from a third: deals dealt in another new game, under any rules with the
    same deck, make no challenge. Forty cards shuffled are other deals."""
    url = finished_game(client)
    rehearsed = other.post(
        "/games", data={"seed": game_row(app, url).seed, "rules": "ddv+hands_per_game=3"}
    )
    assert rehearsed.status_code == 200
    refused = client.post(f"{url}/challenge")
    assert refused.status_code == 409
    assert "were played again in another game" in refused.text
    assert not stored(app, Challenge)
    url = finished_game(client)
    forty = other.post(
        "/games", data={"seed": game_row(app, url).seed, "rules": "pagat+without_nines"}
    )
    assert forty.status_code == 200
    assert stored(app, Challenge, id=made(client.post(f"{url}/challenge", follow_redirects=False)))


def test_a_challenge_made_while_the_new_games_bots_think_refuses_it(
    app: FastAPI, client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed was looked up before the table was dealt; a strong bot's first moves take
    seconds, and a challenge of the deals made meanwhile found no game of them."""
    url = finished_game(client)
    row = game_row(app, url)
    deal_table = games_service.dealt_table

    def challenge_made_meanwhile(*args: object) -> Table:
        store_challenge_of(app, row)
        return deal_table(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(games_service, "dealt_table", challenge_made_meanwhile)
    refused = other.post("/games", data={"seed": row.seed, "rules": row.rules_key})
    assert refused.status_code == 403
    assert len(stored(app, GameRow, seed=row.seed)) == 1, "only the maker's game"


def store_challenge_of(app: FastAPI, row: GameRow) -> None:
    """An open challenge of the game's deals, stored as another request would."""
    with app.state.sessions() as session:
        session.add(
            Challenge(
                id="made-meanwhile",
                creator_id=row.player_id,
                rules_key=row.rules_key,
                bot_id=row.bot_id,
                seed=row.seed,
                created_at=NOON,
                closes_at=NOON + timedelta(days=30),
            )
        )
        session.commit()


def test_a_challenge_made_as_the_new_game_is_stored_refuses_it(
    app: FastAPI, client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A found race (a challenge and seeded new games of its deals sent at once): the new
    game looked for a challenge of its deals before it was stored, the challenge for a new
    game of them before it was stored, and both were. Each now asks again once stored."""
    url = finished_game(client)
    row = game_row(app, url)
    store_game = games_service.open_game

    def challenge_made_at_once(*args: object, **kwargs: object) -> GameRow:
        store_challenge_of(app, row)
        return store_game(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(games_service, "open_game", challenge_made_at_once)
    refused = other.post("/games", data={"seed": row.seed, "rules": row.rules_key})
    assert refused.status_code == 403
    assert "belong to a challenge that is still open" in refused.text
    assert len(stored(app, GameRow, seed=row.seed)) == 1, "only the maker's game"


def test_deals_played_again_as_the_challenge_is_stored_withdraw_it(
    app: FastAPI, client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other side of the race above: the deals played again while the challenge was
    being made. It is withdrawn, with its maker's game there, and nothing of it is left."""
    url = finished_game(client)
    row = game_row(app, url)
    make = making.make_challenge

    def played_again_at_once(*args: object, **kwargs: object) -> Challenge:
        again = other.post("/games", data={"seed": row.seed, "rules": row.rules_key})
        assert again.status_code == 200
        return make(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(making, "make_challenge", played_again_at_once)
    refused = client.post(f"{url}/challenge")
    assert refused.status_code == 409
    assert "were played again in another game" in refused.text
    assert not stored(app, Challenge) and not stored(app, ChallengeGame)


def test_an_open_challenges_deals_are_not_dealt_as_a_new_game(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """Its maker saw the seed: a new game of it, from any cookie, would be a rehearsal of the
    challenge. Once the challenge has closed its board takes no game, and the seed is the
    maker's to play again."""
    url = finished_game(client)
    seed = game_row(app, url).seed
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    for rules in (RULES.key, "ddv"):
        refused = other.post("/games", data={"seed": seed, "rules": rules})
        assert refused.status_code == 403
        assert "belong to a challenge that is still open" in refused.text
    assert other.post("/games", data={"seed": seed, "rules": "ddv+without_nines"}).is_success
    (challenge,) = stored(app, Challenge, id=link)
    at(app, aware(challenge.closes_at))
    assert client.post("/games", data={"seed": seed, "rules": RULES.key}).status_code == 200


def friends_challenge(friend: TestClient, seed: str) -> str:
    """The link of a challenge the friend made of their finished game of `seed`."""
    url = start_game(friend, seed=seed)
    play_game(friend, url)
    return made(friend.post(f"{url}/challenge", follow_redirects=False))


def test_an_unfinished_game_makes_no_challenge(client: TestClient) -> None:
    url = start_game(client)
    response = client.post(f"{url}/challenge")
    assert response.status_code == 409
    assert "Finish the game first" in response.text


def test_hints_are_refused_in_the_game_that_counts(client: TestClient, other: TestClient) -> None:
    link = new_challenge(client)
    url = play(other, link)
    page = other.get(url).text
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version
    response = other.post(f"{url}/hint", data={"version": version.group(1)})
    assert response.status_code == 403
    assert "There are no hints in a game that counts for a challenge." in response.text


def test_the_game_that_counts_offers_no_hint_and_practice_does(
    client: TestClient, other: TestClient
) -> None:
    """The table's Hint button follows the one rule the hint route follows
    (`app.daily.secrecy.hints_refused`): it once showed in the game that counts, and its
    answer was a refusal."""
    link = new_challenge(client)
    counting = play(other, link)
    assert "data-hint" not in other.get(counting).text
    play_game(other, counting)
    assert "data-hint" in other.get(play(other, link)).text


def test_the_board_names_the_bot_that_plays_the_par(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board names the par's bot by the level the par is played at
    (`app.challenges.par.PAR_LEVEL`); it once named the normal bot by its own copy."""
    monkeypatch.setattr("app.web.routes.challenges.PAR_LEVEL", "strong")
    link = new_challenge(client)
    play_game(client, play(client, link))
    board = client.get(f"/challenges/{link}").text
    assert "the strong bot" in board and "the normal bot" not in board


def test_the_board_counts_the_hands_beside_the_rules(client: TestClient) -> None:
    """A friend opening a link read the rules and the opponents, and expected the presets'
    eight hands: only the table said "hand 1 of 2"."""
    facts = client.get(f"/challenges/{new_challenge(client)}").text
    facts = facts[facts.index('class="challenge-facts"') :].split("</p>", 1)[0]
    assert f"{RULES.hands_per_game} hands" in facts and "pagat.com rules" in facts


def test_equal_totals_share_a_place_as_on_the_day_board() -> None:
    assert list(shared_places([9, 5, 5, 5, 1, -3, -3])) == [1, 2, 2, 2, 5, 6, 6]
    assert list(shared_places([])) == []


# ---- the board --------------------------------------------------------------------------


def test_the_board_shows_each_result_and_ties_share_a_place(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    link = new_challenge(client)
    for player in (client, other, third):
        play_game(player, play(player, link))
    board = third.get(f"/challenges/{link}").text
    entries = sorted(stored(app, ChallengeGame, challenge_id=link), key=lambda g: -g.total)
    places = re.findall(r"<tr(?: class=\"own\"[^>]*)?><td>(\d+)</td>", board)
    assert len(places) == 3
    totals = [g.total for g in entries]
    expected = [1 if i == 0 else (None) for i in range(3)]
    for i in range(1, 3):
        expected[i] = expected[i - 1] if totals[i] == totals[i - 1] else i + 1
    assert [int(p) for p in places] == expected
    # The same deals and the same play (the driver's) give every player the same results:
    # a tie, sharing the first place.
    assert len(set(totals)) == 1 and places == ["1", "1", "1"]
    assert board.count("Review</a>") == RULES.hands_per_game


def test_the_par_is_the_normal_bot_in_the_players_seat(app: FastAPI, client: TestClient) -> None:
    link = new_challenge(client)
    play_game(client, play(client, link))
    assert "Par: being computed" in client.get(f"/challenges/{link}").text

    def par_played() -> Challenge | None:
        (challenge,) = stored(app, Challenge, id=link)
        return challenge if challenge.par_status == "done" else None

    challenge = waited(par_played, "the par", 120)
    total = sum(hand["points"] for hand in challenge.par_hands)
    board = client.get(f"/challenges/{link}").text
    assert "Par: being computed" not in board
    written = f"{total:+d}" if total else "0"
    assert f"Par: <strong>{written}</strong>" in board, "signed as every total, a zero bare"


def test_the_creator_names_the_challenge_by_the_nickname_rules(
    client: TestClient, other: TestClient
) -> None:
    link = new_challenge(client)
    response = client.post(f"/challenges/{link}/name", data={"name": "  Friday club "})
    assert (
        response.status_code == 200 and '<h1 id="challenge-title">Friday club</h1>' in response.text
    )
    assert client.post(f"/challenges/{link}/name", data={"name": "Lena"}).status_code == 400
    assert client.post(f"/challenges/{link}/name", data={"name": "x" * 40}).status_code == 400
    form = re.search(r"<label>Name this challenge (.*?)</label>", response.text, re.DOTALL)
    assert form, "the name's form"
    assert f"(at most {NAME_LENGTH} characters)" in form[1], "said, on a phone too"
    assert f'maxlength="{NAME_LENGTH}"' in form[1]
    refused = other.post(f"/challenges/{link}/name", data={"name": "Mine"})
    assert refused.status_code == 403
    assert "Only the player who made the challenge may name it." in refused.text


def test_a_player_whose_game_counts_names_themself_on_this_board_only(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    """Friends without a nickname all read "Anonymous" on the board: a player whose game
    counts gives a name shown there, by the nickname rules; nobody else may."""
    link = new_challenge(client)
    for player in (client, other):
        play_game(player, play(player, link))
    named = other.post(f"/challenges/{link}/my-name", data={"name": "  Tante Erna "})
    assert named.status_code == 200
    assert 'value="Tante Erna"' in named.text, "the form shows the name given"
    board = client.get(f"/challenges/{link}").text
    assert board.count("Tante Erna") == 2, "in the standings and over the hands' column"
    assert board.count("Anonymous") == 2, "the maker, who gave none"
    assert other.post(f"/challenges/{link}/my-name", data={"name": "Lena"}).status_code == 400
    taken = other.post(f"/challenges/{link}/my-name", data={"name": "Bob<3"})
    assert taken.status_code == 400
    assert "<h1>Not accepted</h1>" in taken.text
    assert f'href="/challenges/{link}">Back to the page</a>' in taken.text, "not thrown off"
    assert "entrant-name" not in third.get(f"/challenges/{link}").text
    refused = third.post(f"/challenges/{link}/my-name", data={"name": "Intruder"})
    assert refused.status_code == 403
    assert "Only a player whose game counts at this challenge" in refused.text
    assert f'href="/challenges/{link}"' in refused.text
    names = [entry.name for entry in stored(app, ChallengeGame, challenge_id=link)]
    assert sorted(map(str, names)) == ["None", "Tante Erna"]
    assert all(player.nickname is None for player in stored(app, Player))


def test_no_two_names_on_a_board_look_alike(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    """A friend reads the board by its names: a name given there may not pass for another
    player's shown there, the one given on the board or else the nickname."""
    link = new_challenge(client)
    for player in (client, other, third):
        play_game(player, play(player, link))
    assert (
        client.post(f"/challenges/{link}/my-name", data={"name": "Tante Erna"}).status_code == 200
    )
    for disguise in ("tante erna.", "Tante Ema", "TANTE ERNA"):
        refused = other.post(f"/challenges/{link}/my-name", data={"name": disguise})
        assert refused.status_code == 400, disguise
        assert "Another player on this board goes by" in html.unescape(refused.text)
    assert (
        client.post(f"/challenges/{link}/my-name", data={"name": "TANTE ERNA"}).status_code == 200
    )
    (third_game,) = [
        entry for entry in stored(app, ChallengeGame, challenge_id=link) if entry.name is None
    ][1:]
    with app.state.sessions() as session:
        player = session.get(Player, third_game.player_id)
        assert player is not None
        player.nickname = "Greta"
        session.commit()
    assert other.post(f"/challenges/{link}/my-name", data={"name": "greta"}).status_code == 400
    assert other.post(f"/challenges/{link}/my-name", data={"name": "Onkel Otto"}).status_code == 200
    names = {entry.name for entry in stored(app, ChallengeGame, challenge_id=link)}
    assert names == {"TANTE ERNA", "Onkel Otto", None}


def test_look_alike_names_that_meet_on_a_board_later_are_told_apart(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A nickname taken after a friend gave a look-alike name on the board: the board marks
    the later game's name with its count instead of showing two of one name."""
    link = new_challenge(client)
    for player in (client, other):
        play_game(player, play(player, link))
    assert (
        client.post(f"/challenges/{link}/my-name", data={"name": "Tante Erna"}).status_code == 200
    )
    (later,) = [
        entry for entry in stored(app, ChallengeGame, challenge_id=link) if entry.name is None
    ]
    with app.state.sessions() as session:
        player = session.get(Player, later.player_id)
        assert player is not None
        player.nickname = "tante erna."
        session.commit()
    board = other.get(f"/challenges/{link}").text
    assert board.count("Tante Erna") == 2, "the first game's name, as given"
    assert board.count("tante erna. (2)") == 2, "in the standings and over the hands' column"


# ---- secrecy ----------------------------------------------------------------------------


def test_the_deals_and_unplayed_hands_are_hidden_from_a_player_who_has_not_finished(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    link = new_challenge(client)
    play_game(client, play(client, link))
    (challenge,) = stored(app, Challenge, id=link)
    codes = card_words(RuleSet.from_key(challenge.rules_key), challenge.seed)

    def no_cards(body: str) -> None:
        assert challenge.seed not in body
        assert "card mini" not in body
        assert 'class="contract"' not in body and 'class="re"' not in body
        for name in ("Queen of clubs", "Ace of hearts"):
            assert name not in body
        # A total, a place or the par tells how the deals go from the seat all hold.
        assert "standings-board" not in body and "<tfoot>" not in body and "Par: " not in body
        assert "finished. The totals, places and par show once you have finished" in body

    no_cards(third.get(f"/challenges/{link}").text)
    url = play(other, link)
    no_cards(other.get(f"/challenges/{link}").text)
    bodies = play_game(other, url)
    for body in bodies:
        assert challenge.seed not in body, "the table never offers the challenge's seed"
    finished = other.get(f"/challenges/{link}").text
    assert "card mini" in finished and 'class="contract"' in finished
    assert "standings-board" in finished and "<tfoot>" in finished and "Par: " in finished
    assert any(f">{code[:-1]}" in finished for code in codes)
    no_cards(third.get(f"/challenges/{link}").text)


def test_a_player_part_way_sees_only_the_hands_they_have_finished(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    link = new_challenge(client)
    play_game(client, play(client, link))
    url = play(other, link)
    with app.state.sessions() as session:
        row = session.get(GameRow, url.rsplit("/", 1)[1])
        assert row is not None
        row.hands_done = 2
        session.commit()
    body = other.get(f"/challenges/{link}").text
    assert re.findall(r'<tr><th scope="row">(\d+)</th>', body) == ["1", "2"]
    assert "card mini" not in body


def test_starts_that_read_a_challenge_before_it_had_a_salt_share_the_first_one(
    app: FastAPI, client: TestClient
) -> None:
    """Of starts that read the challenge at once, each made a salt of its own and counted
    its network as new (an outside check saw 6 counting games from one address capped at 2):
    the row is read again once held, and a challenge has its salt from the start."""
    link = new_challenge(client)
    (made,) = stored(app, Challenge, id=link)
    assert made.network_salt is not None
    with app.state.sessions() as session:
        session.get(Challenge, link).network_salt = None
        session.commit()
    results = []
    with app.state.sessions() as first, app.state.sessions() as second:
        read = [(session, challenges.find_challenge(session, link)) for session in (first, second)]
        for number, (session, challenge) in enumerate(read):
            seat = player_for(session, f"same-network-{number}")
            table = dealt(challenge, app.state.bots.bot(challenge.bot_id))
            kind = GameKind(GameMode.CHALLENGE)
            network = challenges.Network("192.0.2.1", 1)
            started = challenges.start_at_challenge(
                session, challenge, seat, table, kind, NOON, network
            )
            assert isinstance(started, tuple)
            results.append(started[0].mode)
    assert results == [GameMode.CHALLENGE, GameMode.CHALLENGE_PRACTICE]


def test_no_game_at_the_same_deals_while_a_counting_one_is_unfinished(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A friend's challenge of the same deals showed a part-way player every card (and gave
    practice hints), and the counting game went on counting."""
    link = new_challenge(client)
    play_game(client, play(client, link))
    part_way = play(other, link)
    at(app, NOON + timedelta(days=29))
    copy = made(client.post(f"{game_of(app, client, link)}/challenge", follow_redirects=False))
    refused = other.post(f"/challenges/{copy}/play")
    assert refused.status_code == 409
    assert "finish it first" in refused.text
    at(app, NOON + timedelta(days=30))
    opened = game_row(app, play(other, copy))
    assert opened.mode == GameMode.CHALLENGE_PRACTICE, "the first challenge closed: no block"
    assert part_way != f"/games/{opened.id}"


def test_starts_at_two_challenges_of_the_same_deals_at_once_make_one_game(
    app: FastAPI, client: TestClient
) -> None:
    """Both starts were told the player had no counting game of these deals; the second to
    store its game is refused, holding the player's row until the first has committed."""
    link = new_challenge(client)
    play_game(client, play(client, link))
    copy = made(client.post(f"{game_of(app, client, link)}/challenge", follow_redirects=False))
    outcome: list[str | int] = []
    with app.state.sessions() as first, app.state.sessions() as second:
        read = [(first, challenges.find_challenge(first, link))]
        read.append((second, challenges.find_challenge(second, copy)))
        kinds = [challenges.game_at_challenge(s, c, "two-at-once", NOON) for s, c in read]
        assert kinds == [GameKind(GameMode.CHALLENGE)] * 2
        for (session, challenge), kind in zip(read, kinds, strict=True):
            seat = player_for(session, "two-at-once")
            table = dealt(challenge, app.state.bots.bot(challenge.bot_id))
            network = challenges.Network("192.0.2.2", 0)
            try:
                challenges.start_at_challenge(session, challenge, seat, table, kind, NOON, network)
                outcome.append(challenge.id)
            except ChallengeRefused as refused:
                outcome.append(refused.status)
    assert outcome == [link, 409]
    assert len(stored(app, GameRow, player_id="two-at-once")) == 1


def started_late(app: FastAPI, link: str, player_id: str, kind: GameKind) -> GameMode | str | None:
    """A start of the player at the challenge that read `kind` before another start of theirs
    was stored: the mode of the game it stores, or what it resumes instead."""
    with app.state.sessions() as session:
        challenge = challenges.find_challenge(session, link)
        seat = player_for(session, player_id)
        table = dealt(challenge, app.state.bots.bot(challenge.bot_id))
        network = challenges.Network("192.0.2.3", 0)
        started = challenges.start_at_challenge(
            session, challenge, seat, table, kind, NOON, network
        )
        return started[0].mode if isinstance(started, tuple) else started


def test_a_start_read_as_practice_beside_an_unfinished_counting_game_resumes_it(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """Starts sent at once: one stored the counting game after another had read no counting
    game but its stored game of the deals, and so was to start practice. Practice beside the
    unfinished counting game gave hints, records and the board's deals; the late start is
    sent to the counting game instead, and stores nothing."""
    link = new_challenge(client)
    counting = play(other, link)
    player_id = game_row(app, counting).player_id
    started = started_late(app, link, player_id, GameKind(GameMode.CHALLENGE_PRACTICE))
    assert started == counting.rsplit("/", 1)[-1]
    assert len(stored(app, GameRow, player_id=player_id)) == 1
    play_game(other, counting)
    assert game_row(app, play(other, link)).mode is GameMode.CHALLENGE_PRACTICE, (
        "once it is finished, practice"
    )


def test_a_start_read_as_counting_after_a_practice_game_was_stored_is_practice(
    app: FastAPI, client: TestClient
) -> None:
    """Two starts at once from two networks: one past its network's cap stored a practice
    game, the other had read "counting" before it; a counting game beside the practice one
    (its hints, its records) would have been played with the deals seen. It resumes the
    practice game instead, as a second tap on the board's practice button does."""
    link = new_challenge(client)
    first = started_late(app, link, "two-networks", GameKind(GameMode.CHALLENGE_PRACTICE))
    assert first is GameMode.CHALLENGE_PRACTICE
    (practice,) = stored(app, ChallengeGame, challenge_id=link, player_id="two-networks")
    second = started_late(app, link, "two-networks", GameKind(GameMode.CHALLENGE))
    assert second == practice.game_id
    assert not stored(app, ChallengeGame, challenge_id=link, counted_by="two-networks")


def game_of(app: FastAPI, player: TestClient, link: str) -> str:
    """The table of the maker's (first) game at the challenge."""
    (challenge,) = stored(app, Challenge, id=link)
    entries = stored(app, ChallengeGame, challenge_id=link, player_id=challenge.creator_id)
    return f"/games/{entries[0].game_id}"


def test_players_asking_for_a_rematch_at_once_meet_at_one(
    app: FastAPI, client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both looked for a rematch before either was stored; the second store is refused by
    the index and its player is sent to the first."""
    link = new_challenge(client)
    for player in (client, other):
        play_game(player, play(player, link))
    first = made(client.post(f"/challenges/{link}/rematch", follow_redirects=False))
    monkeypatch.setattr("app.challenges.making.rematch_made", lambda *_: None)
    second = made(other.post(f"/challenges/{link}/rematch", follow_redirects=False))
    assert second == first
    assert len(stored(app, Challenge, rematch_of=link)) == 1


def test_a_finished_game_makes_one_challenge_however_often_it_is_asked(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second click on "Challenge your friends" made a second board of the same game (an
    outside check made seven), and friends sent the two links played apart. Two clicks at
    once both found none made: the second store is refused by the index and sent to the
    first. Once it has closed, the game makes a new one."""
    url = finished_game(client)
    first = made(client.post(f"{url}/challenge", follow_redirects=False))
    assert made(client.post(f"{url}/challenge", follow_redirects=False)) == first
    real, looks = challenges.made_of_game, []

    def found_late(session: Session, game_id: str) -> Challenge | None:
        looks.append(game_id)
        return None if len(looks) == 1 else real(session, game_id)

    monkeypatch.setattr(challenges, "made_of_game", found_late)
    assert made(client.post(f"{url}/challenge", follow_redirects=False)) == first
    assert len(looks) == 2, "stored, refused by the index, then found"
    assert len(stored(app, Challenge, creator_id=stored(app, GameRow)[0].player_id)) == 1
    monkeypatch.setattr(challenges, "made_of_game", real)
    at(app, NOON + timedelta(days=31))
    again = made(client.post(f"{url}/challenge", follow_redirects=False))
    assert again != first, "the first has closed: a new one"
    (closed,) = stored(app, Challenge, id=first)
    assert closed.from_game_id is None
    assert made(client.post(f"{url}/challenge", follow_redirects=False)) == again


def test_the_makers_counting_game_takes_a_place_of_its_network(
    app: FastAPI, client: TestClient
) -> None:
    app.state.settings = replace(app.state.settings, ranked_per_address=1)
    url = finished_game(client)
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    client.cookies.clear()
    assert game_row(app, play(client, link)).mode == GameMode.CHALLENGE_PRACTICE


def test_a_part_way_player_sees_the_columns_in_an_order_that_ranks_nobody(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    """Ordered by place, the columns of the hands a part-way player has seen ranked the hands
    still to come; the par's column was their seat's result."""
    link = new_challenge(client)
    for player in (client, third):
        play_game(player, play(player, link))
    finished = sorted(stored(app, ChallengeGame, challenge_id=link), key=lambda g: g.game_id)
    with app.state.sessions() as session:
        for entry, (name, total) in zip(finished, (("Ann", -5), ("Bob", 5)), strict=True):
            session.get(Player, entry.player_id).nickname = name
            session.get(ChallengeGame, entry.id).total = total
        session.commit()
    url = play(other, link)
    with app.state.sessions() as session:
        session.get(GameRow, url.rsplit("/", 1)[1]).hands_done = 1
        session.commit()
    body = other.get(f"/challenges/{link}").text
    head = re.search(r'class="leaderboard hands-board">\s*<thead><tr>(.*?)</tr>', body, re.S)
    assert head is not None, "the hand the player has finished is shown"
    assert re.findall(r'<th scope="col">([^<]*)</th>', head.group(1)) == ["Hand", "Ann", "Bob"]
    play_game(other, url)
    body = other.get(f"/challenges/{link}").text
    head = re.search(r'class="leaderboard hands-board">\s*<thead><tr>(.*?)</tr>', body, re.S)
    assert head is not None
    ranked = re.findall(r'<th scope="col">([^<]*)</th>', head.group(1))
    assert [name for name in ranked if name in ("Ann", "Bob")] == ["Bob", "Ann"], "by place"


def test_a_hand_shows_on_the_board_once_its_end_of_hand_sheet_is_up(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """Not only once Next hand is pressed: the hand is over for the player when its sheet
    shows, and the board said its results show once the player has finished it."""
    link = new_challenge(client)
    play_game(client, play(client, link))
    url = play(other, link)
    body = other.get(url).text
    while not hand_is_over(body):
        body = post_action(other, url, body, default_choice(data_actions(body))).text
    board = other.get(f"/challenges/{link}").text
    head = re.search(r'class="leaderboard hands-board">\s*<thead>', board)
    assert head is not None, "the hand the player has just finished is shown"


# ---- limits -----------------------------------------------------------------------------


def test_a_player_makes_at_most_20_challenges_a_day(app: FastAPI, client: TestClient) -> None:
    for _ in range(MADE_PER_DAY):
        new_challenge(client)
    refused = client.post("/challenges")
    assert refused.status_code == 429
    assert "(20)" in refused.text and "Try again tomorrow" in refused.text
    url = finished_game(client)
    assert client.post(f"{url}/challenge").status_code == 429
    at(app, NOON + timedelta(days=1))
    new_challenge(client)


def test_a_challenge_takes_at_most_50_players(app: FastAPI, client: TestClient) -> None:
    link = new_challenge(client)
    for _ in range(ATTEMPTS):
        client.cookies.clear()
        play(client, link)
    client.cookies.clear()
    refused = client.post(f"/challenges/{link}/play")
    assert refused.status_code == 403
    assert "(50)" in refused.text
    assert client.get(f"/challenges/{link}").status_code == 200


def test_the_last_place_goes_to_one_of_two_players_starting_at_once(
    app: FastAPI, client: TestClient
) -> None:
    """Both players were told a place was left (the count before the game is made); the
    second to store their game is refused and nothing of it is kept."""
    link = new_challenge(client)
    for _ in range(ATTEMPTS - 1):
        client.cookies.clear()
        play(client, link)
    late = ("late-first", "late-second")
    with app.state.sessions() as first, app.state.sessions() as second:
        told = {
            player: (session, challenges.find_challenge(session, link))
            for player, session in zip(late, (first, second), strict=True)
        }
        kinds = {
            player: challenges.game_at_challenge(session, challenge, player, NOON)
            for player, (session, challenge) in told.items()
        }
        assert all(kind == GameKind(GameMode.CHALLENGE) for kind in kinds.values())
        results: list[str | int] = []
        for player, (session, challenge) in told.items():
            table = dealt(challenge, app.state.bots.bot(challenge.bot_id))
            seat = player_for(session, player)
            try:
                kind = GameKind(GameMode.CHALLENGE)
                network = challenges.Network(player, 0)
                challenges.start_at_challenge(session, challenge, seat, table, kind, NOON, network)
                results.append(player)
            except ChallengeRefused as refused:
                results.append(refused.status)
    assert results == ["late-first", 403]
    counted = [entry for entry in stored(app, ChallengeGame, challenge_id=link) if entry.counted_by]
    assert len(counted) == ATTEMPTS
    assert not stored(app, GameRow, player_id="late-second")


def test_one_network_starts_at_most_its_share_of_counting_games(
    app: FastAPI, client: TestClient
) -> None:
    """From one address as many counting games as it may start ranked daily games; after
    them a newcomer's first game is practice and its table says why. A game there goes on
    counting, and another address still gets a counting game."""
    app.state.settings = replace(app.state.settings, ranked_per_address=2)
    link = new_challenge(client)
    tables = []
    for _ in range(3):
        client.cookies.clear()
        tables.append(play(client, link))
    kinds = [game_row(app, url).mode for url in tables]
    assert kinds == [GameMode.CHALLENGE, GameMode.CHALLENGE, GameMode.CHALLENGE_PRACTICE]
    assert (
        "2 games at this challenge that count have already been started"
        in client.get(tables[-1]).text
    )
    assert [entry.network is not None for entry in stored(app, ChallengeGame)] == [
        True,
        True,
        False,
    ]
    elsewhere = TestClient(app, cookies={RULES_COOKIE: RULES.key}, client=("203.0.113.9", 4000))
    with elsewhere:
        assert game_row(app, play(elsewhere, link)).mode == GameMode.CHALLENGE
    at(app, NOON + timedelta(days=1))
    client.cookies.clear()
    tomorrow = game_row(app, play(client, link)).mode
    assert tomorrow == GameMode.CHALLENGE_PRACTICE, "the cap is the challenge's, not a day's"


def test_a_challenge_is_read_only_after_30_days(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    link = new_challenge(client)
    late = play(other, link)
    at(app, NOON + timedelta(days=30))
    for response in (
        third.post(f"/challenges/{link}/play"),
        client.post(f"/challenges/{link}/name", data={"name": "Late"}),
        other.post(f"/challenges/{link}/my-name", data={"name": "Late"}),
    ):
        assert response.status_code == 403
        assert "closed at" in response.text
    board = third.get(f"/challenges/{link}")
    assert board.status_code == 200 and "read-only" in board.text
    assert "Play this challenge" not in board.text
    play_game(other, late)
    (entry,) = stored(app, ChallengeGame, challenge_id=link)
    assert entry.finished_at is None, "a game finished after the close stays off the board"


# ---- rematch ----------------------------------------------------------------------------


def test_a_rematch_deals_afresh_for_the_group_and_is_linked_for_its_players(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    link = new_challenge(client)
    assert client.post(f"/challenges/{link}/name", data={"name": "Friday club"}).status_code == 200
    play_game(other, play(other, link))
    assert third.post(f"/challenges/{link}/rematch").status_code == 403
    rematch = made(other.post(f"/challenges/{link}/rematch", follow_redirects=False))
    (old,) = stored(app, Challenge, id=link)
    (new,) = stored(app, Challenge, id=rematch)
    assert (new.rules_key, new.bot_id, new.rematch_of) == (old.rules_key, old.bot_id, link)
    assert new.name == "Friday club", "the group's name goes on (an outside check)"
    assert new.seed != old.seed
    play(client, link)
    assert made(client.post(f"/challenges/{link}/rematch", follow_redirects=False)) == rematch
    for player in (client, other):
        assert f'href="/challenges/{rematch}"' in player.get(f"/challenges/{link}").text
    assert f"/challenges/{rematch}" not in third.get(f"/challenges/{link}").text


# ---- the daily ---------------------------------------------------------------------------


def test_a_challenge_of_todays_daily_waits_for_the_seed(app: FastAPI, client: TestClient) -> None:
    response = client.post("/daily/pagat", follow_redirects=False)
    url = response.headers["location"]
    page = play_game(client, url)[-1]
    assert f'action="{url}/challenge"' not in page, "the table offers none while it is secret"
    refused = client.post(f"{url}/challenge")
    assert refused.status_code == 403
    assert "when the day’s seed is published" in refused.text
    assert not stored(app, Challenge)
    at(app, attempts_close_at(DAY))
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    assert stored(app, Challenge, id=link)


def fair_play_as(app: FastAPI, game_id: str, state: str) -> None:
    with app.state.sessions() as session:
        attempt = session.scalars(select(DailyAttempt).filter_by(game_id=game_id)).one()
        attempt.fair_play = state
        session.commit()


def test_a_daily_game_counts_at_its_challenge_only_while_ranked_on_the_days_board(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    url = client.post("/daily/pagat", follow_redirects=False).headers["location"]
    play_game(client, url)
    fair_play_checked(app)
    at(app, attempts_close_at(DAY))
    link = made(client.post(f"{url}/challenge", follow_redirects=False))
    (challenge,) = stored(app, Challenge, id=link)
    shown = {}
    for state in (PENDING, PASSED, HELD, CLEARED, DISQUALIFIED):
        fair_play_as(app, url.rsplit("/", 1)[-1], state)
        with app.state.sessions() as session:
            shown[state] = len(board_of(session, challenge, None, NOON).entries)
    assert shown == {PENDING: 0, PASSED: 1, HELD: 0, CLEARED: 1, DISQUALIFIED: 0}
    published = "daily game of 2026-12-03, whose seed is published"
    assert published in client.get(f"/challenges/{link}").text, "the board says who may know"
    assert "whose seed is published" not in client.get(f"/challenges/{new_challenge(client)}").text
    seed = re.search(r'name="seed" value="([^"]+)"', client.get(url).text)
    assert seed, "the published deals are offered again"
    again = start_game(other, seed.group(1))
    play_game(other, again)
    of_the_seed = made(other.post(f"{again}/challenge", follow_redirects=False))
    assert published in other.get(f"/challenges/{of_the_seed}").text, "the same deals, sent"


def test_history_names_challenge_games(client: TestClient, other: TestClient) -> None:
    link = new_challenge(client)
    play_game(other, play(other, link))
    play(other, link)
    page = other.get("/history")
    assert page.status_code == 200
    assert "Challenge, practice" in page.text


def share_box_text(page: str) -> str | None:
    found = re.search(r"<textarea[^>]*data-share-text[^>]*>(.*?)</textarea>", page, re.S)
    return html.unescape(found.group(1)) if found else None


def test_a_finished_player_shares_the_result_without_a_card_or_the_order_played(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    link = new_challenge(client)
    assert share_box_text(client.get(f"/challenges/{link}").text) is None, "nothing played yet"
    play_game(client, play(client, link))
    play_game(other, play(other, link))
    text = share_box_text(client.get(f"/challenges/{link}").text)
    assert text is not None
    games = stored(app, ChallengeGame, challenge_id=link)
    # The driver plays the same cards for both players: the same hands, won and lost alike.
    (won,) = {tuple(hand["won"] for hand in game.hands) for game in games}
    heading, result, marks, url = text.splitlines()
    assert heading == "Doko challenge · pagat.com rules", "the rules in words, the hands left out"
    assert "place 1 of 2" in result
    assert marks.split()[0] == "".join("●" if w else "○" for w in sorted(won, reverse=True))
    assert url.endswith(f"/challenges/{link}")
    assert spoils(text, "en") == []
    assert share_box_text(third.get(f"/challenges/{link}").text) is None, "a visitor has none"


def test_the_shared_link_is_at_the_sites_public_address_whatever_the_host_header(
    app: FastAPI, client: TestClient
) -> None:
    """Without a public address the link follows the request's `Host`, which its sender
    chose; with one (`DOKO_PUBLIC_URL`), a forged `Host` is not written into the text."""
    link = new_challenge(client)
    play_game(client, play(client, link))
    board = f"/challenges/{link}"
    forged = {"host": "forged.example"}

    def shared_url() -> str:
        text = share_box_text(client.get(board, headers=forged).text)
        assert text is not None
        return text.splitlines()[-1]

    assert shared_url() == f"http://forged.example{board}"
    app.state.settings = replace(app.state.settings, public_url="https://doko.example/play")
    assert shared_url() == f"https://doko.example/play{board}"
    page = client.get(board, headers=forged).text
    assert "forged.example" not in page


def test_a_browser_that_played_the_deals_counts_no_other_players_game_there(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A friend who finished the challenge restored another player's key and finished that
    player's counting game knowing every deal: two rows on the board (an outside check).
    The key is refused in that browser (any other may use it), and a player the browser
    becomes after playing the deals plays them as practice."""
    link = new_challenge(client)
    started = play(client, link)
    key = restore_key_of(client)
    play_game(other, play(other, link))
    assert restore(other, key) == 409
    refused = other.post("/players/restore", data={"key": key, "leave": "yes"})
    assert "has a game that counts there in progress" in html.unescape(refused.text)
    assert "when the challenge closes" in html.unescape(refused.text)
    with TestClient(app) as newcomer:
        start_game(newcomer)
        fresh_key = restore_key_of(newcomer)
    assert restore(other, fresh_key) == 200
    practice = game_row(app, play(other, link))
    assert practice.mode is GameMode.CHALLENGE_PRACTICE, "the browser has seen the deals"
    with TestClient(app) as elsewhere:
        assert restore(elsewhere, key) == 200
        assert play(elsewhere, link) == started, "the key's own game, in another browser"


def test_the_practice_button_tapped_again_resumes_the_unfinished_practice_game(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """Each tap started one more game, and the history filled with unfinished practice."""
    link = new_challenge(client)
    play_game(other, play(other, link))
    practice = play(other, link)
    assert game_row(app, practice).mode is GameMode.CHALLENGE_PRACTICE
    assert play(other, link) == practice
    play_game(other, practice)
    again = play(other, link)
    assert again != practice and game_row(app, again).mode is GameMode.CHALLENGE_PRACTICE


def test_a_browser_new_to_the_challenge_is_offered_its_restore_key(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    """A friend who cleared cookies and tapped Play would start a second counting game and
    leave the first behind: the board points to the restore key first."""
    link = new_challenge(client)
    hint = 'href="/players/key">restore key</a> brings that player here'
    assert hint not in client.get(f"/challenges/{link}").text, "its maker has just made it"
    assert hint in other.get(f"/challenges/{link}").text
    play(other, link)
    assert hint not in other.get(f"/challenges/{link}").text, "a player of it needs no key"
