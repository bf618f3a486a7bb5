"""Rumino's scoring (RULES.md §1, §10.1): knock, gin ("ten less") and rumino, in the order of the rule sheet.

Everyone adds their own deadwood (the hand arranged for least deadwood, jokers wild, no laying off by
default); the knocker too, unless ``knocker_scores_zero``; a gin takes ``gin_score`` (−10) off the gin
player's total; a rumino wins the match and the pot at once. A total of 100 or more is out; rebuys come
back on the highest total still in while at least two players remain; three gins in a row win.

>>> from scorekeeper.engine.match import replay
>>> doc = {"variant": "rumino", "players": ["A", "B"], "entries": [
...     {"kind": "hand", "end": "knock", "by": "A", "held": {"A": {"points": 4}, "B": {"cards": "KS KH KD 2C 3D 8H QS"}}}]}
>>> [p.total for p in replay(doc).players]
[4, 23]
"""

from __future__ import annotations

from typing import Any

from ..cards import format_cards
from .base import Hand, HandScore, Held, MatchState, RebuyPolicy, Scorer, check_typed
from .knock import Layout, Shape, defender_deadwood, layouts, least_deadwood

KNOCK_LIMIT = 7
ELIMINATION_TARGET = 100
HAND_SIZE = 7

DEFAULTS: dict[str, Any] = {
    "sets_distinct_suits": False, "max_run_length": 4, "min_naturals_per_meld": 1, "allow_layoff": False,
    "joker_value": 10, "knocker_scores_zero": False, "knock_undercut_penalty": 0, "gin_score": -10,
    "elimination_inclusive": True, "rebuy_score": "highest_remaining", "rebuy_min_remaining": 2,
    "max_rebuys": None, "three_gins_rule": "any_consecutive", "rebuy_cost_mode": "double_per_entry",
    "all_bust_resolution": "lowest_total", "rumino_naturals_only": False, "jokers_in_deck": 4,
    "floor_total_at_zero": False,
}


class RuminoScorer(Scorer):
    key = "rumino"
    ends = ("knock", "gin", "rumino")
    DEFAULTS = DEFAULTS
    FALLBACK_VALUES = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.streak: tuple[str | None, int] = (None, 0)

    def decks(self) -> int:
        return 2

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        if hand.end == "rumino":
            return True  # a rumino ends the match: nobody else's hand is scored
        return player == hand.by and hand.end != "knock"

    # -- one function per way a hand ends --------------------------------------------------------------

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        self.check_copies(hand, melds_are_extra=hand.held.get(hand.by) is None or hand.held[hand.by].typed)
        for held in hand.held.values():
            self.card_count(hand, held, [HAND_SIZE], "must show")
        if hand.end == "rumino":
            return self.rumino(hand)
        if hand.end == "gin":
            return self.gin(hand)
        return self.knock(hand)

    def rumino(self, hand: Hand) -> HandScore:
        held = hand.held.get(hand.by)
        if held is not None:
            if held.typed:
                if held.points:
                    raise hand.error(f"{hand.by} made a rumino: no points are entered", player=hand.by, field="points")
            else:
                check = self._is_rumino(held)
                if not check.valid:
                    raise hand.error(f"{hand.by}'s cards are not a rumino: {check.reason}", player=hand.by,
                                     field="cards")
        return HandScore(summary=f"{hand.by} made a rumino and wins the match", wins_match=hand.by,
                         winner=hand.by, explanations={hand.by: "rumino: wins the match and the pot"})

    def gin(self, hand: Hand) -> HandScore:
        held = hand.held.get(hand.by)
        if held is not None:
            if held.typed and held.points:
                raise hand.error(f"{hand.by} went gin: a gin hand has no deadwood, so its points must be 0",
                                 player=hand.by, field="points")
            if not held.typed:
                left = self.arrange(held.cards).deadwood
                if left:
                    # 7 cards with nothing over are a 4-lay and a 3-lay (a longer lay splits into them)
                    verb = "is" if len(left) == 1 else "are"
                    raise hand.error(f"{hand.by} went gin but {format_cards(left)} {verb} not in a meld: "
                                     f"not gin, which is a 4-lay and a 3-lay", player=hand.by, field="cards")
        gin_score = int(self.rules.get("gin_score", -10))
        scored = HandScore(summary=f"{hand.by} went gin", winner=hand.by)
        scored.scores[hand.by] = gin_score
        scored.explanations[hand.by] = f"gin: {gin_score:+d}" if gin_score else "gin: 0"
        for name in hand.others:
            points, why = self.deadwood(hand, hand.held[name], None)
            scored.scores[name] = points
            scored.explanations[name] = why
        return scored

    def knock(self, hand: Hand) -> HandScore:
        knocker = hand.held[hand.by]
        layoff = bool(self.rules.get("allow_layoff", False))
        if knocker.typed:
            dw = check_typed(hand, knocker, maximum=None)
            if dw > KNOCK_LIMIT:
                raise hand.error(f"cannot knock with {dw}: the limit is {KNOCK_LIMIT}", player=hand.by,
                                 field="points")
            if layoff and hand.melds is None and any(not hand.held[n].typed for n in hand.others):
                raise hand.error("enter the knocker's melds, or the others' points after lay-offs", field="melds")
            return self.knock_result(hand, dw, f"deadwood {dw}", hand.melds)
        if hand.melds is not None or not layoff or all(hand.held[n].typed for n in hand.others):
            # declared, or the arrangement cannot change anyone's lay-offs: least deadwood is best
            lay = self.knocker_layout(hand, knocker)
            if lay.points > KNOCK_LIMIT:
                raise hand.error(f"cannot knock with {lay.points}: the limit is {KNOCK_LIMIT}", player=hand.by,
                                 field="cards")
            return self.knock_result(hand, lay.points, f"deadwood {self._show(lay)}", lay.melds)
        # §10.1 allow_layoff with 10.4's rule: of the legal arrangements (deadwood within the limit), the one
        # best for the knocker once the others' lay-offs are counted; ties to the lower knocker deadwood
        candidates = [lay for lay in layouts(knocker.cards, self.values(), self.shape()) if lay.points <= KNOCK_LIMIT]
        if not candidates:
            least = self.arrange(knocker.cards).points
            raise hand.error(f"cannot knock with {least}: the limit is {KNOCK_LIMIT}", player=hand.by, field="cards")
        best: tuple | None = None
        for lay in candidates:
            result = self.knock_result(hand, lay.points, f"deadwood {self._show(lay)}", lay.melds)
            # penalty scoring: the knocker's result is what the knocker adds (an undercut penalty included),
            # ties to the lower knocker deadwood, then to the fewest points laid off by the others
            others = sum(v for n, v in result.scores.items() if n != hand.by)
            key = (-result.scores[hand.by], -lay.points, others)
            if best is None or key > best[0]:
                best = (key, result, lay)
        assert best is not None
        _, result, lay = best
        shown = " | ".join(format_cards(m) for m in lay.melds) or "none"
        result.explanations[hand.by] += f" [melds {shown}]"
        result.arrangement = shown
        result.notes.append(f"hand {hand.index + 1}: {hand.by}'s melds taken as {shown} (best for the knocker)")
        return result

    def knock_result(self, hand: Hand, dw: int, why: str, melds: list | None) -> HandScore:
        """The knock scored with the knocker's deadwood ``dw`` and melds ``melds`` (lay-offs go on them)."""
        layoff = bool(self.rules.get("allow_layoff", False))
        scored = HandScore(summary=f"{hand.by} knocked with {dw}")
        others: dict[str, int] = {}
        for name in hand.others:
            points, text = self.deadwood(hand, hand.held[name], melds if layoff else None)
            others[name] = points
            scored.scores[name] = points
            scored.explanations[name] = text
        zero = bool(self.rules.get("knocker_scores_zero", False))
        penalty = int(self.rules.get("knock_undercut_penalty", 0) or 0)
        score = 0 if zero else dw
        text = f"knock: {why}" + (" (knocker scores 0)" if zero else "")
        lower = [n for n, p in others.items() if p <= dw]
        if penalty and lower:
            score += penalty
            text += f", + {penalty}: {lower[0]} has {others[lower[0]]}, not more than {dw} = {score}"
        scored.scores[hand.by] = score
        scored.explanations[hand.by] = text
        if not lower:
            scored.winner = hand.by
        return scored

    # -- counting ----------------------------------------------------------------------------------------

    def shape(self) -> Shape:
        return Shape.of(self.meld_rules())

    def arrange(self, cards: list) -> Layout:
        return least_deadwood(cards, self.values(), self.shape())

    def knocker_layout(self, hand: Hand, held: Held) -> Layout:
        if hand.melds is None:
            return self.arrange(held.cards)
        from ..melds import check_meld
        rest = list(held.cards)
        for meld in hand.melds:
            check = check_meld(meld, self.meld_rules())
            if not check.valid:
                raise hand.error(f"{format_cards(meld)}: {check.reason}", player=hand.by, field="melds")
            for card in meld:
                if card in rest:
                    rest.remove(card)
                elif card.is_joker and any(c.is_joker for c in rest):
                    rest.remove(next(c for c in rest if c.is_joker))
                else:
                    raise hand.error(f"{card} is in a meld but not in {hand.by}'s cards", player=hand.by,
                                     field="melds")
        vals = self.values()
        return Layout(hand.melds, rest, sum(vals[c.rank] for c in rest))

    def deadwood(self, hand: Hand, held: Held, knocker_melds: list | None) -> tuple[int, str]:
        if held.typed:
            top = HAND_SIZE * max(10, int(self.rules.get("joker_value", 10)))
            points = check_typed(hand, held, maximum=top)
            return points, f"deadwood {points}"
        if knocker_melds:
            lay = defender_deadwood(held.cards, knocker_melds, self.values(), self.shape())
        else:
            lay = self.arrange(held.cards)
        return lay.points, f"deadwood {self._show(lay)}"

    def _show(self, lay: Layout) -> str:
        vals = self.values()
        if not lay.deadwood:
            return "0"
        parts = [vals[c.rank] for c in lay.deadwood]
        laid = f" after laying off {format_cards(lay.laid_off)}" if lay.laid_off else ""
        if len(parts) == 1:
            return f"{format_cards(lay.deadwood)} = {lay.points}{laid}"
        return f"{format_cards(lay.deadwood)} = {' + '.join(map(str, parts))} = {lay.points}{laid}"

    def _is_rumino(self, held: Held) -> Any:
        if self.variant is not None and hasattr(self.variant, "is_rumino"):
            return self.variant.is_rumino(held.cards, self.rules.raw)
        from ..melds import is_rumino
        return is_rumino(held.cards, self.meld_rules(), bool(self.rules.get("rumino_naturals_only", False)))

    # -- the match ---------------------------------------------------------------------------------------

    def elimination(self) -> tuple[int, bool] | None:
        return ELIMINATION_TARGET, bool(self.rules.get("elimination_inclusive", True))

    def rebuy_policy(self) -> RebuyPolicy | None:
        return RebuyPolicy(min_remaining=int(self.rules.get("rebuy_min_remaining", 2)),
                           max_rebuys=self.rules.get("max_rebuys"),
                           score=self.rules.get("rebuy_score", "highest_remaining"),
                           cost=self.rules.get("rebuy_cost_mode", "double_per_entry"))

    def all_bust_replays(self) -> bool:
        return self.rules.get("all_bust_resolution", "lowest_total") == "replay_hand"

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        """Three gins by the same player (A5): in a row anywhere, or in the first three hands."""
        rule = self.rules.get("three_gins_rule", "any_consecutive")
        who, count = self.streak
        if hand.end == "gin":
            count = count + 1 if who == hand.by else 1
            who = hand.by
        else:
            who, count = None, 0
        self.streak = (who, count)
        if rule == "off" or count < 3:
            return None
        if rule == "opening_three" and hand.number != 3:
            return None
        return [hand.by]

    def notes(self, state: MatchState) -> list[str]:
        who, count = self.streak
        if not state.finished and who and count >= 1 and self.rules.get("three_gins_rule") != "off":
            return [f"{who} has {count} gin{'s' if count > 1 else ''} in a row"]
        return []
