"""Player statistics and head-to-head records, computed from replays (never from stored counters).

The web layer hands each match here as a :class:`Played` record, with the summary of its replay kept
with the match (:func:`match_summary`, made from the standings when none is given); nothing in this
module touches the database. Whether a hand score is "best" when low or when high is the variant's
answer (``Variant.high_wins``): low in the penalty games, high where points are won (Gin, Oklahoma,
Rummy's points race), free scoring by its ``winner`` switch. Worked examples are in
tests/web/test_stats_examples.py (this module, being the web's, names no game).
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import lru_cache
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Iterable, Mapping

from ..engine.errors import Refusal
from ..engine.ends import unknown_end
from ..engine.variants import find_variant

def high_is_good(variant: str, overrides: Mapping[str, Any] | None = None) -> bool:
    """Whether a higher hand score is better in this variant with these house rules (the variant says)."""
    return _high_is_good(variant, json.dumps(dict(overrides or {}), sort_keys=True))


@lru_cache(maxsize=256)
def _high_is_good(variant: str, overrides: str) -> bool:
    # asked once per match a page counts, with the few rule sets a table plays: resolved once each
    found = find_variant(variant)
    try:
        rules = found.rules(**json.loads(overrides))
    except (Refusal, json.JSONDecodeError):
        rules = None  # rules that no longer resolve: the variant's defaults decide
    return found.high_wins(rules)


@dataclass
class Played:
    """One replayed match as the stats see it: its standings, or the summary of them kept with the
    match (:func:`match_summary`; what a table's pages read, so that they replay nothing)."""

    variant: str
    rules: Mapping[str, Any]
    players: list[str]
    status: str  # active | finished | abandoned
    stake: str | None
    standings: Any  # engine.match.Standings, or None if the match no longer replays (or summary is given)
    summary: dict[str, Any] | None = None

    def summed(self) -> dict[str, Any] | None:
        """The match's summary (made from its standings if none was given); None if it does not replay."""
        if self.summary is None and self.standings is not None:
            self.summary = match_summary(self.standings, self.players)
        return self.summary


def _tallied(variant: Any, tally: str) -> Any:
    """The end whose words say a stats line: the game's end that counts toward ``tally``."""
    found = next((variant.end(key) for key in variant.ends if variant.end(key).tally == tally), None)
    return found or unknown_end(tally)


def match_summary(standings: Any, seats: list[str]) -> dict[str, Any]:
    """What the stats count of one match, by seat, as JSON-safe values (money as strings): each seat's
    hands, score sum, lowest and highest hand score, ways of ending a hand, rebuys, money paid and won,
    place, the winners, each seat's side (the index of its side in a game scored by sides, else None),
    and for each two seats how many hands each scored less than the other."""
    variant = find_variant(standings.variant)
    seat = {name: i for i, name in enumerate(seats)}
    n = len(seats)
    hands, total = [0] * n, [0] * n
    low: list[int | None] = [None] * n
    high: list[int | None] = [None] * n
    ends: dict[str, dict[str, int]] = {}
    # "i j" (i < j): [hands where seat i scored less than seat j, hands where it scored more]
    pairs: dict[str, list[int]] = {}
    for hand in standings.hands:
        if hand.kind != "hand":
            continue
        # a sheet of several games scores a hand by its own points (the nets move only when a game closes)
        own = hand.hand_points if standings.games is not None else None
        scored = [(seat[name], own.get(name, 0) if own is not None else score)
                  for name, score in hand.scores.items() if name in seat]
        for i, score in scored:
            hands[i] += 1
            total[i] += score
            low[i] = score if low[i] is None else min(low[i], score)
            high[i] = score if high[i] is None else max(high[i], score)
        for i, a in scored:
            for j, b in scored:
                if i < j and a != b:
                    pairs.setdefault(f"{i} {j}", [0, 0])[0 if a < b else 1] += 1
        # counted by the stats line the game's end counts toward (a big gin is a gin)
        tally = variant.end(hand.end).tally if hand.end else None
        if tally and hand.by in seat:
            counted = ends.setdefault(str(seat[hand.by]), {})
            counted[tally] = counted.get(tally, 0) + 1
    by_name = {p.name: p for p in standings.players}
    players = [by_name.get(name) for name in seats]
    side_index = {side.name: k for k, side in enumerate(standings.sides)}
    return {
        "hands": hands, "sum": total, "low": low, "high": high, "ends": ends, "pairs": pairs,
        "winners": [seat[w] for w in standings.winners if w in seat],
        "rebuys": [p.rebuys if p else 0 for p in players],
        "paid": [None if p is None or p.paid is None else str(p.paid) for p in players],
        "payouts": {str(seat[k]): str(v) for k, v in standings.payouts.items() if k in seat},
        "places": [p.place if p else None for p in players],
        "sides": [side_index.get(p.side) if p else None for p in players],
    }


@dataclass
class VariantLine:
    variant: str
    played: int = 0
    won: int = 0
    hands: int = 0
    score_sum: int = 0
    best: int | None = None
    worst: int | None = None

    @property
    def average(self) -> float | None:
        return round(self.score_sum / self.hands, 1) if self.hands else None


@dataclass
class PlayerStats:
    name: str
    by_variant: dict[str, VariantLine] = field(default_factory=dict)
    #: hands this player ended in a way the game counts (its ``End.tally``: big gins count as gins), and
    #: the end that says each tally in words
    ends: dict[str, int] = field(default_factory=dict)
    end_kinds: dict[str, Any] = field(default_factory=dict)
    rebuys: int = 0
    #: money won minus money paid in, over finished matches with a stake (None if none had one)
    net: Decimal | None = None

    def _sum(self, attr: str) -> int:
        return sum(getattr(v, attr) for v in self.by_variant.values())

    @property
    def played(self) -> int:
        return self._sum("played")

    @property
    def won(self) -> int:
        return self._sum("won")

    @property
    def hands(self) -> int:
        return self._sum("hands")

    @property
    def average(self) -> float | None:
        hands = self.hands
        return round(self._sum("score_sum") / hands, 1) if hands else None

    @property
    def best(self) -> int | None:
        """The best hand in a single-variant record (mixed variants: see each variant's line)."""
        lines = list(self.by_variant.values())
        return lines[0].best if len(lines) == 1 else None

    @property
    def worst(self) -> int | None:
        lines = list(self.by_variant.values())
        return lines[0].worst if len(lines) == 1 else None


def player_stats(matches: Iterable[Played]) -> dict[str, PlayerStats]:
    """Each player's record over ``matches`` (matches that no longer replay are skipped)."""
    out: dict[str, PlayerStats] = {}
    for m in matches:
        summary = m.summed()
        if summary is None:
            continue
        variant = find_variant(m.variant)
        high = high_is_good(m.variant, m.rules)
        better = max if high else min
        worse = min if high else max
        for i, name in enumerate(m.players):
            ps = out.setdefault(name, PlayerStats(name))
            line = ps.by_variant.setdefault(m.variant, VariantLine(m.variant))
            line.played += 1
            if m.status == "finished" and i in summary["winners"]:
                line.won += 1
            if summary["hands"][i]:
                line.hands += summary["hands"][i]
                line.score_sum += summary["sum"][i]
                best, worst = (summary["high"][i], summary["low"][i]) if high else (summary["low"][i], summary["high"][i])
                line.best = best if line.best is None else better(line.best, best)
                line.worst = worst if line.worst is None else worse(line.worst, worst)
            for tally, count in summary["ends"].get(str(i), {}).items():
                ps.ends[tally] = ps.ends.get(tally, 0) + count
                ps.end_kinds.setdefault(tally, _tallied(variant, tally))
            ps.rebuys += summary["rebuys"][i]
            paid = summary["paid"][i]
            if m.stake is not None and m.status == "finished" and paid is not None:
                won = Decimal(summary["payouts"].get(str(i), 0))
                ps.net = (ps.net or Decimal("0")) + won - Decimal(paid)
    return dict(sorted(out.items(), key=lambda kv: (-kv[1].won, -kv[1].played, kv[0].casefold())))


@dataclass
class HeadToHead:
    a: str
    b: str
    together: int = 0
    finished: int = 0
    a_won: int = 0
    b_won: int = 0
    #: matches where one finished in a better place than the other (finished matches only)
    a_ahead: int = 0
    b_ahead: int = 0
    #: hands both played where one scored better than the other
    a_better_hands: int = 0
    b_better_hands: int = 0
    by_variant: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def head_to_head(matches: Iterable[Played], a: str, b: str) -> HeadToHead:
    """How ``a`` and ``b`` fared in the matches they both played."""
    h = HeadToHead(a, b)
    for m in matches:
        summary = m.summed()
        if summary is None or a not in m.players or b not in m.players:
            continue
        h.together += 1
        h.by_variant[m.variant] += 1
        high = high_is_good(m.variant, m.rules)
        i, j = m.players.index(a), m.players.index(b)
        less, more = summary["pairs"].get(f"{min(i, j)} {max(i, j)}", [0, 0])
        a_less, a_more = (less, more) if i < j else (more, less)
        h.a_better_hands += a_more if high else a_less
        h.b_better_hands += a_less if high else a_more
        if m.status != "finished":
            continue
        h.finished += 1
        h.a_won += i in summary["winners"]
        h.b_won += j in summary["winners"]
        place = summary["places"]
        if place[i] is not None and place[j] is not None:
            if place[i] < place[j]:
                h.a_ahead += 1
            elif place[j] < place[i]:
                h.b_ahead += 1
    h.by_variant = dict(h.by_variant)
    return h


def streaks(matches: Iterable[Played]) -> dict[str, int]:
    """Each player's current streak: the finished matches they won in a row, counted back from the
    last finished match they played (0 if they did not win it). ``matches`` oldest first."""
    out: dict[str, int] = {}
    ended: set[str] = set()
    for m in reversed(list(matches)):
        summary = m.summed()
        if summary is None or m.status != "finished":
            continue
        for i, name in enumerate(m.players):
            if name in ended:
                continue
            if i in summary["winners"]:
                out[name] = out.get(name, 0) + 1
            else:
                out.setdefault(name, 0)
                ended.add(name)
    return dict(sorted(out.items(), key=lambda kv: kv[0].casefold()))


__all__ = ["HeadToHead", "Played", "match_summary", "PlayerStats", "VariantLine", "head_to_head", "high_is_good", "player_stats", "streaks"]
