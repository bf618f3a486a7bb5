"""The public solver's fast lane (``scorekeeper.engine.solver.search.arrange``, reached through
``variant.arrange``): for hands of one pack with no joker it answers from the hand mask and small tables,
and its arrangement must be exactly the one the per-suit tables give (``fast._fast_arrange``, the fast
path's full answer), with the least deadwood the general search finds; with jokers or copies it must hand
the cards to the general search untouched. The compiled lane (``solver/_lane.c``, asked first) must give
exactly the Python's arrangement, or None for a hand it does not take, which the Python then answers."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.solver import Arrangement, arrange
from scorekeeper.engine.cards import SUITS, Card, parse_cards
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.solver import fast
from scorekeeper.engine.solver.fast import _lane
from scorekeeper.engine.solver.general import _general
from scorekeeper.engine.variants import find_variant

GIN = MeldRules()
GIN_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
PACK = [Card(r, s) for s in SUITS for r in range(1, 14)]
#: rules the lane takes (runs of three, the ace low) and rules it leaves to the tables
ONE_PACK_RULES = [
    GIN, MeldRules(ace_run="either_end"), MeldRules(ace_run="either_end", allow_ace_both_ends=True),
    MeldRules(ace_run="high_only"), MeldRules(run_min=4), MeldRules(set_min=4), MeldRules(set_max=3, run_max=4),
]
#: Gin's values, an ace worth nothing (a set of aces then saves nothing), an ace worth less than nothing
ONE_PACK_VALUES = [GIN_VALUES, (0, 0) + GIN_VALUES[2:], (0, -5) + GIN_VALUES[2:]]
RUMINO = MeldRules(set_distinct_suits=False, run_max=4, ace_run="low_only", decks=2, jokers_in_deck=4)
RAMINO = MeldRules(set_max=4, run_min=3, ace_run="either_end", max_jokers_per_meld=1, decks=2, jokers_in_deck=4)
TWO_PACK_VALUES = (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def tables_answer(hand: list[Card], rules: MeldRules, values: tuple[int, ...]):
    """The fast path's answer from its per-suit tables, the lane left out."""
    masks = [sum(1 << (c.rank - 1) for c in hand if c.suit == s) for s in SUITS]
    return fast._fast_arrange(*masks, fast._get_tables(rules, values))


@settings(max_examples=150, deadline=None)
@given(hand=st.lists(st.sampled_from(PACK), min_size=7, max_size=13, unique=True),
       rules=st.sampled_from(ONE_PACK_RULES), values=st.sampled_from(ONE_PACK_VALUES))
def test_the_lane_answers_as_the_tables_do_with_the_least_deadwood(hand, rules, values):
    found = arrange(hand, rules, values)
    assert found == tables_answer(hand, rules, values)
    assert type(found) is Arrangement and found.laid_off == ()
    assert found.points == _general(hand, rules, values, discard=False)[0].points
    held = [c for meld in found.melds for c in meld] + list(found.deadwood)
    assert sorted(held, key=lambda c: c.physical) == sorted(hand, key=lambda c: c.physical)
    assert arrange(list(reversed(hand)), rules, values) == found


@settings(max_examples=100, deadline=None)
@given(hand=st.lists(st.sampled_from(PACK), min_size=7, max_size=13, unique=True))
def test_gin_s_variant_arrange_is_the_solver_s_answer(hand):
    gin = find_variant("gin")
    assert gin.arrange(hand) == arrange(hand, GIN, GIN_VALUES) == tables_answer(hand, GIN, GIN_VALUES)


@settings(max_examples=150, deadline=None)
@given(naturals=st.lists(st.sampled_from(PACK * 2), min_size=5, max_size=13), jokers=st.integers(0, 2),
       rules=st.sampled_from([RUMINO, RAMINO]), data=st.data())
def test_jokers_and_copies_go_to_the_general_search_untouched(naturals, jokers, rules, data):
    hand = (naturals + [Card.joker()] * jokers)[: data.draw(st.integers(7, 13))]
    assert arrange(hand, rules, TWO_PACK_VALUES) == _general(hand, rules, TWO_PACK_VALUES, discard=False)[0]


def test_a_hand_with_wilds_through_the_variant_is_the_general_search_s():
    rumino = find_variant("rumino")
    meld_rules, values = rumino.melds_and_values()
    for text in ("QS KS AS 4H 4C JK 9S", "7H 7H JK 9H 10H QS QD", "AS 2S JK JK 5C 5D 9H 9H"):
        hand = parse_cards(text)
        assert rumino.arrange(hand) == _general(hand, meld_rules, values, discard=False)[0]


def test_cards_as_text_or_tokens_are_arranged_as_cards():
    gin = find_variant("gin")
    text = "3H 4H 5H 8S 8D 8C JC QC KC AD"
    expected = gin.arrange(parse_cards(text))
    assert gin.arrange(text) == gin.arrange(text.split()) == gin.arrange(tuple(parse_cards(text))) == expected
    assert gin.arrange(iter(parse_cards(text))) == expected
    assert expected.points == 1


def test_a_variant_bound_to_a_match_arranges_under_that_match_s_rules():
    """The variant keeps its rules' solver inputs beside the rules they came from: a copy bound to other
    rules must not answer with the first one's."""
    kalooki = find_variant("kalooki")
    hand = parse_cards("AS 2S 3S 4S 9D 9H 9C KH")
    default = kalooki.rules(2)
    other = kalooki.rules(2, ace_low_allowed=not default.ace_low_allowed)
    assert kalooki.melds_and_values(default) != kalooki.melds_and_values(other)
    unbound = kalooki.arrange(hand)
    bound = kalooki.for_match(other, ["A", "B"])
    assert bound.arrange(hand) == arrange(hand, *kalooki.melds_and_values(other)) != unbound
    assert kalooki.arrange(hand) == unbound == arrange(hand, *kalooki.melds_and_values(default))
    assert kalooki.for_match(default, ["A", "B"]).arrange(hand) == unbound


def test_the_lane_s_small_tables_hold_each_byte_s_cards_in_rank_order():
    tables = fast._get_tables(GIN, GIN_VALUES)
    for k, byte in enumerate(tables.dead_bytes):
        suit, first = SUITS[k // 2], 8 * (k % 2) + 1
        for x in (0, 1, 0b10110101, 0b11111, 255 if k % 2 == 0 else 0b11111):
            assert byte[x] == tuple(Card(r, suit) for r in range(first, min(first + 8, 14))
                                    if x >> (r - first) & 1)



# -- the compiled lane (solver/_lane.c): the same answers as the Python, or None and the Python answers ------

#: rule configurations the fast path's tables serve, each rule with one set of values (a table is built for
#: each pair, about a second each, and all of them fit in the solver's cache at once): the ace low, high or
#: either, pairs as runs, short and long runs, no runs at all, sets of exactly three or four, four naturals
#: a meld; values with an ace worth 0, less than nothing or 11, every card 0, some cards negative
_RULES = ONE_PACK_RULES + [
    MeldRules(run_min=2), MeldRules(run_max=3), MeldRules(run_min=5, ace_run="high_only"),
    MeldRules(set_min=3, set_max=3, ace_run="either_end"), MeldRules(set_min=4, set_max=4, run_min=4),
    MeldRules(min_naturals_per_meld=4), MeldRules(run_min=14),
]
_VALUES = ONE_PACK_VALUES + [(0,) * 14, (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
                             (0, 1, -2, 3, 0, 5, -6, 7, 8, -9, 10, 0, 10, -13)]
COMPILED_CASES = [(rules, _VALUES[i % len(_VALUES)]) for i, rules in enumerate(_RULES)] + [
    (GIN, values) for values in _VALUES[1:]] + [(MeldRules(ace_run="either_end"), _VALUES[-1])]


@contextmanager
def pure_python(rules: MeldRules, values: tuple[int, ...]):
    """``arrange`` with the compiled lane switched off for these rules: the Python path alone."""
    tables = fast._get_tables(rules, values)
    saved = tables.compiled
    tables.compiled = None
    try:
        yield
    finally:
        tables.compiled = saved


def python_answer(hand, rules, values):
    with pure_python(rules, values):
        return arrange(hand, rules, values)


def test_the_compiled_lane_is_built_for_the_fast_path_s_tables():
    assert _lane is not None, "the C extension scorekeeper.engine.solver._lane was not built by the install"
    for rules, values in COMPILED_CASES:
        assert isinstance(fast._get_tables(rules, values).compiled, _lane.Lane)


#: hands of a few neighbouring ranks: sets and runs crossing, so the set search goes several ranks deep
MELD_RICH = st.integers(1, 10).flatmap(lambda low: st.lists(
    st.sampled_from([c for c in PACK if low <= c.rank < low + 4]), min_size=6, max_size=14, unique=True))


@settings(max_examples=400, deadline=None)
@given(hand=st.one_of(st.lists(st.sampled_from(PACK), min_size=0, max_size=14, unique=True), MELD_RICH),
       case=st.sampled_from(COMPILED_CASES), data=st.data())
def test_the_compiled_lane_answers_exactly_as_the_python(hand, case, data):
    rules, values = case
    compiled = fast._get_tables(rules, values).compiled
    found = compiled.arrange(hand)
    expected = python_answer(hand, rules, values)
    assert type(found) is Arrangement
    # equal as arrangements, and so with the melds and the deadwood in the same order, card for card
    assert found == expected and hash(found) == hash(expected)
    assert found.melds == expected.melds and found.deadwood == expected.deadwood
    assert found.points == expected.points and type(found.points) is int and found.laid_off == ()
    assert arrange(hand, rules, values) == expected
    assert compiled.arrange(tuple(data.draw(st.permutations(hand)))) == found


@settings(max_examples=200, deadline=None)
@given(naturals=st.lists(st.sampled_from(PACK * 2), min_size=0, max_size=14), jokers=st.integers(0, 2),
       case=st.sampled_from(COMPILED_CASES), data=st.data())
def test_a_hand_the_compiled_lane_does_not_take_goes_to_the_python_as_before(naturals, jokers, case, data):
    rules, values = case
    hand = data.draw(st.permutations(naturals + [Card.joker()] * jokers))[: data.draw(st.integers(0, 14))]
    found = fast._get_tables(rules, values).compiled.arrange(hand)
    ours_alone = len({c.physical for c in hand}) == len(hand) and not any(c.is_joker for c in hand)
    assert (found is None) is not ours_alone
    expected = python_answer(hand, rules, values)
    assert arrange(hand, rules, values) == expected
    if found is not None:
        assert found == expected and found.melds == expected.melds and found.deadwood == expected.deadwood


def test_what_is_not_a_list_of_cards_goes_to_the_python():
    compiled = fast._get_tables(GIN, GIN_VALUES).compiled
    hand = parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD")

    class Odd(Card):
        __slots__ = ()

    odd = Odd(1, "D")
    for cards in (iter(hand), hand[:9] + ["AD"], hand[:9] + [None], hand[:9] + [odd], set(hand), "3H 4H 5H"):
        assert compiled.arrange(cards) is None
    assert arrange(iter(hand), GIN, GIN_VALUES) == arrange(hand, GIN, GIN_VALUES)
    assert arrange(hand[:9] + [odd], GIN, GIN_VALUES) == python_answer(hand[:9] + [odd], GIN, GIN_VALUES)
    assert _lane.Lane.__new__(_lane.Lane).arrange(hand) is None  # made but never built: answers nothing


def test_values_too_large_for_the_compiled_lane_leave_the_python_to_answer():
    values = (0,) + (10**15,) * 13
    tables = fast._get_tables(GIN, values)
    assert tables.compiled is None
    hand = parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD")
    assert arrange(hand, GIN, values).points == 10**15


def test_the_compiled_lane_can_be_switched_off():
    code = ("from scorekeeper.engine.solver import fast; from scorekeeper.engine.melds import MeldRules; "
            "print(fast._get_tables(MeldRules(), (0,) + tuple(range(1, 14))).compiled)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SCOREKEEPER_SOLVER_PURE="1"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"
