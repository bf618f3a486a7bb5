"""Basic Rummy's scoring (RULES.md §6b, §10.7): the winner collects the others' cards, or everyone adds
their own.

``points_race`` (default): the player who goes out scores the total of the others' cards, doubled when
they went out in one turn (``rummy_multiplier``); first to ``target`` wins, equal highest share.
``elimination``: each loser adds their own cards (doubled after a one-turn out); over ``target`` is out;
rebuys as in Rumino when ``rebuys`` is on; the last one left wins.

>>> from scorekeeper.engine.match import replay
>>> h = {"kind": "hand", "end": "out", "by": "A", "held": {"B": {"cards": "KS 4D"}, "C": {"cards": "AC 2C 9H"}}}
>>> replay({"variant": "rummy", "players": ["A", "B", "C"], "entries": [h]}).hands[0].scores
{'A': 26, 'B': 0, 'C': 0}
"""

from __future__ import annotations

from typing import Any

from .base import Hand, HandScore, Held, MatchState, RebuyPolicy
from .going_out import GoingOutScorer

DEFAULTS: dict[str, Any] = {
    "jokers_in_deck": 0, "joker_value": 15, "cards_dealt": None, "ace_run_position": "low_only", "ace_value": 1,
    "rummy_multiplier": 2, "match_mode": "points_race", "target": 100, "elimination_inclusive": False,
    "rebuys": False,
}


class RummyScorer(GoingOutScorer):
    key = "rummy"
    ends = ("out", "out_in_one_turn")
    DEFAULTS = DEFAULTS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lower_wins = self.elimination_mode()

    def elimination_mode(self) -> bool:
        return self.rules.get("match_mode", "points_race") == "elimination"

    def dealt(self) -> int:
        n = self.rules.get("cards_dealt")
        return int(n) if n else (10 if len(self.players) == 2 else 7)

    def typed_maximum(self) -> int | None:
        values = self.values()
        # the joker's value counts only when jokers are in the deck
        highest = max(values[1:] + ((values[0],) if self.jokers() else ()))
        return self.dealt() * highest

    def loser_counts(self, hand: Hand, held: Held) -> range:
        return range(1, self.dealt() + 1)

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_cards(hand)
        self.check_melds(hand)
        one_turn = hand.end == "out_in_one_turn"
        mult = int(self.rules.get("rummy_multiplier", 2)) if one_turn else 1
        scored = HandScore(winner=hand.by, summary=f"{hand.by} went out" + (" in one turn" if one_turn else ""))
        counts = {n: self.raw_count(hand, hand.held[n]) for n in hand.others}
        if self.elimination_mode():
            scored.scores[hand.by] = 0
            scored.explanations[hand.by] = "went out: 0"
            for name, (raw, text) in counts.items():
                scored.scores[name] = raw * mult
                scored.explanations[name] = text + (f" × {mult} = {raw * mult}" if mult != 1 else "")
            return scored
        total = sum(raw for raw, _ in counts.values())
        parts = " + ".join(str(raw) for raw, _ in counts.values())
        points = total * mult
        text = f"collects {parts} = {total}" if len(counts) > 1 else f"collects {total}"
        if mult != 1:
            text = f"collects ({parts}) × {mult} = {points}"
        scored.scores = {n: 0 for n in hand.players_in}
        scored.scores[hand.by] = points
        scored.explanations[hand.by] = text
        for name, (raw, text) in counts.items():
            scored.explanations[name] = f"holds {text}"
        return scored

    def elimination(self) -> tuple[int, bool] | None:
        if not self.elimination_mode():
            return None
        return int(self.rules.get("target", 100)), bool(self.rules.get("elimination_inclusive", False))

    def rebuy_policy(self) -> RebuyPolicy | None:
        if not self.elimination_mode() or not self.rules.get("rebuys", False):
            return None
        return self.rebuy_from_rules()

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if self.elimination_mode():
            return None
        target = int(self.rules.get("target", 100))
        if any(state.players[p].total >= target for p in state.players):
            return self.best_of(list(state.players), state)
        return None
