"""What the table says beside the cards: the seats (names, teams as the human can tell them,
tricks), the buttons and calls the human may make, the notes (Armut, Schweinchen), the calls
made and the status line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.languages.i18n import N_, Translator
from app.languages.words import POSITIONS, RESERVATIONS, call_name, seat_name, team_name
from app.table.service import HUMAN
from engine import Act, Contract, Phase, SeatView


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    position: str
    declaration: str | None
    team: str | None
    """`re` or `kontra` once known."""
    team_name: str | None
    tricks: int
    cards_left: int
    to_act: bool
    dealer: bool
    total: int


@dataclass(frozen=True)
class Control:
    action: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class CallShown:
    seat_name: str
    call: str
    trick: int
    cards_left: int


def seat_infos(view: SeatView, totals: Sequence[int], t: Translator) -> tuple[SeatInfo, ...]:
    declared = _shown_declarations(view)
    infos = []
    for seat in range(4):
        act = declared.get(seat)
        team = view.teams[seat]
        infos.append(
            SeatInfo(
                seat=seat,
                name=seat_name(seat, t),
                position=POSITIONS[seat],
                declaration=t.gettext(RESERVATIONS[act.value]) if act else None,
                team=team.value if team else None,
                team_name=team_name(team, t) if team else None,
                tricks=sum(1 for trick in view.tricks if trick.winner == seat),
                cards_left=view.cards_left[seat],
                to_act=view.to_act == seat,
                dealer=view.dealer == seat,
                total=totals[seat],
            )
        )
    return tuple(infos)


def _shown_declarations(view: SeatView) -> dict[int, Act]:
    """Every seat's reservation while they are made; after them, only the one that shaped the
    game (a solo, Hochzeit, Armut): "healthy" under four names is a line of each seat the
    phone's felt has no room for, and a Hochzeit an Armut outranked would stay beside the
    Armut's partner all hand as if he played it."""
    declared = dict(view.declarations)
    if view.phase is Phase.RESERVATIONS:
        return declared
    shaped: dict[int, Act] = {s: act for s, act in declared.items() if act is not Act.HEALTHY}
    if view.declarer in shaped:
        return {view.declarer: shaped[view.declarer]}
    return shaped


def controls(view: SeatView, t: Translator) -> tuple[tuple[Control, ...], tuple[Control, ...]]:
    """Reservation and Armut buttons, and the announce buttons (the next call first)."""
    buttons: list[Control] = []
    calls: list[Control] = []
    for action in view.legal:
        notation = action.notation
        if action.act.is_reservation:
            label = t.gettext(RESERVATIONS[notation])
            buttons.append(Control(notation, label, action.act is Act.HEALTHY))
        elif action.act in (Act.ARMUT_ACCEPT, Act.ARMUT_DECLINE):
            accept = action.act is Act.ARMUT_ACCEPT
            label = t.gettext("Accept the Armut") if accept else t.gettext("Decline")
            buttons.append(Control(notation, label, accept))
        elif action.act is Act.ANNOUNCE and action.call is not None:
            calls.append(Control(notation, call_name(action.call.value, t), not calls))
    return tuple(buttons), tuple(calls)


def pick_mode(view: SeatView) -> str | None:
    acts = {action.act for action in view.legal}
    for act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        if act in acts:
            return act.value
    return None


def armut_note(view: SeatView, t: Translator) -> str | None:
    """Who is poor and, once the cards came back, who took them and how many trumps returned.
    The human is addressed in the second person: a sentence of its own in every language."""
    declarer = view.declarer
    if view.contract is not Contract.ARMUT and view.phase not in _ARMUT_PHASES:
        return None
    if declarer is None:
        return None
    names = {"poor": seat_name(declarer, t)}
    if view.armut_trumps_returned is not None and view.armut_acceptor is not None:
        names["taker"] = seat_name(view.armut_acceptor, t)
        count = view.armut_trumps_returned
        if declarer == HUMAN:
            text = t.ngettext(
                "Armut: you are poor, %(taker)s took the cards; %(num)d trump came back.",
                "Armut: you are poor, %(taker)s took the cards; %(num)d trumps came back.",
                count,
            )
        elif view.armut_acceptor == HUMAN:
            text = t.ngettext(
                "Armut: %(poor)s is poor, you took the cards; %(num)d trump came back.",
                "Armut: %(poor)s is poor, you took the cards; %(num)d trumps came back.",
                count,
            )
        else:
            text = t.ngettext(
                "Armut: %(poor)s is poor, %(taker)s took the cards; %(num)d trump came back.",
                "Armut: %(poor)s is poor, %(taker)s took the cards; %(num)d trumps came back.",
                count,
            )
        return text % {**names, "num": count}
    if declarer == HUMAN:
        return t.gettext("Armut: you are poor and pass three cards.")
    return t.gettext("Armut: %(poor)s is poor and passes three cards.") % names


_ARMUT_PHASES = (Phase.ARMUT_GIVE, Phase.ARMUT_RESPONSE, Phase.ARMUT_RETURN)


def schweinchen_note(view: SeatView, t: Translator) -> str | None:
    """Who holds the Schweinchen, once this seat knows (§3: the holder from the start of
    play, the others from its first A♦). Its A♦ beat even the 10♥: a player not told would
    take the trick for a mistake of the game."""
    holder = view.schweinchen
    if holder is None:
        return None
    if holder == HUMAN:
        return t.gettext("Schweinchen: you hold both A♦, the highest trumps.")
    names = {"name": seat_name(holder, t)}
    return t.gettext("Schweinchen: %(name)s holds both A♦, the highest trumps.") % names


def calls_shown(view: SeatView, t: Translator) -> tuple[CallShown, ...]:
    return tuple(
        CallShown(seat_name(a.seat, t), call_name(a.call.value, t), a.trick, a.cards_left)
        for a in view.announcements
    )


STATUS = {
    Phase.RESERVATIONS: N_("Your turn: healthy, or a reservation?"),
    Phase.ARMUT_GIVE: N_("Pick three cards to pass, all your trumps among them."),
    Phase.ARMUT_RESPONSE: N_("Take the Armut?"),
    Phase.ARMUT_RETURN: N_("Pick three cards to give back."),
    Phase.PLAY: N_("Your turn: play a highlighted card."),
}


def status(view: SeatView, over: bool, t: Translator) -> str:
    """One line: whose turn it is and what is expected."""
    if over:
        return t.gettext("The game is over.")
    if view.phase is Phase.DONE:
        return t.gettext("The hand is over.")
    if view.to_act != HUMAN:
        return t.gettext("%(name)s is thinking…") % {"name": seat_name(view.to_act or 0, t)}
    return t.gettext(STATUS.get(view.phase, STATUS[Phase.PLAY]))
