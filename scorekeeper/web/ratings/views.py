"""What the rating fragments draw, from the service's ratings: the table's games (number, matches,
provisional, sparkline, best partnership), the seated players' chances, and a finished match's moves.
Registered as template globals, so a page includes a fragment with one line and passes nothing new."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import ngettext
from markupsafe import Markup, escape

from ..bidi import isolated
from ...engine.errors import Refusal
from ...engine.sides import default_sides
from ...engine.variants import VARIANTS
from ..i18n import speak, whole
from ...service import ratings
from ...service.models import Match, Table
from ..matches.forms import NOT_PLAYING, chosen_teams

#: the sparkline's box, in CSS pixels, and the most matches it draws (the latest)
SPARK_WIDTH, SPARK_HEIGHT = 60, 20
SPARK_MATCHES = 30


@dataclass
class RatedRow:
    name: str
    shown: int
    matches: int
    provisional: bool
    spark: Markup


@dataclass
class RatedGame:
    key: str
    name: str
    rows: list[RatedRow]
    #: the best partnership: its members' names, its rating, the matches it rests on, provisional
    partnership: tuple[str, int, int, bool] | None


def sparkline(points: list[int], label: str) -> Markup:
    """A small SVG line of ``points`` (a rating after each match), drawn with presentation attributes
    only (the CSP allows no style), named for a screen reader by ``label``."""
    values = list(points)
    if len(values) < 2:
        values = [0] + values  # a first match: the line from a newcomer's rating
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (SPARK_WIDTH - 2) / max(1, len(values) - 1)
    xy = " ".join(f"{1 + i * step:.1f},{1 + (SPARK_HEIGHT - 2) * (high - v) / span:.1f}" for i, v in enumerate(values))
    last_x, last_y = xy.rsplit(" ", 1)[-1].split(",")
    return Markup(
        f'<svg class="spark" role="img" aria-label="{escape(label)}" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" '
        f'viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}"><polyline points="{xy}" fill="none" stroke="currentColor" '
        f'stroke-width="1.5" stroke-linejoin="round"/><circle cx="{last_x}" cy="{last_y}" r="2" fill="currentColor"/></svg>')


def _names(table: Table) -> dict[int, str]:
    return {p.id: p.name for p in table.players}


def table_ratings(table: Table) -> dict[str, Any]:
    """Each game's ratings at ``table`` (``games``, in the order first rated), how many finished
    matches were left out as too old, and below how many matches a rating is provisional."""
    rated = ratings.for_table(table)
    names = _names(table)
    games = []
    for key, rated_game in rated.games.items():
        rows = []
        for pid, rating in rated_game.ranked():
            history = rated_game.history.get(pid, [])[-SPARK_MATCHES:]
            label = ngettext("%(name)s's rating after the last match: %(ratings)s",
                             "%(name)s's rating after each of the last %(num)s matches: %(ratings)s", len(history),
                             name=isolated(names.get(pid, "?")), ratings=", ".join(whole(v) for v in history))
            rows.append(RatedRow(names.get(pid, "?"), rating.shown, rating.matches, rating.provisional,
                                 sparkline(history, label)))
        best = rated_game.best_partnership
        partnership = None
        if best is not None:
            members, rating = best
            partnership = (" & ".join(names.get(pid, "?") for pid in members), rating.shown, rating.matches,
                           rating.provisional)
        variant = VARIANTS.get(key)
        games.append(RatedGame(key, speak(variant.name) if variant else key, rows, partnership))
    return {"games": games, "left_out": rated.left_out, "settled": ratings.SETTLED}


def seated(form: Any) -> list[int] | None:
    """The player ids the new-match form seats, in seat order (None while two share a seat)."""
    if form is None:
        return None
    seats = []
    for p in form.players:
        value = getattr(form, f"seat_{p.id}").data
        if value and value != NOT_PLAYING and str(value).isdigit():
            seats.append((int(value), p.id))
    if len({n for n, _ in seats}) != len(seats):
        return None
    return [pid for _, pid in sorted(seats)]


def seat_chances(table: Table, variant: Any, form: Any) -> dict[str, Any]:
    """The seated players' (or sides') chances to win by ``variant``'s ratings at ``table``: ``odds``
    as (name, percent) best first, or ``unrated``: the seated players without a rating in it (said only
    where the game has ratings at this table)."""
    seat_ids = seated(form)
    if not seat_ids or len(seat_ids) < 2 or variant is None:
        return {}
    rated_game = ratings.for_table(table).games.get(variant.key)
    if rated_game is None:
        return {}
    names = _names(table)
    unrated = [names.get(pid, "?") for pid in seat_ids if pid not in rated_game.players]
    if unrated:
        return {"unrated": unrated}
    try:
        teams = chosen_teams(form, variant, seat_ids)
    except (KeyError, AttributeError, Refusal):
        teams = None
    sides = ([ids for _, ids in teams] if teams else
             [[int(pid) for pid in side.members] for side in default_sides([str(pid) for pid in seat_ids], variant.partnerships)])
    odds = ratings.chances(rated_game, sides)
    if odds is None:
        return {}
    said = [(" & ".join(names.get(pid, "?") for pid in side), round(100 * p)) for side, p in zip(sides, odds)]
    return {"odds": sorted(said, key=lambda x: -x[1])}


def rating_moves(match: Match) -> list[tuple[str, int, int, Any]]:
    """How ``match`` (finished) moved each rating: name, change, rating after, and why (a ``Message``);
    empty for a match that does not count."""
    if match.status != "finished":
        return []
    moves = ratings.for_table(match.table).moves.get(match.id, [])
    names = _names(match.table)
    return [(names.get(m.player, "?"), m.delta, m.after.shown, ratings.move_words(m, names))
            for m in sorted(moves, key=lambda m: -m.delta)]


__all__ = ["RatedGame", "RatedRow", "rating_moves", "seat_chances", "seated", "sparkline", "table_ratings"]
