"""How much a decision may think, counted in worlds and play-outs, never in seconds.

A decision is then a deterministic function of the view and the injected rng, whatever the
machine's speed: the daily game and the regression positions depend on it. The defaults keep
a decision within 60 ms on average and 250 ms at p95 on one core of the development machine
(about 30 ms and 70 ms there, `bench/RESULTS.md`); 24 worlds instead of 40 played about
0.2 game points per hand weaker against `heuristic-v1`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Budget:
    worlds: int = 40
    """Worlds (deals of the unseen cards) sampled per card-play decision."""
    playouts: int = 200
    """Most play-outs per card-play decision: with many legal cards, fewer worlds."""
    candidates: int = 3
    """Worlds drawn per world kept when the seats' choices weigh the worlds (inference)."""
    solver_tricks: int = 3
    """From this many tricks left the last tricks are solved exactly in each world."""
    solver_worlds: int = 16
    """Worlds solved per decision in the last tricks (few distinct worlds are left)."""
    reservation_deals: int = 24
    """Deals of the other cards simulated per contract considered at the reservations."""
    believes: bool = False
    """Worlds drawn in proportion to how well they explain every public decision of the
    other seats, card play included (`bots.search.beliefs`, `search-v3`); otherwise weighed
    by reservations and Re/Kontra only (`bots.search.inference`)."""
    racing: bool = False
    """Card play in two rounds: cards clearly worse on the first half of the worlds are
    dropped, the close ones get the play-outs saved (`search-v3`)."""

    def scaled(self, worlds: int) -> Budget:
        """This budget with `worlds` sampled worlds and everything else in proportion
        (`python -m bots.arena --budget N`)."""
        factor = worlds / self.worlds
        return replace(
            self,
            worlds=worlds,
            playouts=max(1, round(self.playouts * factor)),
            solver_worlds=max(1, round(self.solver_worlds * factor)),
            reservation_deals=max(1, round(self.reservation_deals * factor)),
        )


DEFAULT_BUDGET = Budget()

BELIEVING_BUDGET = Budget(candidates=8, believes=True, racing=True)
"""`search-v3`: as many worlds and play-outs as `search-v2`, believed from every public
decision (eight candidates drawn per world kept where the hand evidence is strong), the cards
raced. Reading the card play costs about as much again as playing the worlds out: a decision
takes about 2.2 times `search-v2`'s (`bench/RESULTS.md`)."""
