"""The least-deadwood solver (scorekeeper.engine.solver): the worked examples of docs/rules/, and agreement
with a brute force that lives here, independent of the module."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.solver import (
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


# -- worked examples of docs/rules/rumino.md (R1 to R9) -------------------------------------------------


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


# -- agreement with the brute force ---------------------------------------------------------------------


def deck_for(rules: MeldRules) -> list[Card]:
    naturals = [Card(r, s) for s in SUITS for r in range(1, 14)]
    return naturals * rules.decks + [Card.joker()] * rules.jokers_in_deck


class Drawn:
    """The few calls of ``random.Random`` the hand builders below make, answered by hypothesis's ``draw``:
    one builder serves the fixed samples (given a ``random.Random``) and the properties (given a
    ``Drawn``), where a failing hand then shrinks to a short, readable one."""

    def __init__(self, draw):
        self.draw = draw

    def random(self) -> float:
        return self.draw(st.floats(0, 1, exclude_max=True))

    def randint(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def choice(self, seq):
        return self.draw(st.sampled_from(seq))

    def sample(self, seq, k: int) -> list:
        if not k:
            return []
        picked = self.draw(st.lists(st.integers(0, len(seq) - 1), min_size=k, max_size=k, unique=True))
        return [seq[i] for i in picked]


def meld_rich(rng: random.Random | Drawn, n: int, rules: MeldRules) -> list[Card]:
    """A hand built from sets, overlapping runs and a few strays, within the deck's copies."""
    pool = Counter(deck_for(rules))
    hand: list[Card] = []

    def take(card: Card) -> None:
        if len(hand) < n and pool[card] > 0:
            pool[card] -= 1
            hand.append(card)

    while len(hand) < n:
        before = len(hand)
        roll = rng.random()
        if roll < 0.35:
            rank = rng.randint(1, 13)
            for s in rng.sample(SUITS, rng.choice([2, 3, 3, 4])):
                take(Card(rank, s))
        elif roll < 0.8:
            suit = rng.choice(SUITS)
            start = rng.randint(1, 11)
            for r in range(start, min(13, start + rng.choice([2, 3, 4, 5, 6])) + 1):
                take(Card(r, suit))
        elif roll < 0.9 and rules.jokers_in_deck:
            take(Card.joker())
        else:
            take(rng.choice(deck_for(rules)))
        if len(hand) == before:  # every card asked for is gone: the first one left, so that the hand grows
            take(next(pool.elements()))
    return hand


RULESETS = [
    GIN,
    RUMINO,
    RAMINO,
    RUSSIAN,
    MeldRules(ace_run="high_only", set_distinct_suits=True, decks=2, jokers_in_deck=2),  # Kalooki
    MeldRules(set_min=3, set_max=3, run_min=3, run_max=5, ace_run="either_end", allow_ace_both_ends=True,
              max_jokers_per_meld=2, min_naturals_per_meld=2, decks=3, jokers_in_deck=4),
    MeldRules(set_min=4, set_max=None, set_distinct_suits=False, run_min=3, min_naturals_per_meld=0,
              max_jokers_per_meld=3, decks=2, jokers_in_deck=4),
]
VALUE_TABLES = [GIN_VALUES, RUMINO_VALUES, RAMINO_VALUES, RUSSIAN_VALUES, (15,) + tuple(range(1, 14))]


@st.composite
def hands(draw, max_cards: int = 11, rules_list=RULESETS):
    rules = draw(st.sampled_from(rules_list))
    values = draw(st.sampled_from(VALUE_TABLES))
    n = draw(st.integers(0, max_cards))
    pick = Drawn(draw)
    style = draw(st.sampled_from(["uniform", "rich", "narrow"]))
    if style == "uniform":
        hand = pick.sample(deck_for(rules), n)
    elif style == "rich":
        hand = meld_rich(pick, n, rules)
    else:
        # few ranks and suits: duplicates, long runs and crowded sets
        lo = pick.randint(1, 9)
        narrow = [c for c in deck_for(rules) if c.is_joker or (lo <= c.rank < lo + 5 and c.suit in "SH")]
        hand = pick.sample(narrow, min(n, len(narrow)))
    return rules, values, hand


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SETTINGS
@given(hands(), st.data())
def test_arrange_agrees_with_brute_force(case, data):
    rules, values, hand = case
    result = arrange(hand, rules, values)
    assert_sound(result, hand, rules, values)
    assert result.points == brute_force_arrange(hand, rules, values)
    assert arrange(data.draw(st.permutations(hand), label="shuffled"), rules, values) == result


@pytest.mark.slow
@SETTINGS
@given(hands(max_cards=9))
def test_best_discard_agrees_with_brute_force(case):
    rules, values, hand = case
    if not hand:
        return
    discard, result = best_discard(hand, rules, values)
    assert_sound(result, hand, rules, values, extra=[discard])
    assert (result.points, -value(discard, values)) == brute_force_discard(hand, rules, values)
    assert best_discard(list(reversed(hand)), rules, values) == (discard, result)


def brute_force_layoff(hand: list[Card], knocker: list[list[Card]], rules: MeldRules, values) -> int:
    """Least deadwood over every choice of cards laid off on each knocker meld, then the best melds."""
    best = brute_force_arrange(hand, rules, values)

    def go(n: int, left: list[Card]) -> None:
        nonlocal best
        if n == len(knocker):
            best = min(best, brute_force_arrange(left, rules, values))
            return
        for mask in range(1 << len(left)):
            extra = [c for i, c in enumerate(left) if mask >> i & 1]
            group = knocker[n] + extra
            naturals = [c for c in group if not c.is_joker]
            if mask == 0 or legal(naturals, len(group) - len(naturals), rules):
                go(n + 1, [c for i, c in enumerate(left) if not mask >> i & 1])

    go(0, hand)
    return best


@st.composite
def layoffs(draw):
    """A knocker's melds (natural melds found in a meld-rich hand) and a defender's hand of cards near
    them, so that lay-offs are likely."""
    rules = draw(st.sampled_from([GIN, RUMINO, RAMINO, RULESETS[5]]))
    pick = Drawn(draw)
    knocker_hand = meld_rich(pick, 10, rules)
    knocker = [
        list(m) for m in arrange([c for c in knocker_hand if not c.is_joker], rules, RUMINO_VALUES).melds
    ][:3]
    pool = Counter(deck_for(rules)) - Counter(c for m in knocker for c in m)
    near = [c for c in pool.elements() if c.is_joker or any(abs(c.rank - k.rank) <= 2 for m in knocker for k in m)]
    hand = pick.sample(near, min(draw(st.integers(0, 7)), len(near)))
    return rules, knocker, hand


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layoffs())
def test_layoff_agrees_with_brute_force(case):
    rules, knocker, hand = case
    values = RUMINO_VALUES
    result = layoff(hand, knocker, rules, values)
    assert_sound(result, hand, rules, values)
    assert result.points == brute_force_layoff(hand, knocker, rules, values)
    assert result.points <= arrange(hand, rules, values).points


def test_chained_layoff_and_run_limits():
    knocker = [cards("5H 6H 7H")]
    # gin: runs without limit, 8-9-10♥ and 4-3♥ all go
    result = layoff(cards("8H 9H 10H 4H 3H KS"), knocker, GIN, GIN_VALUES)
    assert result.points == 10 and len(result.laid_off) + sum(map(len, result.melds)) == 5
    # runs of at most 4: only one card goes on, the 8♥ (it is worth more than the 4♥)
    capped = MeldRules(run_max=4)
    result = layoff(cards("4H 8H 9H KS"), knocker, capped, GIN_VALUES)
    assert result.laid_off == (Card.parse("8H"),) and result.points == 4 + 9 + 10


def test_layoff_on_a_set_of_three_takes_one_card():
    result = layoff(cards("9C 2D"), [cards("9S 9H 9D")], GIN, GIN_VALUES)
    assert result.laid_off == (Card.parse("9C"),) and result.points == 2
    assert layoff(cards("9C"), [cards("9S 9H 9D 9C")], MeldRules(decks=2), GIN_VALUES).points == 9


def test_layoff_stops_at_the_ace():
    # ace low: nothing above the king
    assert layoff(cards("AH"), [cards("JH QH KH")], GIN, GIN_VALUES).points == 1
    assert layoff(cards("AH"), [cards("2H 3H 4H")], GIN, GIN_VALUES).points == 0


def test_layoff_refuses_an_illegal_knocker_meld():
    with pytest.raises(ValueError, match="knocker's meld 1"):
        layoff(cards("AH"), [cards("QH KH AH")], GIN, GIN_VALUES)


@pytest.mark.parametrize("seed", range(4))
def test_gin_agrees_with_brute_force_on_many_hands(seed):
    rng = random.Random(seed)
    deck = deck_for(GIN)
    for n in range(400):
        hand = rng.sample(deck, 10) if n % 2 else meld_rich(rng, 10, GIN)
        assert arrange(hand, GIN, GIN_VALUES).points == brute_force_arrange(hand, GIN, GIN_VALUES)


@pytest.mark.parametrize("seed", range(2))
def test_gin_best_discard_agrees_with_brute_force(seed):
    rng = random.Random(100 + seed)
    deck = deck_for(GIN)
    for n in range(60):
        hand = rng.sample(deck, 11) if n % 2 else meld_rich(rng, 11, GIN)
        discard, result = best_discard(hand, GIN, GIN_VALUES)
        assert (result.points, -discard.rank if discard.rank < 10 else -10) == brute_force_discard(
            hand, GIN, GIN_VALUES
        )


# -- check_declared -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "melds, deadwood, rules, reason",
    [
        (["QS KS AS"], "", GIN, "meld 1 (Q♠ K♠ A♠) is not consecutive (the ace is low only)"),
        (["8S 8S 8H"], "", RAMINO, "meld 1 (8♠ 8♠ 8♥) repeats a suit; a set needs different suits"),
        (["5H JK JK"], "", RAMINO, "meld 1 (5♥ JKR JKR) holds 2 jokers; a meld may hold at most 1"),
        (["5H 6H"], "", GIN, "meld 1 (5♥ 6♥) has 2 cards; a run has 3-13"),
        (["5H 6S 7H"], "", GIN, "meld 1 (5♥ 6♠ 7♥) is neither a set nor a run"),
        (["5H 6H 7H"], "7H", GIN, "2 × 7♥ declared, but the deck holds 1"),
        (["JK JK 7H"], "JK JK JK", RUMINO, "5 × jokers declared, but the deck holds 4"),
        (["5H JK=7H 7H"], "", RUMINO, "meld 1 (5♥ JKR=7♥ 7♥) repeats a card"),
        (["5H JK=8H 7H"], "", RUMINO, "meld 1 (5♥ JKR=8♥ 7♥) is not consecutive"),
        (["AD 2D 3D"], "", RULESETS[4], "meld 1 (A♦ 2♦ 3♦) is not consecutive (the ace is high only)"),
    ],
)
def test_check_declared_refusals(melds, deadwood, rules, reason):
    check = check_declared([cards(m) for m in melds], cards(deadwood), rules, RUMINO_VALUES)
    assert check.valid is False and check.reason == reason


def test_check_declared_accepts_jokers_declared_or_not():
    melds = [cards("5H JK=6H 7H"), cards("9C 9D JK"), cards("QD KD AD")]
    check = check_declared(melds, cards("2S JK"), RAMINO, RAMINO_VALUES)
    assert check == DeclaredCheck(True, "", 27)


# -- the fast path's shortcuts ---------------------------------------------------------------------------


def sets_apart(rng: random.Random, n: int) -> list[Card]:
    """Sets of ranks with no neighbour of the same suit (in no run), with runs and strays around them:
    the hands where the fast path takes a rank's set without searching it. One copy of each card."""
    hand: dict[Card, None] = {}
    deck = deck_for(GIN)
    # two or three sets first, every other rank apart (the first a rank worth little, often the ace)
    for rank in rng.sample([1, 3, 5, 7, 9, 11, 13], rng.choice([2, 3])):
        hand.update(dict.fromkeys(Card(rank, s) for s in rng.sample(SUITS, rng.choice([3, 4]))))
    while len(hand) < n:
        roll = rng.random()
        if roll < 0.3:
            rank = rng.randint(1, 13)
            hand.update(dict.fromkeys(Card(rank, s) for s in rng.sample(SUITS, rng.choice([3, 4]))))
        elif roll < 0.8:
            suit, start = rng.choice(SUITS), rng.randint(1, 10)
            hand.update(dict.fromkeys(Card(r, suit) for r in range(start, start + rng.choice([3, 4]))))
        else:
            hand[rng.choice(deck)] = None
    return list(hand)[:n]


@pytest.mark.parametrize("rules", [GIN, MeldRules(ace_run="either_end"), MeldRules(ace_run="high_only"),
                                   MeldRules(set_min=4), MeldRules(set_max=3, run_max=4)])
def test_fast_path_agrees_with_brute_force_on_sets_apart(rules):
    rng = random.Random(11)
    zero_ace = (0, 0) + GIN_VALUES[2:]  # a card worth nothing: ties between keeping and discarding it
    for n in range(60):
        values = zero_ace if n % 4 == 3 else GIN_VALUES
        size = rng.choice([3, 4, 7, 9, 10])
        hand = sets_apart(rng, size + 1) if n % 2 else meld_rich(rng, size, GIN)
        result = arrange(hand, rules, values)
        assert_sound(result, hand, rules, values)
        assert result.points == brute_force_arrange(hand, rules, values)
        card, kept = best_discard(hand, rules, values)
        assert card in hand
        assert_sound(kept, hand, rules, values, extra=[card])
        assert (kept.points, -values[card.rank]) == brute_force_discard(hand, rules, values)


def test_sets_in_no_run_are_taken_as_the_search_would(monkeypatch):
    """The fast path takes the set of a rank in no run without searching it: the arrangement must be
    exactly the one the full search makes (same melds in the same order, same deadwood)."""
    from scorekeeper.engine.solver import fast

    rng = random.Random(21)
    hands_ = [sets_apart(rng, rng.choice([7, 10, 11])) for _ in range(300)]
    hands_ += [meld_rich(rng, 10, GIN) for _ in range(300)]
    for rules in (GIN, MeldRules(ace_run="either_end")):
        quick = [arrange(h, rules, GIN_VALUES) for h in hands_]
        tables = fast._get_tables(rules, GIN_VALUES)
        assert tables.sure_sets
        monkeypatch.setattr(tables, "sure_sets", False)
        assert [arrange(h, rules, GIN_VALUES) for h in hands_] == quick
        monkeypatch.undo()


def sets_beside_pairs(rng: random.Random, n: int) -> list[Card]:
    """Sets of ranks whose cards have a neighbour of the same suit but lie in no run (a pair such as
    5♠ 6♠ with neither 4♠ nor 7♠), with runs and strays around them: cards that look linked and are not.
    One copy of each card."""
    hand: dict[Card, None] = {}
    deck = deck_for(GIN)
    for rank in rng.sample(range(1, 14), rng.choice([1, 2, 3])):
        suits = rng.sample(SUITS, rng.choice([3, 4]))
        hand.update(dict.fromkeys(Card(rank, s) for s in suits))
        # a neighbour in one or two of its suits, one step up or down (the ace's neighbours too)
        for s in rng.sample(suits, rng.choice([1, 2])):
            step = rng.choice([-1, 1])
            hand[Card((rank - 1 + step) % 13 + 1, s)] = None
    while len(hand) < n:
        roll = rng.random()
        if roll < 0.4:
            suit, start = rng.choice(SUITS), rng.randint(1, 11)
            hand.update(dict.fromkeys(Card(r, suit) for r in range(start, start + rng.choice([2, 3]))))
        else:
            hand[rng.choice(deck)] = None
    return list(hand)[:n]


@pytest.mark.parametrize("rules", [GIN, MeldRules(ace_run="either_end"), MeldRules(ace_run="high_only"),
                                   MeldRules(run_min=4), MeldRules(set_min=4), MeldRules(set_max=3, run_max=4)])
def test_sets_beside_pairs_agree_with_brute_force(rules):
    """A card with a neighbour but no run through it counts as in no run: ``arrange`` and
    ``best_discard`` must still agree with the brute force."""
    rng = random.Random(17)
    zero_ace = (0, 0) + GIN_VALUES[2:]
    for n in range(80):
        values = zero_ace if n % 4 == 3 else GIN_VALUES
        hand = sets_beside_pairs(rng, rng.choice([6, 8, 10, 11]))
        assert arrange(hand, rules, values).points == brute_force_arrange(hand, rules, values)
        card, kept = best_discard(hand, rules, values)
        assert (kept.points, -values[card.rank]) == brute_force_discard(hand, rules, values)


def test_sets_beside_pairs_are_taken_as_the_search_would(monkeypatch):
    """As test_sets_in_no_run_are_taken_as_the_search_would, for ranks whose cards have a neighbour
    but no run through them."""
    from scorekeeper.engine.solver import fast

    rng = random.Random(23)
    hands_ = [sets_beside_pairs(rng, rng.choice([7, 10, 11])) for _ in range(400)]
    for rules in (GIN, MeldRules(ace_run="either_end"), MeldRules(run_min=4)):
        quick = [arrange(h, rules, GIN_VALUES) for h in hands_]
        tables = fast._get_tables(rules, GIN_VALUES)
        monkeypatch.setattr(tables, "sure_sets", False)
        assert [arrange(h, rules, GIN_VALUES) for h in hands_] == quick
        monkeypatch.undo()


@pytest.mark.parametrize("rules", [GIN, MeldRules(ace_run="either_end"), MeldRules(ace_run="high_only"),
                                   MeldRules(run_min=4, run_max=5), MeldRules(run_min=2)])
def test_linked_holds_exactly_the_cards_some_run_could_hold(rules):
    """The fast path treats a card outside ``linked`` as in no run: check the table against the
    independent legality checker (a run is some stretch of consecutive cards of one suit)."""
    from scorekeeper.engine.solver import fast

    tables = fast._get_tables(rules, GIN_VALUES)
    rng = random.Random(5)
    for m in [0, 0x1FFF, 0b1100000000001, 0b11, 0b111] + [rng.randrange(1 << 13) for _ in range(300)]:
        held = [r for r in range(1, 14) if m >> (r - 1) & 1]
        runnable = 0
        for lo in range(1, 15):
            for hi in range(lo, 15):
                ranks = [1 if x == 14 else x for x in range(lo, hi + 1)]
                if len(set(ranks)) == len(ranks) and all(r in held for r in ranks):
                    if legal([Card(r, "S") for r in ranks], 0, rules):
                        runnable |= sum(1 << (r - 1) for r in ranks)
        assert tables.linked[m] == runnable, bin(m)


def test_fast_path_with_a_card_worth_less_than_nothing():
    # a set then costs points: the aces, in no run, must not be melded just because they can be
    values = (0, -5) + GIN_VALUES[2:]
    for text in ("AS AH AD 7C 9D", "AS AH AD AC 5S 6S 7S KD", "AS AH AD 3C 3S 3H 9D 2S"):
        hand = cards(text)
        assert arrange(hand, GIN, values).points == brute_force_arrange(hand, GIN, values)


def test_sets_of_two_leave_the_fast_path():
    # sets of two: no suit tables; the general search answers
    rules = MeldRules(set_min=2)
    hand = cards("5S 5H 9C 10C JC 2D")
    assert arrange(hand, rules, GIN_VALUES).points == brute_force_arrange(hand, rules, GIN_VALUES) == 2
    card, kept = best_discard(hand, rules, GIN_VALUES)
    assert (card, kept.points) == (Card.parse("2D"), 0)


# -- the general search beyond its suit tables -----------------------------------------------------------


#: each rule set with jokers beside one value table, every value table among them: a rule set and its
#: values cost the search about a second of tables to build, and these few pairs stay in the solver's
#: cache (18 tables at most), so the examples go to the hands rather than to building tables again
RULES_WITH_VALUES = list(zip(RULESETS[1:], itertools.cycle(VALUE_TABLES)))


@pytest.mark.slow
@SETTINGS
@given(st.sampled_from(RULES_WITH_VALUES), st.sampled_from(SUITS),
       st.lists(st.integers(1, 13), min_size=7, max_size=7, unique=True), st.integers(0, 3))
def test_more_jokers_than_the_tables_and_long_suits(rules_with_values, suit, ranks, extra):
    """Hands with more jokers than the deck holds, or one suit of seven cards or more, leave the
    precomputed suit tables: the search must still agree with the brute force."""
    rules, values = rules_with_values
    long_suit = [Card(r, suit) for r in ranks]
    hand = long_suit[: 7 - extra] + [Card.joker()] * min(extra + rules.jokers_in_deck // 2, 4)
    hand = hand[:9]
    result = arrange(hand, rules, values)
    assert_sound(result, hand, rules, values)
    assert result.points == brute_force_arrange(hand, rules, values)
    discard, kept = best_discard(hand[:8], rules, values)
    assert_sound(kept, hand[:8], rules, values, extra=[discard])
    assert (kept.points, -value(discard, values)) == brute_force_discard(hand[:8], rules, values)


@pytest.mark.parametrize(
    "hand, rules, values, points",
    [
        # a run soaks up spare jokers where no split is possible (nothing below the ace)
        ("AH 2H 3H JK JK JK", RUMINO.__class__(run_max=None, decks=2, jokers_in_deck=4), RUMINO_VALUES, 0),
        # one natural and two jokers: a run where runs of three are legal...
        ("7H JK JK", RUMINO, RUMINO_VALUES, 0),
        # ...and a set where they are not (Russian straights have four cards at least)
        ("7H JK JK", RUSSIAN, RUSSIAN_VALUES, 0),
        ("7H 7H JK", RUSSIAN, RUSSIAN_VALUES, 0),
        # two identical cards and a joker make a set when suits may repeat, not when they may not
        ("9S 9S JK 2D", RUMINO, RUMINO_VALUES, 2),
        ("9S 9S JK 2D", RULESETS[4], RUMINO_VALUES, 9 + 9 + 2 + 10),
        # a long suit from two decks: two runs share ranks
        ("4D 5D 6D 4D 5D 6D 7D JK", RUMINO, RUMINO_VALUES, 0),
    ],
)
def test_general_search_cases(hand, rules, values, points):
    h = cards(hand)
    result = arrange(h, rules, values)
    assert_sound(result, h, rules, values)
    assert result.points == points == brute_force_arrange(h, rules, values)


def test_warm_solvers_builds_every_table_a_hand_of_that_game_asks_for(monkeypatch):
    """After ``warm_solvers`` (what a server does as it starts), a hand of the game, with a joker and a
    second copy, finds every table the solver uses already built: no hand pays for them."""
    from scorekeeper.engine import variants
    from scorekeeper.engine.solver import common, general

    rumino = variants.find_variant("rumino")
    monkeypatch.setattr(variants, "VARIANTS", {"rumino": rumino})  # one game keeps the test quick
    stores = (common._cache._entries, general._conv_code)
    saved = [dict(store) for store in stores]
    try:
        for store in stores:  # as in a new process (put back below)
            store.clear()
        common._last[:] = [None, None, None]
        common._last_general[:] = [None] * 6
        variants.warm_solvers()
        built = [len(store) for store in stores]
        assert all(built), built
        kinds = {key[0] for key in common._cache.keys()}
        assert kinds == {"fast", "suits", "ranks"}, kinds
        for n_players in (2, 6):
            rules = rumino.rules(n_players)
            for cards in ("7H 8H 9H 10H QS QD QC", "7H 7H JK 9H 10H QS QD", "AS 2S JK JK 5C 5D 9H", "KD"):
                rumino.arrange(parse_cards(cards), rules)
            rumino.best_discard(parse_cards("7H 7H JK 9H 10H QS QD QC"), rules)
        assert [len(store) for store in stores] == built
    finally:
        for store, old in zip(stores, saved):
            store.clear()
            store.update(old)
        common._last[:] = [None, None, None]
        common._last_general[:] = [None] * 6


def test_every_game_s_standard_tables_fit_in_the_cache_with_room_to_spare(monkeypatch):
    """``warm_solvers`` builds every installed game's standard tables and sizes the cache from them: all
    fit with room left for a few matches with their own house rules, so no standard table is pushed out by
    them, whatever games are installed."""
    from scorekeeper.engine import variants
    from scorekeeper.engine.limits import SOLVER_TABLES, SOLVER_TABLES_SPARE
    from scorekeeper.engine.solver import common as solver

    saved = solver._cache.keys(), dict(solver._cache._entries), solver._cache.bound
    try:
        solver._cache.clear()
        bound = variants.warm_solvers()
        warm = set(solver._cache.keys())
        assert bound == solver._cache.bound == max(SOLVER_TABLES, len(warm) + SOLVER_TABLES_SPARE)
        assert len(warm) + SOLVER_TABLES_SPARE <= bound
        rumino = variants.find_variant("rumino")
        for joker_value in (11, 12):  # two matches with their own rules: three tables each
            rules = rumino.rules(3, joker_value=joker_value, max_run_length=5)
            rumino.arrange(parse_cards("7H 8H 9H 10H QS QD QC"), rules)
            rumino.arrange(parse_cards("7H 7H JK 9H 10H QS QD"), rules)
            rumino.best_discard(parse_cards("7H 7H JK 9H 10H QS QD QC"), rules)
        assert warm <= set(solver._cache.keys())
    finally:
        solver._cache.clear()
        solver._cache._entries.update(saved[1])
        solver._cache.bound = saved[2]


@pytest.mark.slow
def test_the_cache_stays_bounded_and_answers_alike_after_eviction(monkeypatch):
    """Many rule sets through a small cache: never more tables than the bound, and every answer the same
    whether its tables were just built, kept, or pushed out and built again."""
    from scorekeeper.engine.solver import common as solver

    saved = dict(solver._cache._entries)
    monkeypatch.setattr(solver._cache, "bound", 4)
    solver._cache.clear()
    rng = random.Random(19)
    try:
        rule_sets = []
        for run_max in (3, 4, 5, None):
            for joker_value in (0, 10, 25):
                rule_sets.append((MeldRules(set_distinct_suits=False, run_max=run_max, decks=2, jokers_in_deck=4),
                                  (joker_value, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)))
        rule_sets.append((MeldRules(), GIN_VALUES))
        hands_ = [rng.sample(deck_for(rule_sets[0][0]), 9) for _ in range(6)]
        hands_ += [rng.sample(deck_for(MeldRules()), 10) for _ in range(6)]  # distinct naturals: the fast path
        first = {}
        for _round in range(2):
            for n, (rules, values) in enumerate(rule_sets):
                for h, hand in enumerate(hands_):
                    a = arrange(hand, rules, values)
                    d = best_discard(hand, rules, values)
                    assert len(solver._cache) <= 4
                    if (n, h) in first:
                        assert (a, d) == first[(n, h)]
                    else:
                        first[(n, h)] = (a, d)
                        assert a.points == brute_force_arrange(hand, rules, values)
        assert len(solver._cache) == 4
    finally:
        solver._cache.clear()
        solver._cache._entries.update(saved)
