"""The review's reason for a better action, in one plain sentence of the reader's language.

The reason itself comes from the search's play-outs (`bots.search.contrast.Difference`,
worked out with the review and stored with each decision); here it is only put into words.
Shares are written as percentages of the play-outs, which reads the same in every language.
"""

from __future__ import annotations

from app.languages.i18n import N_, Writing
from app.languages.words import action_text, call_name
from app.learning.review import Decision
from bots.search.contrast import ANNOUNCE, ANNOUNCE_FAILED, POINTS, SCORE
from engine import Action
from engine.stakes import DOPPELKOPF_POINTS

SENTENCES = {
    "trick": N_(
        "In %(share)s of the play-outs %(better)s wins this trick for your side where "
        "%(chosen)s loses it."
    ),
    "partner": N_(
        "In %(share)s of the play-outs %(better)s lets your partner take this trick and its "
        "points where %(chosen)s does not."
    ),
    "fox_kept": N_(
        "In %(share)s of the play-outs the other side catches your side’s fox (A♦) after "
        "your choice (%(chosen)s); the better one (%(better)s) keeps it out of their tricks."
    ),
    "fox_caught": N_(
        "In %(share)s of the play-outs %(better)s catches the other side’s fox (A♦) where "
        "%(chosen)s does not."
    ),
    "announcement": N_(
        "In %(share)s of the play-outs the better choice (%(better)s) makes your side’s "
        "announcement safe where it fails after yours (%(chosen)s)."
    ),
    "charlie": N_(
        "In %(share)s of the play-outs %(better)s gets your side the point for Charlie (J♣) in "
        "the last trick where %(chosen)s does not."
    ),
    "doppelkopf": N_(
        "In %(share)s of the play-outs %(better)s gets your side a Doppelkopf (a trick of "
        "%(doppelkopf)s points or more) where %(chosen)s does not."
    ),
    "won": N_(
        "Your side wins the hand in %(better_share)s of the play-outs after the better choice "
        "(%(better)s), and in %(chosen_share)s after yours (%(chosen)s)."
    ),
    ANNOUNCE: N_(
        "Your side wins with %(call)s announced in %(share)s of the play-outs: announcing it "
        "would have added points there."
    ),
    ANNOUNCE_FAILED: N_(
        "Your side falls short of %(call)s in %(share)s of the play-outs, and there the "
        "announcement costs points."
    ),
    POINTS: N_(
        "Over the same play-outs %(better)s brings your side about %(points)s card points "
        "more on average."
    ),
    SCORE: N_(
        "Over the same play-outs %(better)s scores a little more on average; no single "
        "difference stands out."
    ),
}
"""One sentence per kind of reason (`bots.search.contrast`)."""


def reason_text(decision: Decision, writing: Writing) -> str | None:
    """Why the better action was better, or None (none found beyond the noise, or a review
    stored before reasons were given, or a kind of reason this version does not know)."""
    reason = decision.reason
    if (
        reason is None
        or not decision.better_found
        or reason.kind not in SENTENCES
        or not reason.worlds
    ):
        return None
    t = writing.words
    announced = decision.chosen if reason.kind == ANNOUNCE_FAILED else decision.best
    call = Action.parse(0, announced).call
    worlds = reason.worlds
    values = {
        "better": action_text(decision.best, t),
        "chosen": action_text(decision.chosen, t),
        "share": writing.percent(reason.count / worlds),
        "better_share": writing.percent(reason.better_count / worlds),
        "chosen_share": writing.percent(reason.chosen_count / worlds),
        "points": writing.number(reason.points),
        "doppelkopf": writing.number(DOPPELKOPF_POINTS),
        "call": "" if call is None else call_name(call, t),
    }
    return t.gettext(SENTENCES[reason.kind]) % values
