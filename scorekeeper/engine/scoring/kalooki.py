"""Kalooki's scoring (RULES.md §6, §10.6): win points and penalties kept apart.

Going out: the winner gets +20 win points, everyone else adds the value of every card they hold. Hunt
(everything laid in one turn): +40 win points, penalties × ``hunt_multiplier``. A penalty total over 150
is out; a buy-in comes back on the highest total still in while at least 3 remain, once, for half the
stake; the last one in wins. ``win_points_race``: the first to ``win_points_target`` win points wins.

>>> from scorekeeper.engine.match import replay
>>> k2 = {"kind": "hand", "end": "out", "by": "P1", "held": {"P2": {"cards": "KS 7D JK"}, "P3": {"cards": "AH 2C"},
...       "P4": {"cards": "5S"}}}
>>> s = replay({"variant": "kalooki", "players": ["P1", "P2", "P3", "P4"], "entries": [k2]})
>>> [(p.name, p.total, p.win_points) for p in s.players]
[('P1', 0, 20), ('P2', 32, 0), ('P3', 13, 0), ('P4', 5, 0)]
"""

from __future__ import annotations

from typing import Any

from .base import Hand, HandScore, Held, MatchState, PlayerState, RebuyPolicy
from .going_out import GoingOutScorer

#: Fixed, not switches (§10.6).
WIN_POINTS = {"out": 20, "hunt": 40}

DEFAULTS: dict[str, Any] = {
    "joker_value": 15, "opening_min": 40, "allow_duplicate_suits_in_natural_sets": False, "ace_low_allowed": False,
    "hunt_multiplier": 2, "match_mode": "elimination", "elimination_target": 150, "elimination_inclusive": False,
    "rebuy_min_remaining": 3, "max_rebuys": 1, "rebuy_cost": "half_stake", "win_points_target": 200,
    "jokers_in_deck": 2, "hunt_exempt_from_opening": False,
}


class KalookiScorer(GoingOutScorer):
    key = "kalooki"
    ends = ("out", "hunt")
    keeps_win_points = True
    DEFAULTS = DEFAULTS
    FALLBACK_VALUES = (15, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

    def typed_maximum(self) -> int | None:
        return 13 * max(11, int(self.rules.get("joker_value", 15)))

    def loser_counts(self, hand: Hand, held: Held) -> list[int]:
        return [13] + list(range(1, 11))

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        hunt = hand.end == "hunt"
        if hunt and not self.rules.get("hunt_exempt_from_opening", False):
            self.check_opening(hand, int(self.rules.get("opening_min", 40)))
        mult = int(self.rules.get("hunt_multiplier", 2)) if hunt else 1
        win = WIN_POINTS[hand.end]
        scored = HandScore(winner=hand.by, summary=f"{hand.by} {'hunted' if hunt else 'went out'}: +{win} win points")
        scored.scores[hand.by] = 0
        scored.win_points[hand.by] = win
        scored.explanations[hand.by] = f"{'hunt' if hunt else 'went out'}: +{win} win points"
        for name in hand.others:
            raw, text = self.raw_count(hand, hand.held[name])
            points = raw * mult
            scored.scores[name] = points
            scored.raw[name] = raw
            scored.explanations[name] = text + (f" × {mult} = {points}" if mult != 1 else "")
        return scored

    def race(self) -> bool:
        return self.rules.get("match_mode", "elimination") == "win_points_race"

    def elimination(self) -> tuple[int, bool] | None:
        if self.race():
            return None
        return int(self.rules.get("elimination_target", 150)), bool(self.rules.get("elimination_inclusive", False))

    def rebuy_policy(self) -> RebuyPolicy | None:
        if self.race():
            return None
        return self.rebuy_from_rules(cost_switch="rebuy_cost", default_cost="half_stake", min_remaining=3, max_rebuys=1)

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.race():
            target = int(self.rules.get("win_points_target", 200))
            if state.players[hand.by].win_points >= target:
                return [hand.by]
        return None

    def place_key(self, ps: PlayerState) -> tuple:
        """``win_points_race``: most win points first, as ``leader``; then lowest penalty, then win points."""
        if self.race():
            return (-ps.win_points,)
        return (ps.total, -ps.win_points)

    def leaders(self, state: MatchState) -> list[str]:
        """Lowest penalty total, then the most win points (D6, §10.0.8)."""
        names = state.still_in or list(state.players)
        if self.race():
            best = max(state.players[n].win_points for n in names)
            return [n for n in names if state.players[n].win_points == best]
        key = min((state.players[n].total, -state.players[n].win_points) for n in names)
        return [n for n in names if (state.players[n].total, -state.players[n].win_points) == key]
