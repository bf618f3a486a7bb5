"""The public solver's fast lane (``scorekeeper.engine.solver.search.arrange``, reached through
``variant.arrange``): for hands of one pack with no joker it answers from the hand mask and small tables,
and its arrangement must be exactly the one the per-suit tables give (``fast._fast_arrange``, the fast
path's full answer), with the least deadwood the general search finds; with jokers or copies it must hand
the cards to the general search untouched."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.solver import Arrangement, arrange
from scorekeeper.engine.cards import SUITS, Card, parse_cards
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.solver import fast
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

