"""What a process keeps (`app.operations.kept`): the most recently used, up to its size."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from app.operations.kept import Kept


def test_the_least_recently_used_is_dropped_first() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)


def test_setdefault_keeps_the_first_value_and_counts_as_a_use() -> None:
    kept: Kept[str, int] = Kept(2)
    assert kept.setdefault("a", 1) == 1
    kept.put("b", 2)
    assert kept.setdefault("a", 9) == 1
    kept.put("c", 3)
    assert kept.get("b") is None and kept.get("a") == 1


def test_of_many_threads_setting_one_key_together_one_value_is_kept() -> None:
    kept: Kept[str, object] = Kept(8)
    values = [object() for _ in range(64)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda value: kept.setdefault("hint", value), values))
    assert len({id(answer) for answer in answers}) == 1


def test_a_discarded_value_is_made_again() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    kept.discard("a")
    kept.discard("never kept")
    assert kept.setdefault("a", 2) == 2


def test_a_value_taken_out_is_no_longer_kept() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    assert kept.pop("a") == 1
    assert kept.pop("a") is None and kept.get("a") is None


def test_a_value_not_wanted_stays_kept() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.put("a", 1)
    assert kept.pop_if("a", lambda value: value == 2) is None
    assert kept.get("a") == 1
    assert kept.pop_if("a", lambda value: value == 1) == 1
    assert kept.get("a") is None
