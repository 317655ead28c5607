"""What the table template shows, built from the human's view only.

Templates receive a `TableModel` and nothing else from the engine, so no card the human may
not see can reach the browser (the end-of-hand sheet shows the dealt hands only once the
hand is over). Its words are already in the request's language (`t`); teams and winners also
come as codes, so nothing compares displayed words.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.languages.i18n import N_, Translator
from app.languages.words import CONTRACTS
from app.table.card_faces import (
    HandCard,
    TrickShow,
    finished_at,
    hand_cards,
    last_trick,
    trick_shows,
)
from app.table.hand_summary import HandSummary, Standing, standings, summary
from app.table.service import HUMAN, REDEALT, Table
from app.table.speech import PLAYING, Spoken, speech
from app.table.table_notes import (
    CallShown,
    Control,
    SeatInfo,
    armut_note,
    calls_shown,
    controls,
    pick_mode,
    schweinchen_note,
    seat_infos,
    status,
)
from engine import view_of


@dataclass(frozen=True)
class TableModel:
    game_id: str
    version: int
    rules_key: str
    phase: str
    status: str
    contract: str | None
    seats: tuple[SeatInfo, ...]
    hand: tuple[HandCard, ...]
    tricks: tuple[TrickShow, ...]
    last_trick: TrickShow | None
    controls: tuple[Control, ...]
    announce: tuple[Control, ...]
    pick: str | None
    """`armut-give` or `armut-return` while the human picks three cards."""
    armut_note: str | None
    schweinchen_note: str | None
    calls: tuple[CallShown, ...]
    summary: HandSummary | None
    hand_number: int
    hands_per_game: int
    game_over: bool
    standings: tuple[Standing, ...]
    notices: tuple[str, ...]
    error: str | None
    your_turn: bool
    ready_ms: int
    """When the bot cards of the latest step have all appeared (the hand unlocks then)."""
    speech: tuple[Spoken, ...]
    """The latest step read aloud once: bot cards, trick winners, announcements, the end."""


NOTICES = {REDEALT: N_("Everybody declined the Armut: the cards are dealt again.")}


def table_model(
    table: Table,
    game_id: str,
    delay_ms: int,
    t: Translator,
    error: str | None = None,
    animate: bool = False,
) -> TableModel:
    """The table in the words of `t`; `animate` replays the latest step's bot cards (the
    answer to an action) and reads them out."""
    view = view_of(table.game.hand, HUMAN)
    order = view.order
    totals = table.game.totals
    over = table.game.is_over
    buttons, calls = controls(view, t)
    tricks = tuple(trick_shows(table, view, order, delay_ms, animate, t))
    known_contract = view.contract if view.phase in PLAYING else None
    return TableModel(
        game_id=game_id,
        version=table.version,
        rules_key=table.game.rules.key,
        phase=view.phase.value,
        status=status(view, over, t),
        contract=t.gettext(CONTRACTS[known_contract]) if known_contract else None,
        seats=seat_infos(view, totals, t),
        hand=hand_cards(view, order, t),
        tricks=tricks,
        last_trick=last_trick(view, order, t),
        controls=buttons,
        announce=calls,
        pick=pick_mode(view),
        armut_note=armut_note(view, t),
        schweinchen_note=schweinchen_note(view, t),
        calls=calls_shown(view, t),
        summary=summary(table, game_id, view.result, view, t) if view.result else None,
        hand_number=table.game.number_in_game,
        hands_per_game=table.game.rules.hands_per_game,
        game_over=over,
        standings=standings(totals, t) if over else (),
        notices=tuple(t.gettext(NOTICES[code]) for code in table.notices) if animate else (),
        error=error,
        your_turn=view.to_act == HUMAN,
        ready_ms=max((finished_at(trick) for trick in tricks), default=0),
        speech=speech(table, view, tricks, t) if animate else (),
    )
