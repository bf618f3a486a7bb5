"""Russian Rummy: contract rummy over exactly 5 deals, lowest total wins (docs/rules/russian.md).

Each deal has a contract (2 books; 1 straight; 2 books + 1 straight; 3 books; 2 straights + 1 book with
every card laid at once). Straights are 4+ cards, books 3+ of one rank with suits irrelevant. One
54-card pack per two players. This module owns the contracts too: checking a lay-down against one
(``check_contract``), finding one in a whole hand (``contract_in_hand``, and deal 5's ``final_contract``
at any hand size up to the cards bound).

>>> from scorekeeper.engine.variants import find_variant
>>> russian = find_variant("russian")
>>> russian.check_meld("JD QD KD AD").word
'straight'
>>> russian.check_contract(3, ["9S 9H 9D", "9C 9S JK", "4H 5H 6H JK"]).valid
True
>>> [russian.card_value(c) for c in ("JK", "AS", "KS", "2S")]
[25, 15, 10, 5]
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations
from typing import Any, Iterable, Mapping

from ..cards import SUITS, Card, InvalidCardError, check_copies, format_cards
from ..hands import Hand, HandScore, MatchState
from ..i18n import _, _n, joined, message_of
from ..melds import (ACE_HIGH, ACE_LOW, ContractCheck, MeldCheck, MeldRules, _as_cards, _checks, _count, _counted,
                     _text, check_meld)
from .base import Rules, Switch, Variant, card_values, values_sentence
from .going_out import GoingOut, not_melded, physical

#: Fixed, not switches (docs/rules/russian.md).
DEALS = 5
HAND_SIZE = 13
JOKERS_PER_DECK = 2

#: Penalty tables by ``card_value_table`` (docs/rules/russian.md#what-is-counted): values as
#: ``card_values`` builds them.
VALUE_TABLES = {
    "five_ten_fifteen_25": card_values(15, 25, low=5),
    "pip": card_values(15, 25),
    "contract_15": card_values(15, 15),
}


# -- the contracts: checking a lay-down, finding one in a hand (docs/rules/russian.md#contracts) -------

#: Russian Rummy contracts: deal -> (books, straights) (docs/rules/russian.md#contracts).
CONTRACTS: dict[int, tuple[int, int]] = {1: (2, 0), 2: (0, 1), 3: (2, 1), 4: (3, 0), 5: (1, 2)}




def _multiset(cards: Iterable[Card]) -> Counter:
    # jokers count as jokers whatever they were declared as: the physical card is what was held
    return Counter(Card.joker() if c.is_joker else c for c in cards)


def check_contract(
    deal: int,
    melds: Iterable[str | Iterable[Card]],
    mrules: MeldRules,
    *,
    no_discard: bool = True,
    hand: str | Iterable[Card] | None = None,
) -> ContractCheck:
    """Check a Russian Rummy lay-down against deal ``deal``'s contract (docs/rules/russian.md#contracts).

    Exactly the contract's melds, each valid; two books may share a rank; in deal 5 the two
    straights may share a suit, and (with ``no_discard``) the melds must hold every card of
    ``hand``. With ``hand`` in deals 1-4, the melds must come from it.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> check_contract(1, ["9S 9H 9D", "9C 9S JK"], russian).valid
    True
    >>> print(check_contract(2, ["4H 5H 6H 7H", "KS KH KD"], russian).reason)
    deal 2 asks for 1 straight, not 1 book and 1 straight: lay only the contract's melds
    """
    if deal not in CONTRACTS:
        return ContractCheck(False, _("there is no deal {deal}: Russian Rummy has deals 1 to 5", deal=deal))
    want_books, want_straights = CONTRACTS[deal]
    checks = _checks(melds, mrules)
    everything = [c for m in checks for c in m.cards]
    try:
        check_copies(everything, mrules.decks, mrules.jokers_in_deck)
    except InvalidCardError as exc:
        return ContractCheck(False, message_of(exc), tuple(checks))
    for m in checks:
        if not m.valid:
            return ContractCheck(False, _("{cards}: {reason}", cards=_text(m.cards), reason=m.reason),
                                 tuple(checks))
    books = sum(1 for m in checks if m.kind == "set")
    straights = sum(1 for m in checks if m.kind == "run")
    contract = _describe_contract(want_books, want_straights, mrules)
    if (books, straights) != (want_books, want_straights):
        laid = _describe_contract(books, straights, mrules) if checks else _("nothing")
        return ContractCheck(False, _("deal {deal} asks for {contract}, not {laid}: lay only the contract's melds",
                                      deal=deal, contract=contract, laid=laid), tuple(checks))
    if hand is not None:
        held = _multiset(_as_cards(hand))
        laid = _multiset(everything)
        if laid - held:
            extra = format_cards(sorted((laid - held).elements(), key=Card.sort_key))
            return ContractCheck(False, _("the melds use cards that are not in the hand: {extra}", extra=extra),
                                 tuple(checks))
        left = sum((held - laid).values())
        if deal == DEALS:
            if no_discard and left:
                return ContractCheck(False, (
                    _n("in deal 5 every card must be laid at once with no discard, but {count} card is left",
                       "in deal 5 every card must be laid at once with no discard, but {count} cards are left",
                       left, count=_count(left))), tuple(checks))
            if not no_discard and left != 1:
                return ContractCheck(False, (
                    _("in deal 5 all cards but the discard must be laid, but {count} are left", count=_count(left))),
                    tuple(checks))
    return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=contract),
                         tuple(checks))


def contract_in_hand(deal: int, cards: str | Iterable[Card], mrules: MeldRules, *,
                     no_discard: bool = True) -> ContractCheck:
    """Does this whole hand hold deal ``deal``'s contract, and how (docs/rules/russian.md#contracts)?

    A hand holds the contract if **any** choice of its cards makes the contract's melds (in deals 1-4
    the other cards may stay in hand; in deal 5 every card is laid, less one discard unless
    ``no_discard``). When it does, ``melds`` is one such lay-down; when it does not, ``melds`` is the
    closest the hand comes (the most of the contract's melds at once) and ``reason`` says what it holds.

    The search is exact: a book needs only three cards in deals 1-4 (a larger book holds a three-card
    one with as many natural cards), books need no particular suits, so after each choice of straights
    the books are counted rank by rank, every split of a rank's natural cards tried against the jokers
    left (a joker limit can make two books of a rank better than one natural book); straights are listed window by window, a natural card given up
    for a joker only where a book of its rank (or deal 5's other straight) could need it.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> found = contract_in_hand(3, "9S 9H 9D KC KD KH 4H 5H 6H JK 2S", russian)
    >>> found.valid, [format_cards(m.cards) for m in found.melds]
    (True, ['JKR 4♥ 5♥ 6♥', '9♠ 9♥ 9♦', 'K♣ K♦ K♥'])
    >>> print(contract_in_hand(3, "9S 9H 9D 9C 4H 5H 6H JK KD", russian).reason)
    deal 3 asks for 2 books and 1 straight; these cards hold 1 book and 1 straight at once
    """
    if deal not in CONTRACTS:
        return ContractCheck(False, _("there is no deal {deal}: Russian Rummy has deals 1 to 5", deal=deal))
    books, straights = CONTRACTS[deal]
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    whole = deal == DEALS
    best: list = [(-1, -1), ()]

    def consider(runs: tuple, rest: list[Card]) -> bool:
        """Books from what the straights left; True once the contract is held."""
        if whole:
            found = _last_book(rest, mrules, no_discard)
            made = (found,) if found is not None else ()
        else:
            made = _three_card_books(rest, books, mrules)
        score = (len(runs) + len(made), len(runs))
        if score > best[0]:
            best[0], best[1] = score, runs + made
        return len(runs) == straights and len(made) == books

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

    swaps = books + (1 if straights > 1 else 0)
    options = _straights(hand, mrules, swaps) if straights else []
    held = pick(0, (), hand, options)
    laid = tuple(check_meld(list(m), mrules) for m in best[1])
    contract = _describe_contract(books, straights, mrules)
    if held:
        return ContractCheck(True, _("deal {deal}: {contract}, as the contract asks", deal=deal, contract=contract),
                             laid)
    n_books = sum(1 for m in laid if m.kind == "set")
    n_runs = sum(1 for m in laid if m.kind == "run")
    values = {"deal": deal, "contract": contract,
              "have": _describe_contract(n_books, n_runs, mrules) if laid else _("none of them")}
    if whole and (n_books, n_runs) == (books, straights):
        return ContractCheck(False, _("deal {deal} asks for {contract}; these cards hold {have} at once but not with "
                                      "every card", **values) if no_discard else
                             _("deal {deal} asks for {contract}; these cards hold {have} at once but not with every "
                               "card but one", **values), laid)
    return ContractCheck(False, _("deal {deal} asks for {contract}; these cards hold {have} at once", **values), laid)


def final_contract(cards: str | Iterable[Card], mrules: MeldRules, *,
                   no_discard: bool = True) -> tuple[MeldCheck, ...] | None:
    """Deal 5: a lay-down of the **whole** hand as exactly 1 book + 2 straights (all cards but one
    discard unless ``no_discard``), as (straight, straight, book); None when there is none.

    Found exactly and in bounded time at any hand size up to the cards bound (20 after claims): a book
    is one rank, a straight one suit, so every natural card not in the book lies in the straights'
    one or two suits. The search tries each rank for the book and which of that rank's cards (at most
    two) the straights keep; what is left must lie in at most two suits, and the straights are then
    two windows of positions (one per suit, or both in one suit), checked by counting: each rank's
    copies fit the windows' places, each window's jokers and natural cards within the rules, and the
    jokers left over fit the book. Never more than a few thousand window pairs, whatever the cards.

    >>> russian = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False,
    ...                     run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)
    >>> [format_cards(m.cards) for m in final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H JK JH QH KH", russian)]
    ['3♣ 4♣ 5♣ 6♣', '8♥ 9♥ JKR J♥ Q♥ K♥', '5♠ 5♥ 5♦']
    >>> final_contract("5S 5H 5D 3C 4C 5C 6C 8H 9H 10H JH 2D", russian) is None
    True
    """
    hand = [Card.joker() if c.is_joker else c for c in _as_cards(cards)]
    if no_discard:
        return _final_whole(hand, mrules)
    for card in sorted(set(hand), key=Card.sort_key):
        rest = list(hand)
        rest.remove(card)
        found = _final_whole(rest, mrules)
        if found is not None:
            return found
    return None


def _final_whole(hand: list[Card], mr: MeldRules) -> tuple[MeldCheck, ...] | None:
    """1 book + 2 straights holding every card of ``hand`` (see final_contract)."""
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


def _three_card_books(cards: list[Card], wanted: int, mr: MeldRules) -> tuple[tuple[Card, ...], ...]:
    """As many three-card books as ``cards`` make (up to ``wanted``), found exactly: rank by rank, every
    way of splitting the rank's natural cards into books of three, two or one natural card (the rest
    jokers, within the joker rules), with the hand's jokers as the budget shared by all ranks. Of the
    ways that make the most books, the one with the fewest jokers (suits never matter in a book)."""
    if mr.set_min > 3 or (mr.set_max is not None and mr.set_max < 3) or wanted <= 0:
        return ()
    jokers = sum(1 for c in cards if c.is_joker)
    per_rank: dict[int, list[Card]] = {}
    for c in cards:
        if not c.is_joker:
            per_rank.setdefault(c.rank, []).append(c)
    limit = mr.max_jokers_per_meld if mr.max_jokers_per_meld is not None else 3
    # the mixes a three-card book may be: natural cards, the rest jokers
    mixes = [k for k in (3, 2, 1, 0) if k >= mr.min_naturals_per_meld and 3 - k <= limit]
    ranked = [k for k in mixes if k]
    # best[j] = (books, -jokers, plan) using j jokers so far; a plan lists (rank, naturals) per book.
    # At most ``wanted`` (3) books and the hand's jokers bound every loop here.
    best: dict[int, tuple[int, list]] = {0: (0, [])}
    for rank in sorted(per_rank):
        have = len(per_rank[rank])
        nxt: dict[int, tuple[int, list]] = {}
        for used, (made, plan) in best.items():
            stack = [(made, used, have, plan)]
            while stack:
                m, u, left, p = stack.pop()
                if m > nxt.get(u, (-1,))[0]:
                    nxt[u] = (m, p)
                if m >= wanted:
                    continue
                for k in ranked:
                    if left >= k and u + 3 - k <= jokers:
                        stack.append((m + 1, u + 3 - k, left - k, p + [(rank, k)]))
        best = nxt
    finals = []
    for used, (made, plan) in best.items():
        plan = list(plan)
        if 0 in mixes:  # books of three jokers, from what the ranks left
            while len(plan) < wanted and jokers - used >= 3:
                plan.append((None, 0))
                used += 3
        finals.append((min(len(plan), wanted), -used, plan))
    _, _, plan = max(finals, key=lambda f: (f[0], f[1]))
    made: list[tuple[Card, ...]] = []
    taken: dict[int, int] = {}
    for rank, k in sorted(plan, key=lambda b: (b[0] is None, b[0] or 0, -b[1])):
        start = taken.get(rank, 0)
        naturals = tuple(per_rank[rank][start:start + k]) if rank is not None else ()
        taken[rank] = start + k
        made.append(naturals + (Card.joker(),) * (3 - k))
    return tuple(made[:wanted])


def _last_book(cards: list[Card], mr: MeldRules, no_discard: bool) -> tuple[Card, ...] | None:
    """Deal 5: the cards the straights left are one book (less one discard unless ``no_discard``)."""
    tries = [cards] if no_discard else [cards[:i] + cards[i + 1:] for i in range(len(cards))]
    for rest in tries:
        if rest and check_meld(rest, mr).kind == "set":
            return tuple(rest)
    return None


def _describe_contract(books: int, straights: int, mr: MeldRules) -> str:
    parts = []
    if books:
        parts.append(_counted(books, mr.set_word))
    if straights:
        parts.append(_counted(straights, mr.run_word))
    return joined(_(" and "), parts) if parts else _("no melds")


# -- the game -----------------------------------------------------------------------------------------


def contract_words(deal: int, *, whole: bool = True) -> str:
    """The deal's contract in words (``whole=False``: only its melds, without deal 5's way of laying them).

    >>> contract_words(3), contract_words(DEALS), contract_words(DEALS, whole=False)
    ('2 books + 1 straight', '1 book + 2 straights, all at once, no discard', '1 book + 2 straights')
    """
    words = melds_words(*CONTRACTS[deal])
    return _("{melds}, all at once, no discard", melds=words) if deal == DEALS and whole else words


def melds_words(books: int, straights: int) -> str:
    """So many books and straights in words: "2 books + 1 straight"."""
    parts = []
    if books:
        parts.append(_n("{count} book", "{count} books", books))
    if straights:
        parts.append(_n("{count} straight", "{count} straights", straights))
    return joined(" + ", parts)


class Russian(GoingOut, Variant):
    key = "russian"
    order = 20
    name = "Russian Rummy"
    aliases = ("russian rummy", "russian_rummy", "contract")
    summary = _("Contract rummy over 5 deals with books and 4-card straights; lowest total wins.")
    min_players, max_players = 2, 8
    ends = ("out",)
    contract_deals = DEALS
    not_opened_word = _("contract not made")
    declared_melds_use = _("checked against the contract")
    deck_grows_with_players = True
    FIXED = {"deals": DEALS, "jokers_per_deck": JOKERS_PER_DECK}
    SWITCHES = (
        Switch("card_value_table", "enum", "five_ten_fifteen_25", _("Penalty values of cards held."),
               choices=tuple(VALUE_TABLES)),
        Switch("ace_run_position", "enum", "either_end", _("Where the ace may sit in a straight."),
               choices=("either_end", "low_only", "high_only")),
        Switch("min_naturals_per_meld", "int", 1, _("Natural cards each meld must hold."), min=0, max=3),
        Switch("max_jokers_per_meld", "int_or_null", None, _("Jokers allowed in one meld."),
               min=0),
        Switch("book_max_on_laydown", "int_or_null", None, _("Largest book when laid down."),
               min=3),
        Switch("final_deal_no_discard", "bool", True, _("In deal 5 every card must be laid, with no discard.")),
        Switch("tie_break", "enum", "shared", _("Equal lowest totals after deal 5."),
               choices=("shared", "fewest_points_in_last_deal")),
        Switch("failed_contract_flat_penalty", "int", 0,
               _("Extra points for a player who never made the deal's contract."), min=0),
    )

    #: cards a player may hold beyond the deal and the draw: each "I want it" claim adds the discard and
    #: a penalty card (docs/rules/russian.md#at-a-glance); three claims in one deal is more than any table sees
    extra_cards_held = 6

    def cards_dealt(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        return HAND_SIZE

    def decks(self, n_players: int | None = None) -> int:
        # Without a player count, allow the largest table's deck: refusing a card that a bigger table
        # holds would be wrong, and the match check knows the real count.
        return math.ceil((n_players if n_players is not None else self.max_players) / 2)

    def jokers(self, n_players: int | None = None, rules: Rules | None = None) -> int:
        if n_players is None and rules is not None:
            n_players = rules.n_players
        return JOKERS_PER_DECK * self.decks(n_players)

    def values(self, rules: Rules | None = None) -> tuple[int, ...]:
        return VALUE_TABLES[self._resolve(rules).card_value_table]

    def meld_rules(self, rules: Rules | None = None) -> MeldRules:
        rules = self._resolve(rules)
        return MeldRules(
            game_name=self.name, set_word="book", run_word="straight",
            set_min=3, set_max=rules.book_max_on_laydown, set_distinct_suits=False,
            run_min=4, run_max=None, ace_run=rules.ace_run_position,
            max_jokers_per_meld=rules.max_jokers_per_meld, min_naturals_per_meld=rules.min_naturals_per_meld,
            decks=self.decks(rules.n_players), jokers_in_deck=self.jokers(rules=rules),
            # opening values are not used in Russian Rummy; the aces still read 1 low and 11 high
        )

    def check_contract(self, deal: int, melds: Iterable[str | Iterable[Card]], rules: Rules | None = None,
                       hand: str | Iterable[Card] | None = None) -> ContractCheck:
        """Check a lay-down against deal ``deal``'s contract (and deal 5's all cards, no discard)."""
        rules = self._resolve(rules)
        return check_contract(deal, melds, self.meld_rules(rules), no_discard=rules.final_deal_no_discard,
                              hand=hand)

    def contract_words(self, deal: int) -> str:
        return contract_words(deal, whole=False)

    def contract_in_hand(self, deal: int, cards: str | Iterable[Card], rules: Rules | None = None) -> ContractCheck:
        """Does this whole hand hold deal ``deal``'s contract, and how (else the closest it comes)?"""
        return contract_in_hand(deal, cards, self._solver(rules)[0],
                                no_discard=self._resolve(rules).final_deal_no_discard)

    def rules_sheet(self, rules: Rules | None = None) -> list[str]:
        r = self._resolve(rules)
        n = r.n_players
        deck = (_n("{count} pack of 52 with {jokers} jokers", "{count} packs of 52 with {jokers} jokers",
                   self.decks(n), jokers=self.jokers(n))
                if n else _("one 54-card pack (52 + 2 jokers) for every two players"))
        ace = {"either_end": _("at either end (A-2-3-4 or J-Q-K-A)"), "low_only": _("low only"),
               "high_only": _("high only")}[r.ace_run_position]
        contracts = joined("; ", [_("deal {deal}: {melds}", deal=d, melds=melds_words(b, s))
                                  for d, (b, s) in CONTRACTS.items()])
        lines = [
            _("{deck}; {count} cards each, every deal.", deck=deck, count=self.cards_dealt()),
            _("Books: 3 or more of one rank, suits irrelevant. Straights: 4 or more in one suit, ace {ace}, never "
              "wrapping.", ace=ace),
            _("Contracts: {contracts}. Lay only the contract's melds, then lay off.", contracts=contracts),
            _("Deal {deal}: lay every card at once, with no discard.", deal=DEALS) if r.final_deal_no_discard else
            _("Deal {deal}: lay all cards but one and discard it.", deal=DEALS),
            values_sentence(self.values(r)),
            _("The player who goes out scores 0; everyone else counts every card in hand."),
            _("Exactly {deals} deals; the lowest total wins (ties share).", deals=DEALS) if r.tie_break == "shared"
            else _("Exactly {deals} deals; the lowest total wins (ties: fewest points in deal {deals}).", deals=DEALS),
        ]
        if r.failed_contract_flat_penalty:
            lines.append(_("Not making the contract adds {penalty} (not in deal {deal}).",
                           penalty=r.failed_contract_flat_penalty, deal=DEALS))
        return lines

    # -- a hand: the deal's contract, then going out (docs/rules/russian.md#how-a-hand-ends) ---------------

    checked_fields = ("deal",)

    def typed_multiple(self) -> int | None:
        # every card of the default table counts a multiple of 5 (docs/rules/common.md#typed-points)
        values = self._solver()[1]
        return 5 if all(v % 5 == 0 for v in values) else None

    def parse_extra(self, hand: Hand, entry: Mapping[str, Any]) -> None:
        if entry.get("upcard") is not None:
            raise hand.error(_("this game has no upcard"), field="upcard")
        deal = entry.get("deal")
        if deal is not None and deal != hand.number:
            raise hand.error(_("this is deal {number}, not deal {deal}", number=hand.number, deal=deal), field="deal")
        hand.deal = hand.number

    def score(self, hand: Hand, state: MatchState) -> HandScore:
        deal = hand.number
        self.check_cards(hand)
        if hand.melds is not None:
            self.check_hand_contract(hand, deal)
        flat = self.house.failed_contract_flat_penalty
        scored = HandScore(winner=hand.by, summary=_("deal {deal} ({contract}): {by} went out", deal=deal,
                                                     contract=contract_words(deal), by=hand.by))
        scored.scores[hand.by] = 0
        scored.explanations[hand.by] = _("went out: 0")
        for name in hand.others:
            held = hand.held[name]
            raw, text = self.raw_count(hand, held)
            if flat and not held.opened and deal != DEALS:
                raw += flat
                text = _("{said} + {flat} (contract not made) = {raw}", said=text, flat=flat, raw=raw)
            scored.scores[name] = raw
            scored.explanations[name] = text
        return scored

    def check_hand_contract(self, hand: Hand, deal: int) -> None:
        winner = hand.held.get(hand.by)
        cards = winner.cards if winner is not None and winner.cards else None
        no_discard = deal == DEALS and self.house.final_deal_no_discard
        check = check_contract(deal, hand.melds, self._solver()[0], no_discard=no_discard, hand=cards)
        if not check.valid:
            raise hand.error(_("{by}'s lay-down: {reason}", by=hand.by, reason=check.reason), player=hand.by,
                             field="melds")

    def check_winner(self, hand: Hand) -> None:
        """Points 0, or cards fully melded; in deal 5, every card in exactly the contract
        (docs/rules/common.md#the-winners-cards, docs/rules/russian.md#deal-5).

        Deals 1–4: the winner's cards shown must all be in melds (the variant's least-deadwood
        arrangement leaves nothing). Deal 5: with ``melds``, :meth:`check_contract` compares them with the
        cards; without, some split of the cards into 1 book + 2 straights (all but the discard when
        ``final_deal_no_discard`` is off) must exist, which the engine finds itself for any hand up to
        the cards bound (20 after "I want it" claims).
        """
        cards = self.winner_cards(hand)
        if not cards:
            return
        if hand.number != DEALS:
            left = self.unmelded(cards)
            if left:
                raise not_melded(hand, hand.by, _("went out"), left)
            return
        no_discard = self.house.final_deal_no_discard
        if hand.melds is not None:
            # check_contract(..., hand=cards) compares them; name a card left out in the player's words
            left = physical(cards) - physical(c for meld in hand.melds for c in meld)
            if no_discard and left:
                raise not_melded(hand, hand.by, _("went out in deal {deal}", deal=DEALS),
                                 sorted(left.elements(), key=Card.sort_key))
            return
        # the whole hand, however many cards claims added (up to the cards bound): the search for deal
        # 5's lay-down is bounded by its windows, not by the cards (docs/hardening.md)
        if final_contract(cards, self._solver()[0], no_discard=no_discard) is not None:
            return
        contract = contract_words(DEALS, whole=False)
        left = self.unmelded(cards)
        if len(left) > (0 if no_discard else 1):
            what = _n("{cards} is not in a meld", "{cards} are not in a meld", len(left), cards=format_cards(left))
        else:
            what = _("the cards shown do not make exactly {contract}", contract=contract)
        rule = (_("deal {deal} is {contract}", deal=DEALS, contract=contract_words(DEALS)) if no_discard
                else _("in deal {deal} all cards but the discard make {contract}", deal=DEALS, contract=contract))
        raise hand.error(_("{by} went out in deal {deal} but {what}: {rule}", by=hand.by, deal=DEALS, what=what,
                           rule=rule), player=hand.by, field="cards")

    def check_cards(self, hand: Hand) -> None:
        winner = hand.held.get(hand.by)
        self.check_copies(hand, melds_are_extra=not (winner is not None and winner.cards))
        for name in hand.others:
            held = hand.held[name]
            if held.cards is not None and not held.cards:
                raise hand.error(_("{name} holds no cards, so {name} went out too: only one player can", name=name),
                                 player=name, field="cards")
        self.check_winner(hand)

    def match_over(self, state: MatchState, hand: Hand, scored: HandScore) -> list[str] | None:
        if state.hands_played < DEALS:
            return None
        lowest = self.best_of(list(state.players), state)
        if len(lowest) > 1 and self.house.tie_break == "fewest_points_in_last_deal":
            last = {n: scored.scores.get(n, 0) for n in lowest}
            fewest = min(last.values())
            lowest = [n for n in lowest if last[n] == fewest]
        return lowest

    def context(self, state: MatchState) -> dict[str, Any]:
        deal = state.hands_played + 1
        if state.finished or deal > DEALS:
            return {"deal": None, "contract": None}
        return {"deal": deal, "contract": contract_words(deal)}
