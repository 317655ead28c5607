"""The challenges' pages: make one (from a finished game, afresh, or as a rematch), play
it, name it, and its board."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, cast

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import RedirectResponse
from markupsafe import Markup

from app.challenges.deals import kept_deals
from app.challenges.grid import grid
from app.challenges.making import fresh_seed
from app.challenges.par import PAR_LEVEL
from app.challenges.refusals import ChallengeRefused
from app.challenges.share import challenge_share
from app.daily.nicknames import NicknameError
from app.daily.share import share_text
from app.languages.i18n import language_of, translator, writing_of
from app.languages.words import LEVEL_BOTS, LEVEL_OPPONENTS
from app.operations.urls import (
    CHALLENGE,
    CHALLENGE_OF_GAME,
    CHALLENGES,
    ENTRANT_NAME,
    NAME_CHALLENGE,
    PLAY_CHALLENGE,
    REMATCH,
    challenge_url,
    game_url,
    shared_link,
)
from app.play import challenges
from app.play.games import owned_game
from app.storage.models import Challenge
from app.table.card_faces import CardFace
from app.table.levels import DEFAULT_LEVEL, LEVELS, level_of
from app.table.preferences import level_preference, rules_preference
from app.web.deps import (
    NameLimit,
    PageLimit,
    PlayerId,
    RosterDep,
    SessionDep,
    SettingsDep,
    TemplatesDep,
    client_address,
    count_start,
    ensure_player_id,
    former_players,
    player_id,
)
from app.web.errors import message_page
from app.web.tables import current_player, to_table

router = APIRouter(tags=["challenges"])


def _to_board(challenge: Challenge) -> RedirectResponse:
    return RedirectResponse(challenge_url(challenge.id), status_code=303)


@router.post(CHALLENGES, dependencies=[PlayerId])
def new_challenge(request: Request, session: SessionDep, settings: SettingsDep) -> Response:
    """A challenge of fresh deals, with the rules and level chosen on this device. Counted
    as a new game: each asks for a par, a whole game of bot play in the background."""
    deals = (rules_preference(request).key, LEVELS[level_preference(request)], fresh_seed())
    player = ensure_player_id(request)
    counted = partial(count_start, request)
    try:
        made = challenges.new_challenge(session, player, deals, settings.now(), counted)
    except ChallengeRefused as refused:
        return refusal_page(request, refused)
    return _to_board(made)


@router.post(CHALLENGE_OF_GAME)
def challenge_game(
    request: Request, game_id: str, session: SessionDep, settings: SettingsDep
) -> Response:
    """A challenge of the player's finished game: its deals, rules and level (counted as a
    new game, as a challenge of fresh deals is)."""
    row = owned_game(session, game_id, player_id(request))
    tables = request.app.state.tables
    try:
        counted = partial(count_start, request)
        made = challenges.challenge_of_finished_game(
            session, tables, row, settings.now(), counted, client_address(request)
        )
    except ChallengeRefused as refused:
        return refusal_page(request, refused, game_url(game_id))
    return _to_board(made)


@router.post(PLAY_CHALLENGE, dependencies=[PlayerId])
def play_challenge(
    request: Request, link: str, session: SessionDep, settings: SettingsDep, roster: RosterDep
) -> Response:
    """The player's game at the challenge (`app.play.challenges.enter_challenge`): to the
    counting game while it is unfinished, else to a new one; back to the board when the
    game it raced for is gone."""

    network = challenges.Network(client_address(request), settings.ranked_per_address)
    entrant = challenges.Entrant(
        partial(count_start, request),
        partial(current_player, request, session),
        roster,
        network,
        former_players(request),
    )
    try:
        entered = challenges.enter_challenge(
            session, link, player_id(request), settings.now(), entrant
        )
    except ChallengeRefused as refused:
        return refusal_page(request, refused, challenge_url(link))
    if isinstance(entered, tuple):
        return to_table(request, *entered)
    return RedirectResponse(game_url(entered) if entered else challenge_url(link), status_code=303)


@router.post(NAME_CHALLENGE, dependencies=[NameLimit])
def name_challenge(
    request: Request,
    link: str,
    session: SessionDep,
    settings: SettingsDep,
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """The maker names the challenge (`app.play.challenges.name_challenge`)."""
    chosen = (session, link, player_id(request), name, settings.now())
    return _named(request, link, partial(challenges.name_challenge, *chosen))


@router.post(ENTRANT_NAME, dependencies=[NameLimit])
def name_entrant(
    request: Request,
    link: str,
    session: SessionDep,
    settings: SettingsDep,
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """A player of the challenge names themself on its board
    (`app.play.challenges.name_entrant`)."""
    chosen = (session, link, player_id(request), name, settings.now())
    return _named(request, link, partial(challenges.name_entrant, *chosen))


def _named(request: Request, link: str, naming: Callable[[], Challenge]) -> Response:
    """Back to the board once `naming` has stored a name; a refusal, or a name the
    nickname rules refuse (400), said on a message page whose button leads back to it."""
    board = challenge_url(link)
    try:
        challenge = naming()
    except ChallengeRefused as refused:
        return refusal_page(request, refused, board)
    except NicknameError as error:
        text = translator(request).gettext(error.message) % error.values
        return message_page(request, 400, text, back=board)
    return _to_board(challenge)


@router.post(REMATCH)
def rematch_challenge(
    request: Request, link: str, session: SessionDep, settings: SettingsDep
) -> Response:
    """Fresh deals for the group; one rematch per challenge, which everyone is sent to
    (counted as a new game, as a challenge of fresh deals is)."""
    try:
        made = challenges.rematch_of(
            session, link, player_id(request) or "", settings.now(), partial(count_start, request)
        )
    except ChallengeRefused as refused:
        return refusal_page(request, refused, challenge_url(link))
    return _to_board(made)


@router.get(CHALLENGE, dependencies=[PageLimit])
def challenge_board(
    request: Request,
    link: str,
    session: SessionDep,
    settings: SettingsDep,
    templates: TemplatesDep,
) -> Response:
    pars = request.app.state.challenge_pars
    try:
        viewer = (player_id(request), client_address(request))
        challenge, board = challenges.challenge_board(session, pars, link, viewer, settings.now())
    except ChallengeRefused as refused:
        return refusal_page(request, refused)
    t = translator(request)
    card_face = cast(Callable[[CardFace], Markup], templates.env.globals["card_face"])
    level = level_of(challenge.bot_id) or DEFAULT_LEVEL
    link_url = shared_link(request, challenge_url(challenge.id))
    writing = writing_of(request)
    share = challenge_share(board, writing, link_url)
    context = {
        "board": board,
        "link": link_url,
        "share": share_text(share, writing) if share else None,
        "level_words": t.gettext(LEVEL_OPPONENTS[level]),
        "par_bot": t.gettext(LEVEL_BOTS[PAR_LEVEL]),
        "deals": kept_deals(challenge, board.rules, (language_of(request), t), card_face)
        if board.finished
        else None,
        "own": player_id(request) == challenge.creator_id,
        "grid": grid(board, t, writing.signed),
    }
    response = templates.TemplateResponse(request, "challenge.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


def refusal_page(request: Request, refused: ChallengeRefused, back: str | None = None) -> Response:
    """The message page saying why, in the player's words; its button leads `back` (the
    challenge's board, the game a challenge was asked of), or home when there is no such
    page (404)."""
    writing = writing_of(request)
    time = writing.time(refused.time) if refused.time else ""
    text = writing.words.gettext(refused.message) % {"num": refused.num, "time": time}
    return message_page(request, refused.status, text, back=None if refused.status == 404 else back)
