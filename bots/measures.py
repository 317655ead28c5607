"""How the arena and the benches state a figure: a mean with its standard error or 95 %
interval, and a percentile. One owner, so that two scripts quoting a p95 or an interval over
the same numbers print the same figure."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence

Z95 = 1.96
"""Half-width of a 95 % normal interval, in standard errors."""


def standard_error(values: Sequence[float]) -> float:
    """The sample standard deviation over √n; 0 for fewer than two values (nothing to say)."""
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    return statistics.fmean(values), standard_error(values)


def interval95(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval's bounds: (mean, low, high)."""
    mean, error = mean_and_error(values)
    return mean, mean - Z95 * error, mean + Z95 * error


def percentile(values: Iterable[float], share: float) -> float:
    """Nearest rank: the smallest value with at least `share` of all at or below it. Over
    1,000 decisions the p95 is the 950th smallest, not a value between two measured ones."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("a percentile of no values")
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]
