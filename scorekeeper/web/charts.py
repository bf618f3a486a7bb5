"""Score charts drawn on the server as SVG: each player's running total, entry by entry.

No chart library and no JavaScript (pages work without it, under a strict CSP). The SVG carries ``role="img"``, a
``<title>`` and a ``<desc>`` that says in words who leads and where the limit is; the page puts a table
of the same numbers beside it. Lines are told apart by more than colour: each has its own dash pattern
and marker shape and is labelled with the player's name at its end. Colours are presentation
attributes (so the SVG also works as a file) that ``static/css/history.css`` overrides for dark mode.

>>> svg = running_totals_svg(["Ann", "Ben"], [{"Ann": 10, "Ben": 0}, {"Ann": 12, "Ben": 30}],
...                          [ChartLine(100, "Out at 100")], title="Scores")
>>> svg.startswith('<svg') and 'role="img"' in svg and "Out at 100" in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Mapping, Sequence

from flask_babel import gettext as _, ngettext
from markupsafe import Markup

from ..engine.errors import Refusal
from .bidi import isolated
from .i18n import whole

#: line colours for the light theme (history.css gives the dark theme's)
COLOURS = ("#1f6f4a", "#b3261e", "#1d5fa8", "#8a5a00", "#6a3d9a", "#00737a", "#a8326e", "#4d5a52")
DASHES = ("", "6 3", "2 3", "10 3 2 3", "4 4", "1 2", "8 2 2 2 2 2", "12 4")
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring", "down", "bar")

WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 40, 64, 14, 30


@dataclass(frozen=True)
class ChartLine:
    """A horizontal rule across the chart: an elimination limit or a target."""

    value: int
    label: str
    kind: str = "limit"  # limit (elimination: red, dashed) | target (accent)


def limit_lines(variant_key: str, overrides: Mapping[str, Any] | None, n_players: int) -> list[ChartLine]:
    """The elimination line or the target the variant's resolved rules give, if any (examples in
    tests/web/test_stats_examples.py)."""
    from ..engine.variants import find_variant

    try:
        variant = find_variant(variant_key)
        rules = variant.rules(n_players, **dict(overrides or {}))
    except Refusal:
        return []
    # the variant says where a total is out, or which total ends the match
    bound = variant.for_match(rules, [str(i) for i in range(n_players)])
    out = bound.elimination()
    if out is not None:
        threshold, inclusive = out
        # "at" where reaching the line is out (Rumino's 100), "over" where only passing it is (Kalooki's
        # 150: a total of exactly 150 stays in)
        words = (_("Out at %(total)s", total=whole(threshold)) if inclusive
                 else _("Out over %(total)s", total=whole(threshold)))
        return [ChartLine(threshold, words, "limit")]
    goal = bound.target()
    if goal is None:
        return []
    if not bound.high_wins():
        # where the lowest total wins (Ramino), reaching the target is no goal: it ends the match, and
        # the one who reaches it has the worst total, so it is drawn as a limit, not as a finish line
        return [ChartLine(goal, _("Ends at %(total)s", total=whole(goal)), "limit")]
    return [ChartLine(goal, _("Target %(total)s", total=whole(goal)), "target")]


def _nice_step(span: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if span / step <= 5:
            return step
    return 10 ** len(str(int(span)))


def _marker(shape: str, x: float, y: float) -> str:
    r = 3.2
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}"/>'
    if shape == "ring":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="none"/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"/>'
    if shape == "triangle":
        return f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + .5:.1f} {y + r:.1f}H{x - r - .5:.1f}Z"/>'
    if shape == "down":
        return f'<path d="M{x:.1f} {y + r + 1:.1f}L{x + r + .5:.1f} {y - r:.1f}H{x - r - .5:.1f}Z"/>'
    if shape == "diamond":
        return f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y:.1f}L{x:.1f} {y + r + 1:.1f}L{x - r - 1:.1f} {y:.1f}Z"/>'
    if shape == "cross":
        return (f'<path d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}'
                f'L{x + r:.1f} {y - r:.1f}" fill="none" stroke-width="2"/>')
    return f'<rect x="{x - r:.1f}" y="{y - 1.5:.1f}" width="{2 * r}" height="3"/>'


@dataclass(frozen=True)
class _Frame:
    """Where a chart's values land: the range of its axis (``lo`` to ``hi`` by ``step``), the plot's left
    edge and size, and the number of points after the start."""

    lo: int
    hi: int
    step: int
    left: int
    n: int

    @property
    def plot_w(self) -> int:
        return WIDTH - self.left - RIGHT

    def x(self, i: int) -> float:
        return self.left + self.plot_w * i / self.n

    def y(self, v: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (self.hi - v) / (self.hi - self.lo)

    def ticks(self) -> range:
        return range(self.lo, self.hi + 1, self.step)


def _frame(points: Sequence[Mapping[str, int]], lines: Sequence[ChartLine]) -> _Frame:
    values = [v for t in points for v in t.values()] + [line.value for line in lines]
    lo, hi = min(values + [0]), max(values + [0])
    if hi == lo:
        hi = lo + 10
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step
    # the axis's numbers are right-aligned against the plot: room for the widest ("10,000", "−1,000"),
    # at about 6.5 px a character of the 11 px font, so none is cut at the chart's left edge
    widest = max(len(whole(v)) for v in range(lo, hi + 1, step))
    return _Frame(lo, hi, step, max(LEFT, 8 + round(6.5 * widest)), max(len(points) - 1, 1))


def running_totals_svg(players: Sequence[str], totals: Sequence[Mapping[str, int]],
                       lines: Sequence[ChartLine] = (), *, title: str, labels: Sequence[str] | None = None,
                       chart_id: str = "chart") -> Markup:
    """The SVG of each player's total after each point in ``totals`` (the start, 0, is added).

    ``labels`` names each point for the description (hand numbers); ``lines`` are drawn across.
    """
    points = [{p: 0 for p in players}] + [dict(t) for t in totals]
    frame = _frame(points, lines)
    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" aria-labelledby="{title_id} {desc_id}" font-family="system-ui, sans-serif" font-size="11">',
           f'<title id="{title_id}">{escape(title)}</title>',
           f'<desc id="{desc_id}">{escape(describe(players, totals, lines, labels))}</desc>']
    out += _axes(frame, len(points))
    out += _across(frame, lines)
    out += _series(frame, players, points)
    out.append("</svg>")
    return Markup("".join(out))


def _axes(frame: _Frame, count: int) -> list[str]:
    """The grid, the totals along the left, and a few hand numbers along the bottom."""
    left, y = frame.left, frame.y
    out = ['<g class="chart-grid" stroke="#d5dad5" stroke-width="1">']
    out += [f'<line x1="{left}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>' for v in frame.ticks()]
    out.append("</g>")
    out.append('<g class="chart-axis" fill="#5d6862" text-anchor="end">')
    out += [f'<text x="{left - 5}" y="{y(v) + 4:.1f}">{whole(v)}</text>' for v in frame.ticks()]
    out.append("</g>")
    tick_every = max(1, -(-(count - 1) // 6))
    out.append('<g class="chart-axis" fill="#5d6862" text-anchor="middle">')
    out += [f'<text x="{frame.x(i):.1f}" y="{HEIGHT - BOTTOM + 14}">{i}</text>' for i in range(0, count, tick_every)]
    axis = escape(_("hand"))  # outside the f-string, where extraction finds it
    out.append(f'<text x="{left + frame.plot_w / 2:.1f}" y="{HEIGHT - 3}">{axis}</text>')
    out.append("</g>")
    return out


def _across(frame: _Frame, lines: Sequence[ChartLine]) -> list[str]:
    """The limit and target lines, drawn across the plot with their words."""
    out = []
    for line in lines:
        cls = "chart-limit" if line.kind == "limit" else "chart-target"
        colour = "#b3261e" if line.kind == "limit" else "#8a5a00"
        at = frame.y(line.value)
        out.append(f'<g class="{cls}"><line x1="{frame.left}" x2="{WIDTH - RIGHT}" y1="{at:.1f}" '
                   f'y2="{at:.1f}" stroke="{colour}" stroke-width="2" stroke-dasharray="8 4"/>'
                   f'<text x="{frame.left + 4}" y="{at - 4:.1f}" fill="{colour}" font-weight="700">'
                   f'{escape(line.label)}</text></g>')
    return out


def _series(frame: _Frame, players: Sequence[str], points: Sequence[Mapping[str, int]]) -> list[str]:
    """One series per player; a name at the end of each line, nudged apart when they collide."""
    out = []
    ends: list[tuple[float, int]] = []
    for s, player in enumerate(players):
        colour, dash, shape = COLOURS[s % len(COLOURS)], DASHES[s % len(DASHES)], MARKERS[s % len(MARKERS)]
        coords = [(frame.x(i), frame.y(t.get(player, points[i - 1].get(player, 0) if i else 0)))
                  for i, t in enumerate(points)]
        d = "M" + "L".join(f"{cx:.1f} {cy:.1f}" for cx, cy in coords)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="series series-{s % len(COLOURS)}" stroke="{colour}" fill="{colour}">'
                   f'<path d="{d}" fill="none" stroke-width="2.5" stroke-linejoin="round"{dash_attr}/>')
        marks = coords if len(coords) <= 40 else coords[:: max(1, len(coords) // 20)] + [coords[-1]]
        out.extend(_marker(shape, cx, cy) for cx, cy in marks)
        out.append("</g>")
        ends.append((coords[-1][1], s))
    placed: list[float] = []
    for end_y, s in sorted(ends):
        label_y = max(end_y + 4, (placed[-1] + 12) if placed else TOP)
        placed.append(label_y)
        out.append(f'<text class="series-label series-{s % len(COLOURS)}" x="{WIDTH - RIGHT + 6}" '
                   f'y="{label_y:.1f}" fill="{COLOURS[s % len(COLOURS)]}" font-weight="700">'
                   f'{escape(isolated(_short(players[s])))}</text>')
    return out


def _short(name: str) -> str:
    return name if len(name) <= 9 else name[:8] + "…"


def describe(players: Sequence[str], totals: Sequence[Mapping[str, int]], lines: Sequence[ChartLine] = (),
             labels: Sequence[str] | None = None) -> str:
    """The chart in one or two sentences, for its ``<desc>``.

    Each name is isolated (``bidi.isolated``): the description is plain text, read aloud and shown as
    the image's alternative, where no ``<bdi>`` can keep a name's direction from its points.

    >>> describe(["Ann", "Ben"], [{"Ann": 5, "Ben": 9}], [ChartLine(100, "Out at 100")])
    'Running totals over 1 hand. After the last: Ann 5, Ben 9. Line: Out at 100.'
    >>> describe(["Ann\u202e", "Ben"], [{"Ann\u202e": 19, "Ben": 9}])
    'Running totals over 1 hand. After the last: \u2068Ann\u2069 19, Ben 9.'
    """
    if not totals:
        text = _("No hands yet: every total is 0.")
    else:
        last = totals[-1]
        count = len(totals)
        text = ngettext("Running totals over %(num)s hand. After the last: %(totals)s.",
                        "Running totals over %(num)s hands. After the last: %(totals)s.", count,
                        totals=", ".join(f"{isolated(p)} {whole(last.get(p, 0))}" for p in players))
    if lines:
        text += " " + _("Line: %(lines)s.", lines="; ".join(line.label for line in lines))
    return text




def series(standings) -> tuple[list[str], list[dict[str, int]]]:
    """Chart points from replayed standings: one per hand (void hands change nothing; a rebuy is not
    a hand: it moves the point of the hand before it), each player's total carried forward while they
    sit out."""
    labels: list[str] = []
    totals: list[dict[str, int]] = []
    current = {p.name: 0 for p in standings.players}
    hand = 0
    with_rebuy: set[int] = set()
    for result in standings.hands:
        if result.kind == "void":
            continue
        current = {**current, **result.totals}
        if result.kind == "hand" or not totals:
            hand += result.kind == "hand"
            labels.append(_("hand %(number)s", number=hand))
            totals.append(dict(current))
        else:
            if len(labels) not in with_rebuy:  # said once, however many rebuys follow the hand
                with_rebuy.add(len(labels))
                labels[-1] = _("%(hand)s and a rebuy", hand=labels[-1])
            totals[-1] = dict(current)
    return labels, totals


__all__ = ["ChartLine", "describe", "limit_lines", "running_totals_svg", "series"]
