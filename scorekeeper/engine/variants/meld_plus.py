"""What the games scored "meld plus, hand minus" by side share (Classic Canasta, Hand and Foot): the
cards laid count for the side and the cards held against it, high totals win, hands are entered by side
as counts and point totals, never card by card, and both games meld the same way.

The meld checker still answers for them: ``check_meld`` says whether some cards are a meld, a canasta
(a book), natural or mixed (clean, dirty or wild), how many wild cards it holds and may hold, and what its
cards are worth; ``check_laid`` says whether cards laid in one turn make melds and what they are worth
towards the first meld's minimum, which ``first_meld_choices`` lets the table pick (by the side's total,
by the round). Suits never matter: a meld is three or more cards of one rank, jokers and twos wild.

A game puts ``MeldPlusHandMinus`` before ``Variant`` in its bases and names its own melds' words and
limits in the class attributes below.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Sequence

from ..cards import RANK_NAMES, Card, format_cards, parse_cards
from ..hands import Hand, MatchState
from ..i18n import Message, _, _n, joined
from ..melds import InvalidMeldError, MeldCheck, MeldRules, OpeningCheck
from .. import verdicts as _verdicts
from ..verdicts import Verdict
from .base import Rules

#: a meld's least size, the size that completes a canasta (a book), its most wild cards and least naturals
MELD_MIN, COMPLETE, MOST_WILD, LEAST_NATURAL = 3, 7, 3, 2


def _terms(first: Any, rest: Sequence[tuple[int, Any]]) -> list[Any]:
    """A sum in words: the first term, then each (sign, term) as "+ term" or "− term"."""
    out = [first]
    for sign, term in rest:
        out.append(_("+ {term}", term=term) if sign > 0 else _("− {term}", term=term))
    return out


def _wild(card: Card) -> bool:
    return card.is_joker or card.rank == 2


def _red_three(card: Card) -> bool:
    return card.rank == 3 and card.suit in "HD"


@dataclass(frozen=True)
class FirstMeldChoice:
    """One answer to "what must the first meld reach?": ``key`` for a link, ``words`` for a select,
    ``minimum`` the least value (0: any meld will do)."""

    key: str
    words: Message
    minimum: int


class MeldPlusHandMinus:
    """The Canasta family's shared answers; the game keeps its own entry fields, checks and score."""

    checks_laid_melds: ClassVar[bool] = True
    #: a side's melds can run to 60 cards (docs/rules/canasta.md#the-meld-checker): checked card by card, cheaply
    laid_cards_limit: ClassVar[int] = 60
    #: the largest meld (Hand and Foot closes a book at 7); None: a canasta may grow
    meld_max: ClassVar[int | None] = None
    #: a side keeps one meld per rank (Canasta), so cards of one rank laid together are one meld
    one_meld_per_rank: ClassVar[bool] = True
    #: black threes may be melded (three or four, no wild card) by the player going out (Canasta)
    black_threes_going_out: ClassVar[bool] = False

    # -- words a game gives --------------------------------------------------------------------------

    def meld_word(self, kind: str) -> Message:
        """The game's word, with its article, for a completed meld of ``kind`` (``natural``, ``mixed``,
        ``wild``) or for any completed one (``canasta``): "a natural canasta", "a book"."""
        raise NotImplementedError

    def meld_bonus(self, kind: str, rules: Rules) -> int | None:
        """What a completed meld of ``kind`` earns at the end of the hand (None: no such meld)."""
        raise NotImplementedError

    def first_meld_choices(self, rules: Rules | None = None) -> tuple[Message, tuple[FirstMeldChoice, ...], str]:
        """What sets the first meld's minimum in this game, in words (the checker's select label), each
        choice with its minimum, and the key of the choice a match starts with."""
        raise NotImplementedError

    def wild_books(self, rules: Rules) -> bool:
        """Whether seven wild cards alone are a meld (Hand and Foot's wild book)."""
        return False

    # -- values ---------------------------------------------------------------------------------------

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        self.resolved(rules)
        # joker 50, ace 20, two 20, three (black) to seven 5, eight to king 10
        return (50, 20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)

    def card_value(self, card: Card | str, rules: Rules | None = None) -> int:
        card = Card.parse(card) if isinstance(card, str) else card
        return self.values(rules)[card.rank]

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        # no sets and runs to arrange: the checker asks ``check_meld`` and ``check_laid``
        raise InvalidMeldError(_("{game} melds cards of one rank, never sequences", game=self.name))

    # -- one meld -------------------------------------------------------------------------------------

    def _refused(self, cards: Sequence[Card], reason: Message) -> MeldCheck:
        return MeldCheck(False, None, reason, cards=tuple(cards), declared=tuple(cards))

    def check_meld(self, cards: str | Iterable[Card], rules: Rules | None = None, **deal: Any) -> MeldCheck:
        """One meld: a meld, a canasta (book) and of what kind, or why not; ``value`` is its cards' worth
        and ``facts`` its wild cards, what it lacks to be completed and what it earns then."""
        r = self.resolved(rules)
        cards = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        if not cards:
            return self._refused(cards, _("no cards"))
        why = self._meld_fault(cards, r, going_out=True)
        if why is not None:
            return self._refused(cards, why)
        wild = sum(1 for c in cards if _wild(c))
        natural = len(cards) - wild
        value = sum(self.card_value(c, r) for c in cards)
        facts: list[tuple[Message, Message]] = []
        rank = next((c.rank for c in cards if not _wild(c)), None)
        if rank is None:
            kind, word = "wild", self.meld_word("wild")
            reason = _("{what} of {count} cards", what=word, count=len(cards))
        elif rank == 3:
            kind, word = "black_threes", _("black threes")
            reason = _n("{count} black three: only the player going out may meld them, with no wild card",
                        "{count} black threes: only the player going out may meld them, with no wild card",
                        len(cards), count=len(cards))
        else:
            complete = len(cards) >= COMPLETE
            kind = ("natural" if not wild else "mixed") if complete else "meld"
            word = self.meld_word(kind) if complete else _("a meld")
            reason = (_("{what} of {count} cards", what=word, count=len(cards)) if complete else
                      _("a meld of {count} cards, not yet {what}", count=len(cards), what=self.meld_word("canasta")))
            facts.append((_("Wild cards"), _("{wild} (at most {most})", wild=wild, most=MOST_WILD)))
            if complete:
                facts.append((_("Completed"), _("it earns {bonus:,} at the end of the hand",
                                                 bonus=self.meld_bonus(kind, r))))
            else:
                more = COMPLETE - len(cards)
                facts.append((_("To complete it"), _n(
                    "{count} more card: with no wild card it earns {natural:,}, else {mixed:,}",
                    "{count} more cards: with no wild card it earns {natural:,}, else {mixed:,}", more,
                    count=more, natural=self.meld_bonus("natural", r), mixed=self.meld_bonus("mixed", r))))
        if kind == "wild":
            facts.append((_("Completed"), _("it earns {bonus:,} at the end of the hand",
                                             bonus=self.meld_bonus("wild", r))))
        facts.append((_("Card points"), _("{points:,} (towards the first meld; bonuses do not count)",
                                          points=value)))
        return MeldCheck(True, kind, reason, value=value, cards=cards, declared=cards, word=word,
                         facts=tuple(facts))

    def _meld_fault(self, cards: Sequence[Card], r: Rules, going_out: bool) -> Message | None:
        """Why ``cards`` are not one meld of this game, or None."""
        if any(_red_three(c) for c in cards):
            return _("a red three is never melded: it is laid face up apart and counts as a bonus")
        wild = [c for c in cards if _wild(c)]
        natural = [c for c in cards if not _wild(c)]
        if not natural:
            if self.wild_books(r):
                if len(cards) != COMPLETE:
                    return _n("wild cards alone make only a wild book, of exactly 7 ({count} here)",
                              "wild cards alone make only a wild book, of exactly 7 ({count} here)", len(cards),
                              count=len(cards))
                return None
            return _("wild cards alone are not a meld: a meld needs at least 2 natural cards")
        ranks = {c.rank for c in natural}
        if len(ranks) > 1:
            return _("it mixes ranks: a meld is cards of one rank (sequences are not melds)")
        if len(cards) < MELD_MIN:
            return _("a meld needs at least 3 cards")
        if self.meld_max is not None and len(cards) > self.meld_max:
            return _n("a book is closed at {most} card", "a book is closed at {most} cards", self.meld_max,
                      most=self.meld_max)
        if ranks == {3}:
            if not self.black_threes_going_out:
                return _("black threes are never melded in {game}", game=self.name)
            if wild:
                return _("black threes are melded with no wild card")
            if len(cards) > 4:
                return _("black threes are melded three or four at a time, never more")
            return None
        if len(natural) < LEAST_NATURAL:
            return _("a meld needs at least 2 natural cards (it has {count})", count=len(natural))
        if len(wild) > MOST_WILD:
            return _("a meld holds at most 3 wild cards (it has {count})", count=len(wild))
        return None

    # -- cards laid in one turn -----------------------------------------------------------------------

    def hand_verdict(self, cards: list[Card], rules: Rules, *, deal: int | None = None, upcard: Card | None = None,
                     minimum: int | None = None, **fields: Any) -> Verdict:
        """The meld checker's second mode here is the melds laid in one turn (``engine.verdicts.laid_together``),
        measured against the first meld's ``minimum``."""
        return _verdicts.laid_together(self, cards, rules, minimum)


    def check_laid(self, cards: str | Iterable[Card], rules: Rules | None = None,
                   minimum: int | None = None) -> OpeningCheck:
        """Cards laid together: grouped into melds by rank (the wild cards where they are needed, then
        completing canastas), each meld's verdict, and their worth towards ``minimum`` (None: not asked).
        Refused with the reason when the cards make no set of melds."""
        r = self.resolved(rules)
        cards = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        if not cards:
            return OpeningCheck(False, 0, _("no cards"))
        if any(_red_three(c) for c in cards):
            return OpeningCheck(False, 0, _("a red three is never melded: it is laid face up apart and counts "
                                            "as a bonus"))
        groups, why = self._groups(cards, r)
        if why is not None:
            return OpeningCheck(False, 0, why)
        melds = tuple(self.check_meld(g, r) for g in groups)
        bad = next((m for m in melds if not m.valid), None)
        if bad is not None:
            return OpeningCheck(False, 0, _("{cards}: {reason}", cards=format_cards(bad.cards), reason=bad.reason),
                                melds=melds)
        values = tuple(m.value for m in melds)
        value = sum(values)
        counted = _n("{count} meld worth {value:,}", "{count} melds worth {value:,}", len(melds), count=len(melds),
                     value=value)
        if minimum is None:
            return OpeningCheck(True, value, counted, values, melds)
        if value >= minimum:
            said = (_("{melds}: any meld will do", melds=counted) if minimum == 0 else
                    _("{melds}: enough for a first meld of {minimum}", melds=counted, minimum=minimum))
            return OpeningCheck(True, value, said, values, melds)
        return OpeningCheck(False, value, _("{melds}: a first meld needs {minimum}, {short} more", melds=counted,
                                            minimum=minimum, short=minimum - value), values, melds)

    def _groups(self, cards: Sequence[Card], r: Rules) -> tuple[list[list[Card]], Message | None]:
        """The melds these cards make: one per rank (two or more of up to 7 cards where the game closes
        books at 7), every wild card placed where a meld needs it, then where it completes a canasta."""
        natural = [c for c in cards if not _wild(c)]
        wild = [c for c in cards if _wild(c)]
        by_rank: dict[int, list[Card]] = {}
        for c in natural:
            by_rank.setdefault(c.rank, []).append(c)
        groups: list[list[Card]] = []
        for rank in sorted(by_rank, key=lambda k: (k == 1, k), reverse=True):
            same = by_rank[rank]
            if self.meld_max is None or self.one_meld_per_rank:
                groups.append(list(same))
                continue
            # books close at 7: seven naturals make a clean book, what is left starts another meld
            while len(same) > self.meld_max:
                groups.append(same[:COMPLETE])
                same = same[COMPLETE:]
            groups.append(list(same))
        cap = self.meld_max
        # first the wild cards each meld needs to reach three cards (a single natural card cannot)
        for g in groups:
            if len(g) == 1:
                return [], _("a single {rank} makes no meld: a meld needs at least 2 natural cards",
                             rank=RANK_NAMES[g[0].rank])
            if g[0].rank == 3:
                continue
            while len(g) < MELD_MIN and wild:
                g.append(wild.pop(0))
        if self.wild_books(r):
            while len(wild) >= COMPLETE:
                groups.append(wild[:COMPLETE])
                wild = wild[COMPLETE:]
        # then the rest, to the meld nearest to completing a canasta, never past three wild cards
        while wild:
            room = [g for g in groups if g[0].rank != 3 and not _wild(g[0])
                    and sum(1 for c in g if _wild(c)) < MOST_WILD and (cap is None or len(g) < cap)]
            if not room:
                return [], _n("{count} wild card has no meld to go in: a meld holds at most 3",
                              "{count} wild cards have no meld to go in: a meld holds at most 3", len(wild),
                              count=len(wild))
            short = [g for g in room if len(g) < COMPLETE]
            best = max(short or room, key=len)
            best.append(wild.pop(0))
        return groups, None

    # -- the rest of the family's answers -------------------------------------------------------------

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


__all__ = ["FirstMeldChoice", "MeldPlusHandMinus"]
