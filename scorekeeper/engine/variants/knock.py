"""What the knock games share (Rumino, Gin Rummy, Oklahoma Gin): the knocker, the defenders, lay-offs.

A knock game counts only **deadwood**: the cards a player cannot meld after arranging the hand for the
least (docs/rules/common.md#two-ways-to-count-a-losers-cards). Every count here comes from
``scorekeeper.engine.solver``: the least deadwood (``arrange``), a defender's lay-offs on the knocker's melds (``layoff``, exact: run caps,
jokers, identical cards from two decks, runs and sets extended again and again), and the knocker's legal
layouts (``arrangements``) when the knocker declared none and lay-offs make the choice matter
(docs/rules/gin.md#knock: the layout best for the knocker once the defenders' lay-offs are counted).
"""

from __future__ import annotations

from abc import abstractmethod

from typing import Any, Callable, ClassVar, Iterable, Sequence

from .. import solver
from ..solver import Arrangement, DeclaredCheck
from ..cards import Card, format_cards
from ..i18n import _
from ..hands import Deferred, Hand, HandScore, Held, check_typed
from ..melds import check_meld
from .. import verdicts as _verdicts
from ..verdicts import Verdict
from .base import Rules, _cards


class KnockGame:
    """Mixin for the knock games, placed before ``Variant`` in the bases."""

    knock_game = True
    #: the end a hand with every card melded is (Gin's and Rumino's "gin"), as the meld checker names it
    all_melded_end: ClassVar[str] = "gin"

    # -- the solver, with this variant's rules ----------------------------------------------------------

    def best_discard(self, cards: str | Iterable[Card], rules: Rules | None = None) -> tuple[Card, Arrangement]:
        """The discard that leaves the least deadwood, and the arrangement of the cards kept."""
        meld_rules, values = self.melds_and_values(rules)  # type: ignore[attr-defined]
        return solver.best_discard(_cards(cards), meld_rules, values)

    def layoff(self, defender_cards: str | Iterable[Card], knocker_melds: Iterable[str | Iterable[Card]],
               rules: Rules | None = None) -> Arrangement:
        """The defender's least deadwood after their own melds and lay-offs on the knocker's melds."""
        meld_rules, values = self.melds_and_values(rules)  # type: ignore[attr-defined]
        return solver.layoff(_cards(defender_cards), [_cards(m) for m in knocker_melds], meld_rules, values)

    def check_declared(self, melds: Iterable[str | Iterable[Card]], deadwood: str | Iterable[Card],
                       rules: Rules | None = None) -> DeclaredCheck:
        """Check a knocker's declared arrangement (legal melds, cards the deck can hold)."""
        meld_rules, values = self.melds_and_values(rules)  # type: ignore[attr-defined]
        return solver.check_declared([_cards(m) for m in melds], _cards(deadwood), meld_rules, values)

    def knock_layouts(self, cards: str | Iterable[Card], limit: int, rules: Rules | None = None) -> list[Arrangement]:
        """Every legal layout of a knocker's ``cards`` with deadwood ``limit`` or less."""
        meld_rules, values = self.melds_and_values(rules)  # type: ignore[attr-defined]
        return solver.arrangements(_cards(cards), meld_rules, values, limit)

    def big_gin_allowed(self, rules: Rules | None = None) -> bool:
        """Whether a hand may go big gin (all cards melded after the draw, no discard)."""
        return False

    def gin_own_total(self, rules: Rules | None = None) -> int | None:
        """What a gin adds to the gin player's own total, where a gin scores that way (Rumino's "ten
        less"); None where a gin scores against the others."""
        return None

    def knock_limit_with(self, upcard: Card | None, rules: Rules | None = None) -> int | None:
        """The highest deadwood a player may knock with, given the hand's upcard where the game needs
        one (None: any deadwood may knock, or the upcard is needed and not given). It reads the switch
        ``knock_limit``, which a game without a knock limit does not have."""
        return self.resolved(rules).get("knock_limit")  # type: ignore[attr-defined]

    def hand_verdict(self, cards: list[Card], rules: Rules, *, deal: int | None = None, upcard: Card | None = None,
                     minimum: int | None = None, **fields: Any) -> Verdict:
        """A knock game's whole hand (``engine.verdicts.knock_hand``): the least deadwood, after the best
        discard when the hand holds the card drawn, and whether it may knock, go gin or big gin."""
        return _verdicts.knock_hand(self, cards, rules, upcard)

    # -- scoring helpers for a bound variant ------------------------------------------------------------

    @abstractmethod
    def typed_maximum(self, rules: Rules | None = None, n_players: int | None = None) -> int:
        """The most deadwood a hand typed as points can hold (docs/rules/common.md#typed-points)."""

    def declared_arrangement(self, hand: Hand, held: Held) -> Arrangement:
        """The knocker's own melds (``hand.melds``) taken out of their cards: each must be legal and held."""
        meld_rules, values = self.melds_and_values()  # type: ignore[attr-defined]
        rest = list(held.cards or [])
        for meld in hand.melds or []:
            check = check_meld(meld, meld_rules)
            if not check.valid:
                raise hand.error(_("{cards}: {reason}", cards=format_cards(meld), reason=check.reason),
                                 player=hand.by, field="melds")
            for card in meld:
                if card in rest:
                    rest.remove(card)
                elif card.is_joker and any(c.is_joker for c in rest):
                    # a joker declared as a card (JK=9S) is the same physical joker as a plain JK
                    rest.remove(next(c for c in rest if c.is_joker))
                else:
                    raise hand.error(_("{card} is in a meld but not in {by}'s cards", card=card, by=hand.by),
                                     player=hand.by,
                                     field="melds")
        return Arrangement(tuple(tuple(m) for m in hand.melds or []), tuple(rest),
                           sum(values[c.rank] for c in rest))

    def knocker_arrangement(self, hand: Hand, held: Held) -> Arrangement:
        """The declared melds, or else the least-deadwood arrangement."""
        if hand.melds is None:
            return self.arrange(held.cards)  # type: ignore[attr-defined]
        return self.declared_arrangement(hand, held)

    def knock_candidates(self, hand: Hand, held: Held, limit: int) -> list[Arrangement]:
        """The knocker's legal layouts within ``limit``; refused when even the least deadwood is over it."""
        found = self.knock_layouts(held.cards, limit)
        if not found:
            least = self.arrange(held.cards).points  # type: ignore[attr-defined]
            raise hand.error(_("cannot knock with {points}: the limit is {limit}", points=least, limit=limit),
                             player=hand.by, field="cards")
        return found

    def defender_deadwood(self, hand: Hand, held: Held, knocker_melds: Sequence[Sequence[Card]] | None,
                          typed_note: str = "", deferred: bool = False) -> tuple[int, Any]:
        """A defender's deadwood: their own least, after lay-offs on ``knocker_melds`` when given. With
        ``deferred``, the words for cards shown are a ``Deferred`` (for ``Explanations``: said when read)."""
        if held.typed:
            points = check_typed(hand, held, maximum=self.typed_maximum())
            return points, (_("deadwood {points}{typed_note}", points=points, typed_note=typed_note) if typed_note
                            else _("deadwood {points}", points=points))
        if knocker_melds:
            found = self.layoff(held.cards, knocker_melds)
        else:
            found = self.arrange(held.cards)  # type: ignore[attr-defined]
        if deferred:
            cards = held.cards
            return found.points, Deferred(lambda: self.deadwood_words(found, cards))
        return found.points, self.deadwood_words(found, held.cards)

    def deadwood_words(self, found: Arrangement, held: Sequence[Card] = ()) -> str:
        """Deadwood in words, in the order held: "deadwood 9♠ 4♥ = 9 + 4 = 13, after laying off 6♥".

        One message for the whole sentence: replay says it for every defender of every hand."""
        if not found.deadwood:
            return _("deadwood 0")
        said = self.value_words()[1]  # type: ignore[attr-defined]
        deadwood = self.in_hand_order(found.deadwood, held)
        parts = [said[c.rank] for c in deadwood]
        laid = (_(", after laying off {cards}", cards=format_cards(self.in_hand_order(found.laid_off, held)))
                if found.laid_off else "")
        if len(parts) == 1:
            return _("deadwood {cards} = {points}{laid}", cards=format_cards(deadwood), points=found.points,
                     laid=laid)
        return _("deadwood {cards} = {sum} = {points}{laid}", cards=format_cards(deadwood),
                 sum=" + ".join(parts), points=found.points, laid=laid)

    def best_for_knocker(self, hand: Hand, candidates: list[Arrangement],
                         result_of: Callable[[Arrangement], HandScore],
                         key: Callable[[Arrangement, HandScore], tuple]) -> tuple[HandScore, Arrangement]:
        """Of the knocker's layouts, the one whose result ranks highest by ``key`` (first of equals)."""
        best: tuple | None = None
        for layout in candidates:
            result = result_of(layout)
            rank = key(layout, result)
            if best is None or rank > best[0]:
                best = (rank, result, layout)
        assert best is not None
        return best[1], best[2]

    @staticmethod
    def in_hand_order(cards: Iterable[Card], held: Sequence[Card]) -> list[Card]:
        """``cards`` (some of ``held``) in the order the player gave them, so messages read as typed."""
        cards = list(cards)
        if len(cards) < 2:  # the usual deadwood: nothing to order
            return cards
        # where each card (any joker counts as the first joker) first stands in the hand, found in one
        # pass: replay orders every defender's deadwood of every hand
        first: dict = {}
        for i, c in enumerate(held):
            first.setdefault(0 if c.rank == 0 else c, i)
        return sorted(cards, key=lambda card: first.get(0 if card.rank == 0 else card, len(held)))

    @staticmethod
    def melds_text(melds: Iterable[Sequence[Card]]) -> str:
        return " | ".join(format_cards(m) for m in melds)
