"""What the games scored "meld plus, hand minus" by side share (Classic Canasta, Hand and Foot): the
cards laid count for the side and the cards held against it, high totals win, the melds are counted
(by canastas or books and points), never checked card by card, and every hand is entered by side.

A game puts ``MeldPlusHandMinus`` before ``Variant`` in its bases and names its own ``counted_words``
(the meld checker's answer).
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from ..hands import Hand, MatchState
from ..i18n import Message, _, joined
from ..melds import InvalidMeldError, MeldCheck, MeldRules
from .base import Rules


def _terms(first: Any, rest: Sequence[tuple[int, Any]]) -> list[Any]:
    """A sum in words: the first term, then each (sign, term) as "+ term" or "− term"."""
    out = [first]
    for sign, term in rest:
        out.append(_("+ {term}", term=term) if sign > 0 else _("− {term}", term=term))
    return out


class MeldPlusHandMinus:
    """The Canasta family's shared answers; the game keeps its own sheet, checks and score."""

    #: why the meld checker does not check this game's melds card by card
    counted_words: ClassVar[str]

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self._resolve(rules)
        # joker 50, ace 20, two 20, three (black) to seven 5, eight to king 10
        return (50, 20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        raise InvalidMeldError(self.counted_words)

    def check_meld(self, cards: Any, rules: Rules | None = None) -> MeldCheck:
        raise InvalidMeldError(self.counted_words)

    def high_wins(self, rules: Rules | None = None) -> bool:
        return True

    def may_leave_out(self, hand: Hand, player: str) -> bool:
        return True  # nobody's ``held``: hands are entered by side

    @staticmethod
    def said(score: int, terms: list[tuple[int, Any]]) -> Message:
        """A side's hand in words: "500 + 300 + 100 (out) + 235 − 20 = 1,115"."""
        total = _("{total:,}", total=score) if score >= 0 else _("−{total:,}", total=-score)
        if not terms:
            return total
        sign, first = terms[0]
        head = first if sign > 0 else _("−{term}", term=first)
        return _("{terms} = {total}", terms=joined(" ", _terms(head, terms[1:])), total=total)

    def leaders(self, state: MatchState) -> list[str]:
        best = max(ps.total for ps in state.players.values())
        return [p for p, ps in state.players.items() if ps.total == best]

    def winners_unless_tied(self, state: MatchState, play_on: bool) -> list[str] | None:
        """The players of the highest total as the match ends; None when ``play_on`` and several units
        (sides, or players where there are none) share it: the table plays another hand."""
        top = self.leaders(state)
        units = {next((s.name for s in self.sides if p in s.members), p) for p in top}
        return None if play_on and len(units) > 1 else top


__all__ = ["MeldPlusHandMinus"]
