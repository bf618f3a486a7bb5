"""The least-deadwood solver (scorekeeper.engine.arrange): RULES.md's worked examples, and agreement
with a brute force that lives here, independent of the module."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.arrange import (
    Arrangement,
    DeclaredCheck,
    arrange,
    best_discard,
    check_declared,
    layoff,
)
from scorekeeper.engine.cards import SUITS, Card, parse_cards
from scorekeeper.engine.melds import MeldRules

RUMINO = MeldRules(set_distinct_suits=False, run_max=4, ace_run="low_only", decks=2, jokers_in_deck=4)
RUMINO_VALUES = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
GIN = MeldRules()
GIN_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
RAMINO = MeldRules(set_max=4, run_min=3, ace_run="either_end", max_jokers_per_meld=1, decks=2, jokers_in_deck=4)
RAMINO_VALUES = (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
RUSSIAN = MeldRules(
    set_max=None, set_distinct_suits=False, run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4
)
RUSSIAN_VALUES = (25, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# -- an independent legality checker and brute force ----------------------------------------------------


def legal(naturals: list[Card], jokers: int, rules: MeldRules) -> bool:
    """Is a group of natural cards plus `jokers` free jokers a meld? (Every window is tried.)"""
    size = len(naturals) + jokers
    max_j = rules.max_jokers_per_meld
    if max_j is not None and jokers > max_j:
        return False
    if len(naturals) < rules.min_naturals_per_meld:
        return False
    set_max = rules.set_max if rules.set_max is not None else 99
    if rules.set_distinct_suits:
        set_max = min(set_max, 4)
    ranks = {c.rank for c in naturals}
    suits = [c.suit for c in naturals]
    if len(ranks) <= 1 and rules.set_min <= size <= set_max:
        if not rules.set_distinct_suits or len(set(suits)) == len(suits):
            return True
    if len(set(suits)) > 1:
        return False
    run_max = rules.run_max if rules.run_max is not None else 99
    if not rules.run_min <= size <= run_max:
        return False
    low = rules.ace_run in ("low_only", "either_end")
    high = rules.ace_run in ("high_only", "either_end")
    for lo in range(1, 15):
        hi = lo + size - 1
        if hi > 14 or (lo == 1 and not low) or (hi == 14 and not high):
            continue
        if lo == 1 and hi == 14 and not rules.allow_ace_both_ends:
            continue
        slots = set(range(lo, hi + 1))
        ok = True
        for c in naturals:
            options = [1, 14] if c.rank == 1 else [c.rank]
            free = [x for x in options if x in slots]
            if not free:
                ok = False
                break
            slots.remove(free[0])
        if ok:
            return True
    return False


def declared_legal(meld: tuple[Card, ...], rules: MeldRules) -> bool:
    """A meld from an Arrangement: every joker says what it is, and the meld is legal as declared."""
    jokers = [c for c in meld if c.is_joker]
    if any(c.stands_for is None for c in jokers):
        return False
    naturals = [c for c in meld if not c.is_joker]
    if rules.max_jokers_per_meld is not None and len(jokers) > rules.max_jokers_per_meld:
        return False
    if len(naturals) < rules.min_naturals_per_meld:
        return False
    return legal(naturals + [c.stands_for for c in jokers], 0, rules)


def value(card: Card, values) -> int:
    return values[card.rank]


def brute_force_arrange(hand: list[Card], rules: MeldRules, values) -> int:
    """Least deadwood by trying every partition of the hand into legal melds and deadwood."""
    n = len(hand)
    melds_by_low: dict[int, list[int]] = {}
    for mask in range(1, 1 << n):
        if mask.bit_count() < min(rules.set_min, rules.run_min):
            continue
        group = [hand[i] for i in range(n) if mask >> i & 1]
        naturals = [c for c in group if not c.is_joker]
        if legal(naturals, len(group) - len(naturals), rules):
            melds_by_low.setdefault(mask & -mask, []).append(mask)

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        i = low.bit_length() - 1
        result = value(hand[i], values) + best(mask ^ low)
        for m in melds_by_low.get(low, ()):
            if m & mask == m:
                result = min(result, best(mask ^ m))
        return result

    return best((1 << n) - 1)


def brute_force_discard(hand: list[Card], rules: MeldRules, values) -> tuple[int, int]:
    """(least deadwood after one discard, value of the highest card that achieves it)."""
    return min(
        (brute_force_arrange(hand[:i] + hand[i + 1 :], rules, values), -value(hand[i], values))
        for i in range(len(hand))
    )


def assert_sound(result: Arrangement, hand: list[Card], rules: MeldRules, values, extra=()) -> None:
    """The arrangement is legal, uses exactly the hand's cards, and adds up."""
    for meld in result.melds:
        assert declared_legal(meld, rules), meld
    used = [c for m in result.melds for c in m] + list(result.deadwood) + list(result.laid_off) + list(extra)

    def plain(c: Card) -> Card:
        return Card.joker() if c.is_joker else c

    assert Counter(map(plain, used)) == Counter(map(plain, hand))
    assert result.points == sum(value(c, values) for c in result.deadwood)


# -- RULES.md worked examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, points",
    [
        ("5H 5S 5D 9C 10C JC 4D", 4),  # R1 A
        ("KS KH KD 2C 3D 8H QS", 23),  # R1 B
        ("7S 8S 9S 10S AH AD 6C", 8),  # R1 C
        ("QH QD JK 2H 4S 6D 9H", 21),  # R1 D
        ("6C 7C 8C 9C QS QD JK", 0),  # R2 B's gin
        ("2S 2H 5C 7D JD AS KC", 37),  # R2 A
        ("3H 3S 3C JK 10D JH 4S", 24),  # R2 C: the joker makes a set of four
        ("AC 2C 3C 6H 6S 9D 10H", 31),  # R2 D
        ("QS KS AS 4H 4C JK 9S", 18),  # R3 A: Q-K-A is no run; the joker is better as J♠
        ("7D 7D 7S 2H 3H 4H 8C", 8),  # R3 B: two identical 7♦ in a set
        ("10H JH QH KH 2D 2C AC", 5),  # R3 D
        ("2D 3D 4D 5D 6D 9C 9S", 20),  # R9: runs of at most 4
    ],
)
def test_rumino_worked_examples(hand, points):
    h = cards(hand)
    result = arrange(h, RUMINO, RUMINO_VALUES)
    assert result.points == points
    assert_sound(result, h, RUMINO, RUMINO_VALUES)


def test_r3_joker_stands_for_jack_of_spades():
    result = arrange(cards("QS KS AS 4H 4C JK 9S"), RUMINO, RUMINO_VALUES)
    assert result.melds == ((Card.joker(Card.parse("JS")), Card.parse("QS"), Card.parse("KS")),)


def test_r9_without_run_limit_takes_the_five_card_run():
    rules = MeldRules(set_distinct_suits=False, run_max=None, decks=2, jokers_in_deck=4)
    assert arrange(cards("2D 3D 4D 5D 6D 9C 9S"), rules, RUMINO_VALUES).points == 18


def test_r3_knocker_declaration_checks():
    check = check_declared([cards("AS 2S 3S"), cards("8H 8C 8D")], cards("6D"), RUMINO, RUMINO_VALUES)
    assert check == DeclaredCheck(True, "", 6)


def test_g6_queen_king_ace_is_no_run():
    result = arrange(cards("KS QS AS"), GIN, GIN_VALUES)
    assert result.points == 21
    assert result.melds == ()


def test_g1_layoff():
    knocker = [cards("3H 4H 5H"), cards("8S 8D 8C"), cards("JC QC KC")]
    defender = cards("9D 9H 9S 5C 6C 7C 6H 10C KD 4S")
    result = layoff(defender, knocker, GIN, GIN_VALUES)
    assert result.points == 14
    assert sorted(result.laid_off, key=Card.sort_key) == cards("6H 10C")
    assert sorted(result.deadwood, key=Card.sort_key) == cards("4S KD")
    assert_sound(result, defender, GIN, GIN_VALUES)


def test_g2_layoff_undercut():
    knocker = [cards("8C 9C 10C"), cards("JS QS KS"), cards("4H 4D 4C")]
    defender = cards("2H 2S 2D 2C 5S 6S 7S AS 3D 7C")
    assert arrange(defender, GIN, GIN_VALUES).points == 11
    result = layoff(defender, knocker, GIN, GIN_VALUES)
    assert result.points == 4
    assert result.laid_off == (Card.parse("7C"),)


# -- unit cases -----------------------------------------------------------------------------------------


def test_empty_hand():
    assert arrange([], GIN, GIN_VALUES) == Arrangement((), (), 0)


def test_lone_joker_is_deadwood():
    result = arrange(cards("JK"), RUMINO, RUMINO_VALUES)
    assert result.points == 10 and result.deadwood == (Card.joker(),)


def test_declared_joker_is_free_in_arrange():
    # JK=2C is declared, but it saves more as a third queen
    result = arrange(cards("QH QD JK=2C 5S"), RUMINO, RUMINO_VALUES)
    assert result.points == 5


def test_ace_either_end():
    assert arrange(cards("QD KD AD"), RAMINO, RAMINO_VALUES).points == 0
    assert arrange(cards("AD 2D 3D"), RAMINO, RAMINO_VALUES).points == 0
    assert arrange(cards("KD AD 2D"), RAMINO, RAMINO_VALUES).points == 2 + 10 + 11


def test_ace_high_only():
    rules = MeldRules(ace_run="high_only")
    assert arrange(cards("QD KD AD"), rules, GIN_VALUES).points == 0
    assert arrange(cards("AD 2D 3D"), rules, GIN_VALUES).points == 6


def test_both_aces_in_one_run():
    suit = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    # with runs of 13 or more, only A-2-...-K-A melds all fourteen
    rules = MeldRules(run_min=13, ace_run="either_end", allow_ace_both_ends=True, decks=2)
    assert arrange(cards(suit), rules, RAMINO_VALUES).points == 0
    no = MeldRules(run_min=13, ace_run="either_end", allow_ace_both_ends=False, decks=2)
    assert arrange(cards(suit), no, RAMINO_VALUES).points == 11


def test_ramino_one_joker_per_meld():
    # two jokers cannot share the 5♥ meld; the second one pairs with nothing
    result = arrange(cards("5H JK JK"), RAMINO, RAMINO_VALUES)
    assert result.points == 5 + 25 + 25
    assert arrange(cards("5H 6H JK JK 9C 9D"), RAMINO, RAMINO_VALUES).points == 0


def test_joker_instead_of_an_available_natural():
    # 6♠ is needed in the set, the joker takes its place in the run (one joker per meld)
    assert arrange(cards("5S 6S 7S 6H JK JK"), RAMINO, RAMINO_VALUES).points == 0


def test_russian_book_without_limit_and_four_card_straights():
    assert arrange(cards("9S 9S 9H 9D 9C"), RUSSIAN, RUSSIAN_VALUES).points == 0
    assert arrange(cards("4C 5C 6C"), RUSSIAN, RUSSIAN_VALUES).points == 15
    assert arrange(cards("JC QC KC AC"), RUSSIAN, RUSSIAN_VALUES).points == 0


def test_jokers_alone_when_no_natural_is_needed():
    rules = MeldRules(min_naturals_per_meld=0, jokers_in_deck=4)
    result = arrange(cards("JK JK JK"), rules, RUMINO_VALUES)
    assert result.points == 0
    assert_sound(result, cards("JK JK JK"), rules, RUMINO_VALUES)
    assert arrange(cards("JK JK JK"), GIN, RUMINO_VALUES).points == 30


def test_twenty_cards_terminate():
    rng = random.Random(20)
    deck = [Card(r, s) for s in SUITS for r in range(1, 14)] * 2 + [Card.joker()] * 4
    hand = rng.sample(deck, 20)
    result = arrange(hand, RUSSIAN, RUSSIAN_VALUES)
    assert_sound(result, hand, RUSSIAN, RUSSIAN_VALUES)


def test_bad_values():
    with pytest.raises(ValueError):
        arrange(cards("AS"), GIN, (1, 2, 3))


# -- best_discard ---------------------------------------------------------------------------------------


def test_best_discard_keeps_the_melds():
    discard, result = best_discard(cards("3H 4H 5H 8S 8D 8C JC QC KC AD 9D"), GIN, GIN_VALUES)
    assert discard == Card.parse("9D") and result.points == 1


def test_best_discard_from_a_four_card_set():
    discard, result = best_discard(cards("7S 7H 7D 7C 2S 3S 4S JD QD KD AC"), GIN, GIN_VALUES)
    assert (discard, result.points) == (Card.parse("AC"), 0)
    discard, result = best_discard(cards("7S 7H 7D 7C 2S 3S 4S JD QD KD 5S"), GIN, GIN_VALUES)
    assert result.points == 0  # big gin: any card that leaves gin is fine; the highest goes


def test_best_discard_prefers_the_highest_card_on_a_tie():
    # discarding K♦ or Q♣ leaves the same melds; both are 10: the result is the same for any order
    hand = cards("2S 3S 4S KD QC")
    first = best_discard(hand, GIN, GIN_VALUES)
    assert first[0].rank in (12, 13) and first[1].points == 10
    assert best_discard(list(reversed(hand)), GIN, GIN_VALUES) == first


def test_best_discard_can_throw_a_joker():
    discard, result = best_discard(cards("5S 6S 7S JK"), RUMINO, RUMINO_VALUES)
    assert discard.is_joker and result.points == 0
