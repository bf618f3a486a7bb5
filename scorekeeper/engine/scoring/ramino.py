"""Ramino's scoring (RULES.md §3, §10.3): going out, or out in one turn (the others' penalties doubled),
each hand's penalty rounded to the nearest ten; the match ends when a total reaches 1000, lowest wins.

Order for a loser (§10.0.9): raw count (or ``unopened_flat_penalty`` for a player who never opened) →
doubled for a one-turn out → rounded (``round_before_double`` swaps the last two).

>>> from scorekeeper.engine.match import replay
>>> ra2 = {"kind": "hand", "end": "out", "by": "W", "held": {"X": {"cards": "8D KC 7H"}, "Y": {"cards": "AS 4D"},
...        "Z": {"cards": "4C"}}}
>>> replay({"variant": "ramino", "players": ["W", "X", "Y", "Z"], "entries": [ra2]}).hands[0].explanations["X"]
'8♦ K♣ 7♥: 8 + 10 + 7 = 25, rounded to 30'
"""

from __future__ import annotations

from typing import Any

from .base import Hand, HandScore, Held, MatchState, RebuyPolicy, round_to_ten
from .going_out import GoingOutScorer

DEFAULTS: dict[str, Any] = {
    "opening_min": 50, "opening_single_meld": False, "allow_ace_both_ends_in_run": False, "rounding_mode": "half_up",
    "round_before_double": False, "hand_close_exempt_from_opening": False, "unopened_flat_penalty": None,
    "tie_break": "shared", "target": 1000, "match_mode": "target_lowest_wins",
}


class RaminoScorer(GoingOutScorer):
    key = "ramino"
    ends = ("out", "out_in_one_turn")
    DEFAULTS = DEFAULTS
    FALLBACK_VALUES = (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

    def typed_maximum(self) -> int | None:
        return 13 * 25

    def loser_counts(self, hand: Hand, held: Held) -> list[int]:
        # never opened: all 13 dealt; opened: has laid at least 3 (§10.0.4)
        return [13] + list(range(1, 11))

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        one_turn = hand.end == "out_in_one_turn"
        if one_turn and not self.rules.get("hand_close_exempt_from_opening", False):
            self.check_opening(hand, int(self.rules.get("opening_min", 50)),
                               bool(self.rules.get("opening_single_meld", False)))
        scored = HandScore(winner=hand.by, summary=f"{hand.by} went out" + (" in one turn" if one_turn else ""))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = "went out: 0"
        for name in hand.others:
            scored.scores[name], scored.explanations[name], scored.raw[name] = self.penalty(hand, hand.held[name], one_turn)
        return scored

    def penalty(self, hand: Hand, held: Held, doubled: bool) -> tuple[int, str, int]:
        raw, text = self.raw_count(hand, held)
        flat = self.rules.get("unopened_flat_penalty")
        never_opened = (held.cards is not None and len(held.cards) == 13) or (held.typed and not held.opened)
        if flat is not None and never_opened:
            raw, text = int(flat), f"never opened: {flat}"
        mode = self.rules.get("rounding_mode", "half_up")
        points = raw
        if doubled and self.rules.get("round_before_double", False):
            rounded = round_to_ten(raw, mode)
            points = rounded * 2
            text += f", rounded to {rounded}, × 2 = {points}" if rounded != raw else f" × 2 = {points}"
            return points, text, raw
        if doubled:
            points = raw * 2
            text += f" × 2 = {points}"
        rounded = round_to_ten(points, mode)
        if rounded != points:
            text += f", rounded to {rounded}"
        return rounded, text, raw

    # -- the match ------------------------------------------------------------------------------------

    def elimination_mode(self) -> bool:
        return self.rules.get("match_mode", "target_lowest_wins") == "elimination"

    def elimination(self) -> tuple[int, bool] | None:
        if not self.elimination_mode():
            return None
        return int(self.rules.get("elimination_target", 100) or 100), bool(self.rules.get("elimination_inclusive", False))

    def rebuy_policy(self) -> RebuyPolicy | None:
        if not self.elimination_mode():
            return None
        return self.rebuy_from_rules(default_cost="same_stake")

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.elimination_mode():
            return None
        target = int(self.rules.get("target", 1000))
        if not any(state.players[p].total >= target for p in state.players):
            return None
        lowest = self.best_of(state.still_in, state)
        if len(lowest) > 1 and self.rules.get("tie_break", "shared") == "play_another_hand":
            return None  # the match stays open until one hand ends with a single lowest total
        return lowest

    def notes(self, state: MatchState) -> list[str]:
        if state.finished or self.elimination_mode():
            return []
        target = int(self.rules.get("target", 1000))
        if any(p.total >= target for p in state.players.values()):
            return ["tie for the lowest total: another hand is played"]
        return []
