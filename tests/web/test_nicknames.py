"""Look-alike nicknames (issue 26, §2): a name that looks like another player's on the board
is refused, whether it differs in case, in a letter that passes for another (`I` for `l`,
`0` for `O`) or in letters that pass for one (`rn` for `m`, `vv` for `w`, `cl` for `d`);
names that only resemble each other stay free. Names taken before the keys became stricter
are recomputed by migration 0013, which sets the later of two look-alikes aside, saying so.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, text, update

from app.daily.nicknames import NicknameError, clean_nickname, nickname_keys
from app.operations.migrate import alembic_config, upgrade
from app.storage.models import Player
from tests.postgres import throwaway_postgres
from tests.web.driver import play_game
from tests.web.helpers.daily import (
    DAY,
    browsers,
    daily_settings,
    fair_play_checked,
    random_choice,
    running,
    start_daily,
)
from tests.web.helpers.leaderboard import BOARD, board_rows, set_nickname
from tests.web.seeded_attempts import on_the_board

LOOK_ALIKES = [
    ("Mallory", "MaIlory"),  # a capital i for the l
    ("Mallory", "rnallory"),  # r and n for the m
    ("MaIlory", "Mallory"),
    ("rnallory", "Mallory"),
    ("0", "O"),
    ("O", "0"),
    ("1", "l"),
    ("1", "I"),
    ("l", "I"),
    ("I", "1"),
    ("vv", "w"),
    ("w", "vv"),
    ("VV", "W"),
    ("cl", "d"),
    ("d", "cl"),
    ("Alice", "alice."),
    ("Alice", "Ali\u0307ce"),  # a dot above the i, drawn into the i's own dot
    ("Alice", "ALlCE"),  # a small l among capitals, read as the capital I
    ("Alice", "Al\u0131\u0307ce"),  # a dotless i given its dot by a dot above
    ("Benjamin", "Ben\u0237\u0307amin"),  # a dotless j, the same
    ("\u0135ulia", "\u0237\u0302ulia"),  # a dotless j under a circumflex is ĵ
    ("Alic\u00e9", "Alice\u0301\u0301"),  # an accent twice, drawn on itself
    ("ALICE", "ALlCE"),
    ("Alice", "ALICE"),
    ("MILA", "Mila"),
]
DISTINCT = [
    ("Anna", "Anne"),
    ("Tim", "Tom"),
    ("Alice", "Alicia"),
    ("Mallory", "Malory"),
    ("Kali", "Kall"),  # a small l among small letters is an l
    ("Ali", "Allé"),
]


@pytest.mark.parametrize(
    "name", ["Par", "PAR", "par.", "Vergleichswert", "Lena", "Anonymous", "Anonym", "You", "Du"]
)
def test_the_boards_own_names_are_reserved(name: str) -> None:
    """A player named "Par" stood beside the par on a challenge's board; the bots' names and
    the words the boards give the anonymous and the viewer are kept back too, in every
    language."""
    with pytest.raises(NicknameError, match="reserved"):
        clean_nickname(name)


def passes_for(name: str, taken: str) -> bool:
    """What the database refuses: a key of the name is the same key of the taken name (each
    key is a unique column)."""
    return any(a == b for a, b in zip(nickname_keys(name), nickname_keys(taken), strict=True))


@pytest.mark.parametrize(("taken", "typed"), LOOK_ALIKES)
def test_look_alike_names_share_a_key(taken: str, typed: str) -> None:
    assert passes_for(typed, taken)


@pytest.mark.parametrize(("taken", "typed"), DISTINCT)
def test_names_that_only_resemble_each_other_do_not(taken: str, typed: str) -> None:
    assert not passes_for(typed, taken)
    assert not passes_for(taken, typed)


def test_a_look_alike_of_another_players_nickname_is_refused(tmp_path: Path) -> None:
    """With `Mallory` on the board, `MaIlory` and `rnallory` showed beside it (issue 26)."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 2) as pair:
        holder, other = pair
        on_the_board(application, pair, DAY)
        for taken, typed in LOOK_ALIKES:
            assert set_nickname(holder, taken).status_code == 303, taken
            answer = set_nickname(other, typed)
            assert answer.status_code == 409, (taken, typed)
            assert "another player’s nickname" in html.unescape(answer.text)
        for taken, typed in DISTINCT:
            assert set_nickname(holder, taken).status_code == 303, taken
            assert set_nickname(other, typed).status_code == 303, (taken, typed)
        names = sorted(row.name for row in board_rows(holder.get(BOARD).text))
        assert names == sorted(DISTINCT[-1])


def players_at_0012(url: str, players: list[tuple[str, str, str | None]]) -> None:
    command.upgrade(alembic_config(url), "0012")
    engine = create_engine(url)
    with engine.begin() as connection:
        for player, created, nickname in players:
            connection.execute(
                text("INSERT INTO players (id, created_at, nickname) VALUES (:id, :at, :name)"),
                {"id": player, "at": created, "name": nickname},
            )
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def names_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database at no revision yet: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'names.sqlite3'}"
        return
    with throwaway_postgres() as server:
        yield server.new_database("names")


def test_0013_sets_the_later_of_two_look_alikes_aside(names_url: str) -> None:
    """`Mallory` came first; `MaIlory` and `rnallory` were let through by the old keys. The
    earliest keeps the name; the others show as anonymous, their names kept to be shown to
    them. Going back down puts the names back."""
    url = names_url
    players = [
        ("p2", "2024-01-02", "MaIlory"),
        ("p1", "2024-01-01", "Mallory"),
        ("p3", "2024-01-03", "rnallory"),
        ("p4", "2024-01-04", "Bob"),
        ("p5", "2024-01-05", None),
    ]
    players_at_0012(url, players)
    upgrade(url)
    assert names_and_keys(url) == {
        "p1": ("Mallory", *nickname_keys("Mallory"), None),
        "p2": (None, None, None, "MaIlory"),
        "p3": (None, None, None, "rnallory"),
        "p4": ("Bob", *nickname_keys("Bob"), None),
        "p5": (None, None, None, None),
    }
    command.downgrade(alembic_config(url), "0012")
    engine = create_engine(url)
    with engine.connect() as connection:
        names = dict(connection.execute(text("SELECT id, nickname FROM players")).all())
        keyed = connection.execute(text("SELECT count(nickname_key) FROM players")).scalar()
    assert names == {player: name for player, _, name in players}
    assert keyed == 4, "the old keys told the three look-alikes apart: each has one again"
    engine.dispose()


def names_and_keys(url: str) -> dict[str, tuple[str | None, ...]]:
    """Each player's nickname, keys and name set aside, by id."""
    engine = create_engine(url)
    query = "SELECT id, nickname, nickname_key, nickname_shape_key, nickname_set_aside FROM players"
    with engine.connect() as connection:
        found = {row[0]: tuple(row[1:]) for row in connection.execute(text(query))}
    engine.dispose()
    return found


def players_at(
    url: str, revision: str, players: list[tuple[str, str, str, tuple[str, str]]]
) -> None:
    """Players with nicknames and the keys the code of `revision` gave them."""
    command.upgrade(alembic_config(url), revision)
    engine = create_engine(url)
    with engine.begin() as connection:
        for player, created, nickname, (key, shape) in players:
            connection.execute(
                text(
                    "INSERT INTO players (id, created_at, nickname, nickname_key,"
                    " nickname_shape_key) VALUES (:id, :at, :name, :key, :shape)"
                ),
                {"id": player, "at": created, "name": nickname, "key": key, "shape": shape},
            )
    engine.dispose()


def test_0024_sets_aside_the_names_read_apart_before(names_url: str) -> None:
    """`Alice` came first; `ALlCE` and `Ali̇ce` (a dot above the i) had keys of their own
    under the code of 0023. The earliest keeps the name; the others are set aside, and going
    back down leaves them so."""
    dotted = "Ali\u0307ce"
    players = [
        ("p2", "2024-01-02", "ALlCE", ("allce", "allce")),
        ("p1", "2024-01-01", "Alice", ("alice", "alice")),
        ("p3", "2024-01-03", dotted, ("ali\u0307ce", "ali\u0307ce")),
        ("p4", "2024-01-04", "Bob", ("bob", "bob")),
    ]
    players_at(names_url, "0023", players)
    upgrade(names_url)
    found = names_and_keys(names_url)
    assert found == {
        "p1": ("Alice", *nickname_keys("Alice"), None),
        "p2": (None, None, None, "ALlCE"),
        "p3": (None, None, None, dotted),
        "p4": ("Bob", *nickname_keys("Bob"), None),
    }
    command.downgrade(alembic_config(names_url), "0023")
    assert names_and_keys(names_url) == found


@pytest.mark.parametrize(
    ("before", "first", "look_alike", "old_key"),
    [
        # 0025: a dotless ı with a dot above
        ("0024", "Alice", "Al\u0131\u0307ce", "ali\u0307ce"),
        # 0027: a dotless ȷ under a circumflex
        ("0026", "\u0135ulia", "\u0237\u0302ulia", "\u0237\u0302ulia"),
    ],
    ids=["0025", "0027"],
)
def test_a_rekeying_migration_sets_aside_the_later_look_alike(
    names_url: str, before: str, first: str, look_alike: str, old_key: str
) -> None:
    """The look-alike had keys of its own under the code of the migration before; after the
    next, only the earlier name stays on the board."""
    players = [
        ("p1", "2024-01-01", first, (first.casefold(), first.casefold())),
        ("p2", "2024-01-02", look_alike, (old_key, old_key)),
    ]
    players_at(names_url, before, players)
    upgrade(names_url)
    assert names_and_keys(names_url) == {
        "p1": (first, *nickname_keys(first), None),
        "p2": (None, None, None, look_alike),
    }


def test_a_player_whose_name_was_set_aside_is_asked_for_another(tmp_path: Path) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        play_game(client, url, random_choice("set aside"))
        fair_play_checked(application)
        with application.state.sessions() as session:
            session.execute(update(Player).values(nickname=None, nickname_set_aside="MaIlory"))
            session.commit()
        page = html.unescape(client.get(url).text)
        assert "Your nickname “MaIlory” looks like an earlier player’s" in page
        (row,) = board_rows(client.get(BOARD).text)
        assert row.name == "Anonymous"
        assert set_nickname(client, "Trudy").status_code == 303
        with application.state.sessions() as session:
            (player,) = session.query(Player).all()
            assert (player.nickname, player.nickname_set_aside) == ("Trudy", None)
        assert "looks like an earlier player’s" not in html.unescape(client.get(url).text)
