"""Chart geometry for inline SVG drawn on the server: numbers in, positions out.

Nothing here writes markup. A chart is a frozen dataclass of coordinates in its own viewBox
(`FRAME`), and the template draws it; the page's CSS only scales the whole picture to the
width available, so one geometry serves a phone and a desktop. The value axis is labelled by
a `Number` writer (the page's language writes `0,5` where English writes `0.5`); the x labels
come written.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MAX_TICKS = 5
"""Horizontal grid lines at most: more are unreadable on a phone."""
MAX_BAR = 26.0
"""The widest bar: a chart of two games should not look like a chart of two walls."""

Number = Callable[[float, int], str]
"""Writes a value with so many decimals."""


def plain(value: float, digits: int) -> str:
    return f"{value:.{digits}f}"


@dataclass(frozen=True)
class Frame:
    """The viewBox and the plot area inside it (room on the left for the value labels, at
    the bottom for the first and last labels of the x axis)."""

    width: float = 360
    height: float = 190
    left: float = 34
    right: float = 8
    top: float = 10
    bottom: float = 24

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width:g} {self.height:g}"

    @property
    def plot_left(self) -> float:
        return self.left

    @property
    def plot_right(self) -> float:
        return self.width - self.right

    @property
    def plot_top(self) -> float:
        return self.top

    @property
    def plot_bottom(self) -> float:
        return self.height - self.bottom

    @property
    def label_y(self) -> float:
        """The baseline of the x axis labels."""
        return self.height - 6


FRAME = Frame()


@dataclass(frozen=True)
class Tick:
    """A value on an axis, where it sits (y for the value axis, x for the other) and its
    label."""

    value: float
    at: float
    label: str


@dataclass(frozen=True)
class Bar:
    """One value as a bar from the zero line: up for a positive value, down for a negative."""

    x: float
    y: float
    width: float
    height: float
    value: float
    negative: bool


@dataclass(frozen=True)
class Dot:
    """One value as a point, with an optional whisker from `low` to `high` (in y)."""

    x: float
    y: float
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Chart:
    """Everything a template needs to draw one chart: grid lines with their labels, the zero
    line, bars or dots, a line through `line` (points of an SVG polyline) and x labels."""

    frame: Frame
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    zero: float
    bars: tuple[Bar, ...] = ()
    dots: tuple[Dot, ...] = ()
    line: str = ""


def nice_step(span: float, count: int = MAX_TICKS) -> float:
    """The smallest step of 1, 2 or 5 times a power of ten that covers `span` in at most
    `count - 1` steps."""
    raw = max(span, 1e-9) / max(count - 1, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= raw - 1e-12)


def value_range(values: Sequence[float], include_zero: bool = True) -> tuple[float, float]:
    """The axis range: the values' range widened to whole steps, zero included (bars start at
    zero; a loss axis does too)."""
    low = min([*values, 0.0] if include_zero else values, default=0.0)
    high = max([*values, 0.0] if include_zero else values, default=1.0)
    if high - low < 1e-9:
        high = low + 1
    step = nice_step(high - low)
    return math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step


def _label(value: float, step: float, number: Number) -> str:
    decimals = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    if abs(value) < 0.5 * 10.0**-decimals:
        return number(0, 0)
    return number(value, decimals)


@dataclass(frozen=True)
class Scale:
    """Maps values in [low, high] onto the plot's height (high at the top)."""

    low: float
    high: float
    frame: Frame
    number: Number = plain

    def y(self, value: float) -> float:
        share = (value - self.low) / (self.high - self.low)
        bottom, top = self.frame.plot_bottom, self.frame.plot_top
        return round(bottom - share * (bottom - top), 2)

    def ticks(self) -> tuple[Tick, ...]:
        step = nice_step(self.high - self.low)
        count = round((self.high - self.low) / step)
        values = [self.low + index * step for index in range(count + 1)]
        return tuple(
            Tick(value, self.y(value), _label(value, step, self.number)) for value in values
        )


def _scale(values: Sequence[float], frame: Frame, number: Number) -> Scale:
    low, high = value_range(values)
    return Scale(low, high, frame, number)


def _slot(index: int, count: int, frame: Frame) -> tuple[float, float]:
    """The left edge and width of slot `index` of `count` equal slots across the plot."""
    width = (frame.plot_right - frame.plot_left) / max(count, 1)
    return frame.plot_left + index * width, width


def _centre(index: int, count: int, frame: Frame) -> float:
    left, width = _slot(index, count, frame)
    return round(left + width / 2, 2)


def _x_ticks(labels: Sequence[str], frame: Frame) -> tuple[Tick, ...]:
    """The first label at the left edge and the last at the right (the template anchors them
    there), or a single one in the middle: the data table under the chart has every one."""
    if len(labels) == 1:
        return (Tick(0, _centre(0, 1, frame), labels[0]),)
    if not labels:
        return ()
    last = len(labels) - 1
    return (Tick(0, frame.plot_left, labels[0]), Tick(last, frame.plot_right, labels[last]))


def polyline(points: Sequence[tuple[float, float]]) -> str:
    """The `points` attribute of an SVG polyline."""
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def bar_chart(
    values: Sequence[float],
    labels: Sequence[str],
    trend: Sequence[float] = (),
    number: Number = plain,
    frame: Frame = FRAME,
) -> Chart:
    """One bar per value from the zero line, in order left to right, with an optional trend
    line (one value per bar) over them."""
    scale = _scale([*values, *trend], frame, number)
    zero = scale.y(0)
    bars = []
    for index, value in enumerate(values):
        left, slot = _slot(index, len(values), frame)
        top = min(zero, scale.y(value))
        width = min(slot - min(slot * 0.2, 4), MAX_BAR)
        bars.append(
            Bar(
                round(left + (slot - width) / 2, 2),
                top,
                round(width, 2),
                round(abs(scale.y(value) - zero), 2),
                value,
                value < 0,
            )
        )
    points = [(_centre(i, len(trend), frame), scale.y(value)) for i, value in enumerate(trend)]
    return Chart(
        frame,
        scale.ticks(),
        _x_ticks(labels, frame),
        zero,
        bars=tuple(bars),
        line=polyline(points) if len(points) > 1 else "",
    )


def dot_chart(
    values: Sequence[float],
    labels: Sequence[str],
    spreads: Sequence[float] = (),
    number: Number = plain,
    frame: Frame = FRAME,
) -> Chart:
    """One dot per value joined by a line, each with a whisker of ± its spread (if given)."""
    spreads = list(spreads) or [0.0] * len(values)
    values_and_tops = [*values, *(v + s for v, s in zip(values, spreads, strict=True))]
    scale = _scale(values_and_tops, frame, number)
    dots = tuple(
        Dot(
            _centre(index, len(values), frame),
            scale.y(value),
            value,
            scale.y(max(value - spread, scale.low)),
            scale.y(value + spread),
        )
        for index, (value, spread) in enumerate(zip(values, spreads, strict=True))
    )
    line = polyline([(dot.x, dot.y) for dot in dots]) if len(dots) > 1 else ""
    return Chart(frame, scale.ticks(), _x_ticks(labels, frame), scale.y(0), dots=dots, line=line)
