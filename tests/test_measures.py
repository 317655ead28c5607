"""The arena's and the benches' figures: a nearest-rank percentile and a mean's interval."""

from __future__ import annotations

import math

import pytest

from bots.measures import interval95, mean_and_error, percentile, standard_error


@pytest.mark.parametrize(
    ("share", "expected"),
    [(0.5, 50.0), (0.95, 95.0), (0.951, 96.0), (1.0, 100.0), (0.0, 1.0)],
)
def test_nearest_rank_percentile(share: float, expected: float) -> None:
    values = [float(value) for value in range(100, 0, -1)]
    assert percentile(values, share) == expected


def test_a_percentile_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError):
        percentile([], 0.95)


def test_one_value_has_no_error_to_state() -> None:
    assert standard_error([3.0]) == 0.0
    assert interval95([3.0]) == (3.0, 3.0, 3.0)


def test_the_interval_is_the_mean_plus_and_minus_196_standard_errors() -> None:
    values = [1.0, 2.0, 3.0, 6.0]
    # Sample variance (n - 1): (4 + 1 + 0 + 9) / 3 = 14 / 3; error = sqrt(14 / 3) / 2.
    error = math.sqrt(14 / 3) / 2
    assert mean_and_error(values) == pytest.approx((3.0, error))
    mean, low, high = interval95(values)
    assert (mean, low, high) == pytest.approx((3.0, 3.0 - 1.96 * error, 3.0 + 1.96 * error))
