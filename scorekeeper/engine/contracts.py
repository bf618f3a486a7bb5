"""Contracts: what a deal of a contract game asks to be laid, declared as data and checked by one search.

A contract game (Russian Rummy, and any game whose deals each ask for so many sets and runs) declares
one ``Contract`` per deal; this module owns checking a lay-down against one (``check_contract``), finding
one in a whole hand (``contract_in_hand``: exactly, with the lay-down it found, or the closest the hand
comes and why not) and laying down a whole hand at once (``whole_lay_down``), for every game alike. The
words a contract is said in come from the game's ``MeldRules`` (``set_word``, ``run_word``), so a game
that calls its melds books and straights hears them so.

>>> from scorekeeper.engine.melds import MeldRules
>>> mr = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False, run_min=4,
...                ace_run="either_end", decks=2, jokers_in_deck=4)
>>> deal3 = Contract(sets=2, runs=1)
>>> contract_words(deal3, mr)
'2 books + 1 straight'
>>> found = contract_in_hand(deal3, "9S 9H 9D KC KD KH 4H 5H 6H JK 2S", mr, deal=3)
>>> found.valid, [format_cards(m.cards) for m in found.melds]
(True, ['JKR 4♥ 5♥ 6♥', '9♠ 9♥ 9♦', 'K♣ K♦ K♥'])
>>> print(check_contract(Contract(runs=1), ["4H 5H 6H 7H", "KS KH KD"], mr, deal=2).reason)
deal 2 asks for 1 straight, not 1 book and 1 straight: lay only the contract's melds
>>> liverpool_1 = Contract(sets=2, set_size=3, cards=10)
>>> print(contract_in_hand(liverpool_1, "9S 9H 2C 2D JK 5S 6S 7S", mr, deal=1).reason)
deal 1 asks for 2 books; these cards hold 1 book at once
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Iterable

from .cards import SUITS, Card, InvalidCardError, check_copies, format_cards
from .i18n import _, _n, joined, message_of
from .melds import (ACE_HIGH, ACE_LOW, ContractCheck, MeldCheck, MeldRules, _as_cards, _checks, _count, _counted,
                    _text, check_meld)

__all__ = ["Contract", "check_contract", "contract_in_hand", "contract_words", "whole_lay_down"]


@dataclass(frozen=True)
class Contract:
    """What one deal asks to be laid before a player may lay off or go out.

    ``sets`` and ``runs``: how many of each, exactly (no other meld may be laid with them).
    ``set_size`` and ``run_size``: the least cards in each, where the deal asks more than the game's
    melds always need (None: the game's ``MeldRules.set_min`` and ``run_min``). ``wild_per_meld``: the
    most jokers each of these melds may hold (None: as the game's melds; 0: natural cards only).
    ``cards``: the cards dealt for this deal (None: the game's ``cards_dealt``). ``whole``: every card
    is laid at once (less one discard where the game allows it), as in Russian Rummy's deal 5.
    """

    sets: int = 0
    runs: int = 0
    set_size: int | None = None
    run_size: int | None = None
    wild_per_meld: int | None = None
    cards: int | None = None
    whole: bool = False

    def __post_init__(self) -> None:
        if self.sets < 0 or self.runs < 0 or self.sets + self.runs == 0:
            raise ValueError(f"a contract asks for at least one meld, not {self.sets} sets and {self.runs} runs")

    def meld_rules(self, mr: MeldRules) -> MeldRules:
        """The game's meld rules as this contract's melds must meet them (their least sizes, their jokers)."""
        changes = {}
        if self.set_size is not None and self.set_size > mr.set_min:
            changes["set_min"] = self.set_size
        if self.run_size is not None and self.run_size > mr.run_min:
            changes["run_min"] = self.run_size
        if self.wild_per_meld is not None and (mr.max_jokers_per_meld is None
                                               or self.wild_per_meld < mr.max_jokers_per_meld):
            changes["max_jokers_per_meld"] = self.wild_per_meld
        return replace(mr, **changes) if changes else mr


def contract_words(contract: Contract, mr: MeldRules, *, whole: bool = True, no_discard: bool = True) -> str:
    """The contract in words, in the game's meld words: "2 books + 1 straight", "1 set of 4 + 1 run"
    (a least size is said where the deal asks more than the game's melds need); with ``whole``, how a
    whole-hand contract is laid.

    >>> from scorekeeper.engine.melds import MeldRules
    >>> contract_words(Contract(sets=1, runs=2, whole=True), MeldRules(run_min=4))
    '1 set + 2 runs, all at once, no discard'
    >>> contract_words(Contract(sets=1, runs=1, run_size=4), MeldRules())
    '1 set + 1 run of 4'
    """
    parts = []
    if contract.sets:
        parts.append(_sized(_counted(contract.sets, mr.set_word), contract.set_size, mr.set_min))
    if contract.runs:
        parts.append(_sized(_counted(contract.runs, mr.run_word), contract.run_size, mr.run_min))
    melds = joined(" + ", parts)
    if whole and contract.whole:
        return (_("{melds}, all at once, no discard", melds=melds) if no_discard
                else _("{melds}, all at once but one discard", melds=melds))
    return melds


def _sized(counted: str, size: int | None, least: int) -> str:
    return _("{melds} of {size}", melds=counted, size=size) if size is not None and size > least else counted


def _multiset(cards: Iterable[Card]) -> Counter:
    # jokers count as jokers whatever they were declared as: the physical card is what was held
    return Counter(Card.joker() if c.is_joker else c for c in cards)


def _describe(sets: int, runs: int, mr: MeldRules) -> str:
    parts = []
    if sets:
        parts.append(_counted(sets, mr.set_word))
    if runs:
        parts.append(_counted(runs, mr.run_word))
    return joined(_(" and "), parts) if parts else _("no melds")


def _whole_rule(deal: int | None) -> tuple[str, str]:
    """How a whole-hand deal's refusals name it ("in deal 5", or "in this deal" without a number)."""
    return (_("in deal {deal}", deal=deal), _("deal {deal}", deal=deal)) if deal is not None else \
        (_("in this deal"), _("this deal"))


def check_contract(contract: Contract, melds: Iterable[str | Iterable[Card]], mrules: MeldRules, *,
                   deal: int | None = None, no_discard: bool = True,
                   hand: str | Iterable[Card] | None = None) -> ContractCheck:
    """Check a lay-down against ``contract``: exactly its melds, each valid (two sets may share a rank,
    two runs a suit); with ``hand``, the melds must come from it, and a ``whole`` contract must hold
    every card of it (all but one, the discard, unless ``no_discard``). ``deal`` names the deal in the
    reasons."""
    mr = contract.meld_rules(mrules)
    checks = _checks(melds, mr)
    everything = [c for m in checks for c in m.cards]
    try:
        check_copies(everything, mr.decks, mr.jokers_in_deck)
    except InvalidCardError as exc:
        return ContractCheck(False, message_of(exc), tuple(checks))
    for m in checks:
        if not m.valid:
            return ContractCheck(False, _("{cards}: {reason}", cards=_text(m.cards), reason=m.reason),
                                 tuple(checks))
    sets = sum(1 for m in checks if m.kind == "set")
    runs = sum(1 for m in checks if m.kind == "run")
    said = _describe(contract.sets, contract.runs, mr)
    if (sets, runs) != (contract.sets, contract.runs):
        laid = _describe(sets, runs, mr) if checks else _("nothing")
        return ContractCheck(False, (
            _("deal {deal} asks for {contract}, not {laid}: lay only the contract's melds", deal=deal, contract=said,
              laid=laid) if deal is not None else
            _("this deal asks for {contract}, not {laid}: lay only the contract's melds", contract=said, laid=laid)),
            tuple(checks))
    if hand is not None:
        held = _multiset(_as_cards(hand))
        laid = _multiset(everything)
        if laid - held:
            extra = format_cards(sorted((laid - held).elements(), key=Card.sort_key))
            return ContractCheck(False, _("the melds use cards that are not in the hand: {extra}", extra=extra),
                                 tuple(checks))
        left = sum((held - laid).values())
        if contract.whole:
            where = _whole_rule(deal)[0]
            if no_discard and left:
                return ContractCheck(False, (
                    _n("{where} every card must be laid at once with no discard, but {count} card is left",
                       "{where} every card must be laid at once with no discard, but {count} cards are left",
                       left, where=where, count=_count(left))), tuple(checks))
            if not no_discard and left != 1:
                return ContractCheck(False, (
                    _("{where} all cards but the discard must be laid, but {count} are left", where=where,
                      count=_count(left))), tuple(checks))
    return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=said)
                         if deal is not None else _("{contract}, as the contract asks", contract=said), tuple(checks))


def contract_in_hand(contract: Contract, cards: str | Iterable[Card], mrules: MeldRules, *, deal: int | None = None,
                     no_discard: bool = True) -> ContractCheck:
    """Does this whole hand hold ``contract``, and how? The one search every contract game's hands are
    checked by.

    A hand holds the contract if **any** choice of its cards makes the contract's melds (other cards may
    stay in hand; in a ``whole`` contract every card is laid, less one discard unless ``no_discard``).
    When it does, ``melds`` is one such lay-down; when it does not, ``melds`` is the closest the hand
    comes (the most of the contract's melds at once) and ``reason`` says what it holds.

    The search is exact. Runs are listed window by window in each suit, a natural card given up for a
    joker only where a set of its rank or another run could need it. After each choice of runs, the sets
    are found rank by rank: outside a whole contract a set of the least size is enough (a larger one
    holds one with as many natural cards), and every way of splitting a rank's natural cards into such
    sets is tried against the jokers left (a joker limit can make two sets of a rank better than one);
    in a whole contract the cards left must split into exactly the contract's sets.
    """
    mr = contract.meld_rules(mrules)
    books, straights = contract.sets, contract.runs
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    whole = contract.whole
    best: list = [(-1, -1), ()]

    def consider(runs: tuple, rest: list[Card]) -> bool:
        """Sets from what the runs left; True once the contract is held."""
        if whole:
            found = _whole_sets(rest, books, mr, no_discard)
            made = found if found is not None else ()
        else:
            made = _least_sets(rest, books, mr)
        score = (len(runs) + len(made), len(runs))
        held = len(runs) == straights and len(made) == books and (not whole or found is not None)
        # the lay-down shown is the one that holds the contract: in a whole contract an earlier choice of
        # as many melds may have left cards over, and it must not stand in for this one
        if held or score > best[0]:
            best[0], best[1] = score, runs + made
        return held

    def pick(start: int, runs: tuple, rest: list[Card], options: list) -> bool:
        if consider(runs, rest):
            return True
        if len(runs) == straights:
            return False
        for i in range(start, len(options)):
            run = options[i]
            left = _take(rest, run)
            if left is not None and pick(i + 1, runs + (run,), left, options):
                return True
        return False

    swaps = books + max(0, straights - 1)
    options = _straights(hand, mr, swaps) if straights else []
    held = pick(0, (), hand, options)
    laid = tuple(check_meld(list(m), mr) for m in best[1])
    said = _describe(books, straights, mr)
    if held:
        return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=said)
                             if deal is not None else _("{contract}, as the contract asks", contract=said), laid)
    n_books = sum(1 for m in laid if m.kind == "set")
    n_runs = sum(1 for m in laid if m.kind == "run")
    values = {"deal": deal, "contract": said, "have": _describe(n_books, n_runs, mr) if laid else _("none of them")}
    if deal is None:
        values["deal"] = _whole_rule(None)[1]
    if whole and (n_books, n_runs) == (books, straights):
        return ContractCheck(False, (
            _("deal {deal} asks for {contract}; these cards hold {have} at once but not with every card", **values)
            if no_discard else
            _("deal {deal} asks for {contract}; these cards hold {have} at once but not with every card but one",
              **values)) if deal is not None else (
            _("{deal} asks for {contract}; these cards hold {have} at once but not with every card", **values)
            if no_discard else
            _("{deal} asks for {contract}; these cards hold {have} at once but not with every card but one",
              **values)), laid)
    return ContractCheck(False, _("deal {deal} asks for {contract}; these cards hold {have} at once", **values)
                         if deal is not None else
                         _("{deal} asks for {contract}; these cards hold {have} at once", **values), laid)


def whole_lay_down(contract: Contract, cards: str | Iterable[Card], mrules: MeldRules, *,
                   no_discard: bool = True) -> tuple[MeldCheck, ...] | None:
    """A ``whole`` contract laid with the **whole** hand (all cards but one discard unless
    ``no_discard``), runs first, or None when there is none.

    One set and two runs (Russian Rummy's deal 5) are found in bounded time at any hand size up to the
    cards bound (20 after claims), by counting places in windows (``_final_whole``); any other contract
    through ``contract_in_hand``'s search.

    >>> from scorekeeper.engine.melds import MeldRules
    >>> mr = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False, run_min=4,
    ...                ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> deal5 = Contract(sets=1, runs=2, whole=True)
    >>> [format_cards(m.cards) for m in whole_lay_down(deal5, "5S 5H 5D 3C 4C 5C 6C 8H 9H JK JH QH KH", mr)]
    ['3♣ 4♣ 5♣ 6♣', '8♥ 9♥ JKR J♥ Q♥ K♥', '5♠ 5♥ 5♦']
    >>> whole_lay_down(deal5, "5S 5H 5D 3C 4C 5C 6C 8H 9H 10H JH 2D", mr) is None
    True
    """
    mr = contract.meld_rules(mrules)
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    if (contract.sets, contract.runs) != (1, 2):
        found = contract_in_hand(replace(contract, whole=True), hand, mr, no_discard=no_discard)
        return found.melds if found.valid else None
    if no_discard:
        return _final_whole(hand, mr)
    for card in sorted(set(hand), key=Card.sort_key):
        rest = list(hand)
        rest.remove(card)
        found = _final_whole(rest, mr)
        if found is not None:
            return found
    return None


def _final_whole(hand: list[Card], mr: MeldRules) -> tuple[MeldCheck, ...] | None:
    """1 set + 2 runs holding every card of ``hand`` (see ``whole_lay_down``): a set is one rank, a run
    one suit, so every natural card not in the set lies in the runs' one or two suits. Each rank is tried
    for the set, with which of its cards (at most two) the runs keep; what is left must lie in at most two
    suits, and the runs are then two windows of positions (one per suit, or both in one suit), checked by
    counting: each rank's copies fit the windows' places, each window's jokers and natural cards within
    the rules, and the jokers left over fit the set. Never more than a few thousand window pairs."""
    jokers = sum(1 for c in hand if c.is_joker)
    naturals = Counter(c for c in hand if not c.is_joker)
    max_j = mr.max_jokers_per_meld if mr.max_jokers_per_meld is not None else len(hand)
    need = max(mr.min_naturals_per_meld, 1)  # a straight of jokers alone is never read as one
    windows = _windows_of(mr)
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(naturals.elements(), key=Card.sort_key):
        by_rank.setdefault(c.rank, []).append(c)
    choices: list[tuple[int | None, tuple[Card, ...]]] = []
    for rank, held in by_rank.items():
        # the straights keep none, one or two of the rank's cards (one per straight at most)
        kept = {()} | {(c,) for c in held} | {pair for pair in combinations(held, 2)}
        choices += [(rank, k) for k in sorted(kept, key=lambda k: [c.sort_key() for c in k])]
    if mr.min_naturals_per_meld == 0:
        choices.append((None, ()))  # a book of jokers alone
    for rank, kept in choices:
        in_book = list(by_rank.get(rank, [])) if rank is not None else []
        for c in kept:
            in_book.remove(c)
        b = len(in_book)
        if rank is not None and b < mr.min_naturals_per_meld:
            continue
        rest = naturals.copy()
        rest.subtract(in_book)
        rest = +rest
        suits = sorted({c.suit for c in rest})
        if not suits or len(suits) > 2:
            continue
        lowest = max(0, mr.set_min - b)
        highest = min(max_j, jokers, (mr.set_max - b) if mr.set_max is not None else jokers)
        if lowest > highest:
            continue
        total = sum(rest.values())
        # the straights' places: their natural cards plus the jokers the book does not take
        span = (total + jokers - highest, total + jokers - lowest)
        for straights in _straight_pairs(rest, suits, windows, span, max_j, need):
            used = sum(len(s) for s in straights) - total
            k = jokers - used
            book = tuple(in_book) + (Card.joker(),) * k
            checked = tuple(check_meld(list(m), mr) for m in straights) + (check_meld(list(book), mr),)
            if [m.kind for m in checked] == ["run", "run", "set"]:
                return checked
    return None


def _windows_of(mr: MeldRules) -> list[tuple[int, int]]:
    """Every window of positions a straight may fill (1 the low ace, 14 the high ace)."""
    low = mr.ace_run in ("low_only", "either_end")
    high = mr.ace_run in ("high_only", "either_end")
    first, last = (ACE_LOW if low else 2), (ACE_HIGH if high else 13)
    longest = mr.run_max or 14
    out = []
    for lo in range(first, last + 1):
        for hi in range(lo + mr.run_min - 1, min(last, lo + longest - 1) + 1):
            if lo == ACE_LOW and hi == ACE_HIGH and not mr.allow_ace_both_ends:
                continue
            out.append((lo, hi))
    return out


def _places(window: tuple[int, int], rank: int) -> int:
    """How many cards of ``rank`` a straight over ``window`` can hold (an ace: low, high or both)."""
    lo, hi = window
    if rank == 1:
        return (lo <= ACE_LOW <= hi) + (lo <= ACE_HIGH <= hi)
    return 1 if lo <= rank <= hi else 0


def _straight_pairs(rest: Counter, suits: list[str], windows: list[tuple[int, int]], span: tuple[int, int],
                    max_j: int, need: int):
    """Every pair of straights (as cards, jokers plain) holding exactly the natural cards ``rest`` (of one
    or two suits), their lengths adding up to within ``span``."""
    per_suit = {s: Counter({c.rank: n for c, n in rest.items() if c.suit == s}) for s in suits}
    if len(suits) == 2:
        fits = []
        for s in suits:
            counts = per_suit[s]
            n = sum(counts.values())
            fits.append([w for w in windows
                         if all(_places(w, r) >= k for r, k in counts.items())
                         and n >= need and w[1] - w[0] + 1 - n <= max_j])
        for w1 in fits[0]:
            for w2 in fits[1]:
                if span[0] <= (w1[1] - w1[0] + 1) + (w2[1] - w2[0] + 1) <= span[1]:
                    yield (_fill(suits[0], w1, per_suit[suits[0]]), _fill(suits[1], w2, per_suit[suits[1]]))
        return
    (s,) = suits
    counts = per_suit[s]
    n = sum(counts.values())
    for i, w1 in enumerate(windows):
        len1 = w1[1] - w1[0] + 1
        for w2 in windows[i:]:
            len2 = w2[1] - w2[0] + 1
            if not span[0] <= len1 + len2 <= span[1]:
                continue
            # the first straight takes between least and most of the cards; the second the rest
            least = most = 0
            for r, k in counts.items():
                p1, p2 = _places(w1, r), _places(w2, r)
                if k > p1 + p2:
                    break
                least += max(0, k - p2)
                most += min(k, p1)
            else:
                # each straight: enough natural cards, no more jokers than a meld may hold
                lo = max(least, need, len1 - max_j)
                hi = min(most, n - need, n - len2 + max_j)
                for take in range(lo, hi + 1):
                    first = _split(counts, w1, w2, take)
                    yield (_fill(s, w1, first), _fill(s, w2, counts - first))


def _split(counts: Counter, w1: tuple[int, int], w2: tuple[int, int], take: int) -> Counter:
    """``take`` of the cards ``counts`` for the first window, every card still fitting one of the two."""
    first = Counter()
    for r, k in counts.items():
        first[r] = max(0, k - _places(w2, r))
    spare = take - sum(first.values())
    for r, k in sorted(counts.items()):
        room = min(k, _places(w1, r)) - first[r]
        step = min(room, spare)
        first[r] += step
        spare -= step
    return +first


def _fill(suit: str, window: tuple[int, int], counts: Counter) -> tuple[Card, ...]:
    """A straight over ``window``: the natural cards of ``counts`` at their places, jokers elsewhere."""
    lo, hi = window
    aces = counts.get(1, 0)
    cards = []
    for p in range(lo, hi + 1):
        rank = 1 if p == ACE_HIGH else p
        if rank == 1:
            here = aces > 0
            aces -= here
        else:
            here = counts.get(rank, 0) > 0
        cards.append(Card(rank, suit) if here else Card.joker())
    return tuple(cards)


def _take(cards: list[Card], meld: tuple[Card, ...]) -> list[Card] | None:
    """``cards`` less the cards of ``meld`` (jokers as jokers), or None if they are not all there."""
    left = list(cards)
    for c in meld:
        c = Card.joker() if c.is_joker else c
        if c not in left:
            return None
        left.remove(c)
    return left


def _straights(hand: list[Card], mr: MeldRules, swaps: int) -> list[tuple[Card, ...]]:
    """Every straight the hand can make, each once: a window of one suit, a natural card or a joker at
    each place, at most ``swaps`` natural cards held back for a joker."""
    jokers = sum(1 for c in hand if c.is_joker)
    have = Counter(c for c in hand if not c.is_joker)
    lows = [ACE_LOW] if mr.ace_run in ("low_only", "either_end") else []
    top = ACE_HIGH if mr.ace_run in ("high_only", "either_end") else 13
    first = ACE_LOW if lows else 2
    longest = mr.run_max or 14
    found: dict[tuple, tuple[Card, ...]] = {}
    for suit in SUITS:
        if not any(c.suit == suit for c in have):
            continue
        for lo in range(first, top + 1):
            for hi in range(lo + mr.run_min - 1, min(top, lo + longest - 1) + 1):
                ranks = [1 if p == ACE_HIGH else p for p in range(lo, hi + 1)]
                if len(set(ranks)) != len(ranks):
                    continue  # both aces: not a straight here
                present = [i for i, r in enumerate(ranks) if have[Card(r, suit)]]
                gaps = len(ranks) - len(present)
                if gaps > jokers or not present:
                    continue
                for k in range(0, min(swaps, jokers - gaps, len(present)) + 1):
                    for held_back in combinations(present, k):
                        meld = tuple(Card.joker() if (i not in present or i in held_back) else Card(r, suit)
                                     for i, r in enumerate(ranks))
                        key = tuple(sorted((c.sort_key() for c in meld)))
                        if key in found:
                            continue
                        if check_meld(list(meld), mr).kind == "run":
                            found[key] = meld
    return list(found.values())


def _least_sets(cards: list[Card], wanted: int, mr: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """As many sets of the least size as ``cards`` make (up to ``wanted``), found exactly: rank by rank,
    the fewest jokers each number of sets of that rank needs (every way of splitting the rank's natural
    cards into sets, each checked as the game checks a set), then the ranks combined against the hand's
    jokers, and sets of jokers alone where the game allows them. Of the ways that make the most sets, the
    one with the fewest jokers."""
    size = mr.set_min
    if wanted <= 0 or (mr.set_max is not None and mr.set_max < size):
        return ()
    jokers = sum(1 for c in cards if c.is_joker)
    per_rank: dict[int, list[Card]] = {}
    for c in cards:
        if not c.is_joker:
            per_rank.setdefault(c.rank, []).append(c)
    # best[j] = (sets, plan) using j jokers so far; a plan lists each set's cards
    best: dict[int, tuple[int, tuple]] = {0: (0, ())}
    for rank in sorted(per_rank):
        options = _rank_sets(tuple(per_rank[rank]), wanted, mr)
        nxt: dict[int, tuple[int, tuple]] = {}
        for used, (made, plan) in best.items():
            for n, (cost, sets) in ((0, (0, ())), *options.items()):
                u = used + cost
                if u > jokers:
                    continue
                total = min(wanted, made + n)
                if total > nxt.get(u, (-1,))[0]:
                    nxt[u] = (total, plan + sets)
        best = nxt
    alone = check_meld([Card.joker()] * size, mr).kind == "set"
    finals = []
    for used, (made, plan) in best.items():
        while alone and made < wanted and jokers - used >= size:
            plan += ((Card.joker(),) * size,)
            made += 1
            used += size
        finals.append((made, -used, plan))
    made, _used, plan = max(finals, key=lambda f: (f[0], f[1]))
    return tuple(plan[:wanted])


_RANK_SETS: dict[tuple, dict[int, tuple[int, tuple]]] = {}


def _rank_sets(naturals: tuple[Card, ...], wanted: int, mr: MeldRules) -> dict[int, tuple[int, tuple]]:
    """For one rank's natural cards: for each number of sets of the least size (1 to ``wanted``), the
    fewest jokers they need and the sets. Kept for the cards and rules (a few hundred entries at most
    per search, cleared when large)."""
    key = (naturals, wanted, mr)
    found = _RANK_SETS.get(key)
    if found is not None:
        return found
    size = mr.set_min
    limit = mr.max_jokers_per_meld if mr.max_jokers_per_meld is not None else size
    out: dict[int, tuple[int, tuple]] = {}

    def go(left: tuple[Card, ...], n: int, cost: int, sets: tuple) -> None:
        if n and (n not in out or cost < out[n][0]):
            out[n] = (cost, sets)
        if n >= wanted or not left:
            return
        # the next set holds the first card left (sets are listed in the order of their first card)
        first, rest = left[0], left[1:]
        seen = set()
        for k in range(max(1, mr.min_naturals_per_meld), size + 1):
            if size - k > limit:
                continue
            for others in combinations(rest, k - 1):
                if others in seen:
                    continue
                seen.add(others)
                meld = (first,) + others + (Card.joker(),) * (size - k)
                if check_meld(list(meld), mr).kind != "set":
                    continue
                remaining = list(rest)
                for c in others:
                    remaining.remove(c)
                go(tuple(remaining), n + 1, cost + size - k, sets + (meld,))
        # or the first card is in no set
        go(rest, n, cost, sets)

    go(naturals, 0, 0, ())
    if len(_RANK_SETS) > 4096:
        _RANK_SETS.clear()
    _RANK_SETS[key] = out
    return out


def _whole_sets(cards: list[Card], wanted: int, mr: MeldRules, no_discard: bool) -> tuple[tuple[Card, ...], ...] | None:
    """A whole contract: the cards the runs left are exactly ``wanted`` sets (less one discard unless
    ``no_discard``), or None."""
    tries = [cards] if no_discard else [cards[:i] + cards[i + 1:] for i in range(len(cards))]
    for rest in tries:
        found = _sets_of(tuple(sorted(rest, key=Card.sort_key)), wanted, mr)
        if found is not None:
            return found
    return None


def _sets_of(cards: tuple[Card, ...], wanted: int, mr: MeldRules) -> tuple[tuple[Card, ...], ...] | None:
    """Every card of ``cards`` in exactly ``wanted`` sets, or None."""
    if wanted == 0:
        return () if not cards else None
    if wanted == 1:
        return (cards,) if cards and check_meld(list(cards), mr).kind == "set" else None
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if not naturals:
        # jokers alone, split as evenly as the sets allow
        each, extra = divmod(jokers, wanted)
        sets = tuple((Card.joker(),) * (each + (i < extra)) for i in range(wanted))
        return sets if all(check_meld(list(s), mr).kind == "set" for s in sets) else None
    first = naturals[0]
    same = [c for c in naturals[1:] if c.rank == first.rank]
    others = [c for c in naturals[1:] if c.rank != first.rank]
    seen = set()
    for k in range(len(same) + 1):
        for taken in combinations(same, k):
            if taken in seen:
                continue
            seen.add(taken)
            for j in range(jokers + 1):
                meld = (first,) + taken + (Card.joker(),) * j
                if len(meld) < mr.set_min or check_meld(list(meld), mr).kind != "set":
                    continue
                left = list(same)
                for c in taken:
                    left.remove(c)
                rest = _sets_of(tuple(left + others) + (Card.joker(),) * (jokers - j), wanted - 1, mr)
                if rest is not None:
                    return (meld,) + rest
    return None
