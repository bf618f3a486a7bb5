"""Player statistics and head-to-head records, computed from replays (never from stored counters).

The web layer replays each match and hands the results here as :class:`Played` records; nothing in
this module touches the database. Whether a hand score is "best" when low or when high is the variant's
answer (``Variant.high_wins``): low in the penalty games, high where points are won (Gin, Oklahoma,
Rummy's points race), free scoring by its ``winner`` switch.

>>> from scorekeeper.engine.match import replay
>>> doc = {"variant": "free", "players": ["Ann", "Ben"], "entries": [
...     {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 12}, "Ben": {"points": 3}}},
...     {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 0}, "Ben": {"points": 20}}}]}
>>> stats = player_stats([Played("free", {}, ["Ann", "Ben"], "finished", None, replay(doc))])
>>> ann = stats["Ann"]
>>> ann.played, ann.hands, ann.average, ann.best, ann.worst
(1, 2, 6.0, 0, 12)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Iterable, Mapping

from .engine.variants import find_variant

def high_is_good(variant: str, overrides: Mapping[str, Any] | None = None) -> bool:
    """Whether a higher hand score is better in this variant with these house rules (the variant says).

    >>> high_is_good("gin"), high_is_good("rumino"), high_is_good("free", {"winner": "highest"})
    (True, False, True)
    """
    found = find_variant(variant)
    try:
        rules = found.rules(**dict(overrides or {}))
    except ValueError:
        rules = None  # rules that no longer resolve: the variant's defaults decide
    return found.high_wins(rules)


@dataclass
class Played:
    """One replayed match as the stats see it."""

    variant: str
    rules: Mapping[str, Any]
    players: list[str]
    status: str  # active | finished | abandoned
    stake: str | None
    standings: Any  # engine.match.Standings, or None if the match no longer replays


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


def _hand_scores(played: Played) -> Iterable[Any]:
    return [h for h in played.standings.hands if h.kind == "hand"]


def player_stats(matches: Iterable[Played]) -> dict[str, PlayerStats]:
    """Each player's record over ``matches`` (matches that no longer replay are skipped)."""
    out: dict[str, PlayerStats] = {}
    for m in matches:
        if m.standings is None:
            continue
        variant = find_variant(m.variant)
        high = high_is_good(m.variant, m.rules)
        better = max if high else min
        worse = min if high else max
        for name in m.players:
            ps = out.setdefault(name, PlayerStats(name))
            line = ps.by_variant.setdefault(m.variant, VariantLine(m.variant))
            line.played += 1
            if m.status == "finished" and name in m.standings.winners:
                line.won += 1
        for hand in _hand_scores(m):
            for name, score in hand.scores.items():
                if name not in out:
                    continue
                line = out[name].by_variant[m.variant]
                line.hands += 1
                line.score_sum += score
                line.best = score if line.best is None else better(line.best, score)
                line.worst = score if line.worst is None else worse(line.worst, score)
            end = variant.end(hand.end) if hand.end else None
            if end is not None and end.tally and hand.by in out:
                ends = out[hand.by].ends
                ends[end.tally] = ends.get(end.tally, 0) + 1
                out[hand.by].end_kinds.setdefault(end.tally, end)
        for standing in m.standings.players:
            if standing.name not in out:
                continue
            ps = out[standing.name]
            ps.rebuys += standing.rebuys
            if m.stake is not None and m.status == "finished" and standing.paid is not None:
                won = Decimal(m.standings.payouts.get(standing.name, 0))
                ps.net = (ps.net or Decimal("0")) + won - Decimal(standing.paid)
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
    """How ``a`` and ``b`` fared in the matches they both played.

    >>> from scorekeeper.engine.match import replay
    >>> doc = {"variant": "free", "players": ["Ann", "Ben"], "entries": [
    ...     {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Ben": {"points": 3}}}]}
    >>> doc["rules"] = {"target": 3}
    >>> h = head_to_head([Played("free", doc["rules"], ["Ann", "Ben"], "finished", None, replay(doc))], "Ann", "Ben")
    >>> h.together, h.a_won, h.a_ahead, h.a_better_hands
    (1, 1, 1, 1)
    """
    h = HeadToHead(a, b)
    for m in matches:
        if m.standings is None or a not in m.players or b not in m.players:
            continue
        h.together += 1
        h.by_variant[m.variant] += 1
        high = high_is_good(m.variant, m.rules)
        for hand in _hand_scores(m):
            if a in hand.scores and b in hand.scores and hand.scores[a] != hand.scores[b]:
                a_better = (hand.scores[a] > hand.scores[b]) == high
                if a_better:
                    h.a_better_hands += 1
                else:
                    h.b_better_hands += 1
        if m.status != "finished":
            continue
        h.finished += 1
        h.a_won += a in m.standings.winners
        h.b_won += b in m.standings.winners
        place = {p.name: p.place for p in m.standings.players}
        if place[a] < place[b]:
            h.a_ahead += 1
        elif place[b] < place[a]:
            h.b_ahead += 1
    h.by_variant = dict(h.by_variant)
    return h


def streaks(matches: Iterable[Played]) -> dict[str, int]:
    """Each player's current streak: the finished matches they won in a row, counted back from the
    last finished match they played (0 if they did not win it). ``matches`` oldest first.

    >>> from scorekeeper.engine.match import replay
    >>> def match(points):
    ...     doc = {"variant": "free", "rules": {"target": 1}, "players": ["Ann", "Ben"], "entries": [
    ...         {"kind": "hand", "end": "scores", "held": {"Ann": {"points": points[0]}, "Ben": {"points": points[1]}}}]}
    ...     return Played("free", doc["rules"], ["Ann", "Ben"], "finished", None, replay(doc))
    >>> streaks([match((0, 2)), match((2, 0)), match((0, 3)), match((1, 5))])
    {'Ann': 2, 'Ben': 0}
    """
    out: dict[str, int] = {}
    ended: set[str] = set()
    for m in reversed(list(matches)):
        if m.standings is None or m.status != "finished":
            continue
        for name in m.players:
            if name in ended:
                continue
            if name in m.standings.winners:
                out[name] = out.get(name, 0) + 1
            else:
                out.setdefault(name, 0)
                ended.add(name)
    return dict(sorted(out.items(), key=lambda kv: kv[0].casefold()))


__all__ = ["HeadToHead", "Played", "PlayerStats", "VariantLine", "head_to_head", "high_is_good", "player_stats", "streaks"]
