"""A defender's deadwood after lay-offs, as replay scores it, against a brute force over every order of
laying off: one card at a time, on any of the knocker's melds as grown so far, whenever the meld stays
legal (a joker may go first and open room for the natural card after it), then the rest arranged.

Random Rumino hands (two decks, four jokers, each run cap, ``allow_layoff``) and Gin hands, with the
knocker's melds declared. The cards are drawn by hypothesis, so a failure shrinks to a small hand.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card, format_cards, parse_cards
from scorekeeper.engine.match import replay
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.variants import find_variant

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"


def brute_force(defender: list[Card], knocker: list[list[Card]], variant, rules) -> int:
    """Least deadwood over every sequence of single lay-offs, then the defender's own best melds."""
    meld_rules = variant.meld_rules(rules)

    def key(cards) -> tuple:
        return tuple(sorted(c.code for c in cards))

    @lru_cache(maxsize=None)
    def best(left: tuple, melds: tuple) -> int:
        cards = [Card.parse(c) for c in left]
        found = variant.arrange(cards, rules).points
        for i, code in enumerate(left):
            if code in left[:i]:
                continue  # an identical card was tried already
            card = Card.parse(code)
            rest = left[:i] + left[i + 1:]
            for m, meld in enumerate(melds):
                grown = [Card.parse(c) for c in meld] + [card]
                if check_meld(grown, meld_rules).valid:
                    found = min(found, best(rest, melds[:m] + (key(grown),) + melds[m + 1:]))
        return found

    return best(key(defender), tuple(key(m) for m in knocker))


@st.composite
def rumino_knocks(draw):
    cap = draw(st.sampled_from([3, 4, 5, None]))
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, cap or 5))
    low = draw(st.integers(1, 14 - length))
    run = [f"{RANKS[r - 1]}{suit}" for r in range(low, low + length)]
    rank = draw(st.sampled_from([r for r in RANKS if r not in {c[:-1] for c in run}]))
    book = [f"{rank}{s}" for s in draw(st.permutations(SUITS))[:3]]
    dead = [draw(st.sampled_from(["AD", "2C", "3H", "AS"]))] if length + 3 < 7 else []
    knocker = run + book + dead
    if len(knocker) > 7:
        return None
    pool = Counter([f"{r}{s}" for r in RANKS for s in SUITS] * 2 + ["JK"] * 4) - Counter(knocker)
    # near the knocker's melds, so that lay-offs are likely; every card still fits the two decks
    near = [c for c in pool.elements()
            if c == "JK" or c[-1] == suit or c[:-1] == rank or draw_free(c)]
    defender = draw(st.permutations(near))[:7]
    rules = {"allow_layoff": True, "max_run_length": cap}
    return rules, [run, book], knocker, defender


def draw_free(code: str) -> bool:
    return code[:-1] in ("K", "Q")


@st.composite
def gin_knocks(draw):
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 5))
    low = draw(st.integers(1, 14 - length))
    run = [f"{RANKS[r - 1]}{suit}" for r in range(low, low + length)]
    rank = draw(st.sampled_from([r for r in RANKS if r not in {c[:-1] for c in run}]))
    book = [f"{rank}{s}" for s in draw(st.permutations(SUITS))[:draw(st.integers(3, 4))]]
    used = set(run + book)
    rest = [f"{r}{s}" for r in RANKS for s in SUITS if f"{r}{s}" not in used]
    small = [c for c in rest if c[:-1] in ("A", "2", "3")]
    dead = draw(st.permutations(small))[:10 - len(run) - len(book)]
    if sum(RANKS.index(c[:-1]) + 1 for c in dead) > 10 or not dead:
        return None
    knocker = run + book + dead
    pool = [c for c in rest if c not in dead]
    near = [c for c in pool if c[-1] == suit or c[:-1] == rank or c[:-1] in ("9", "10", "J", "Q", "K")]
    defender = draw(st.permutations(near))[:10]
    if len(defender) < 10:
        return None
    return {}, [run, book], knocker, defender


SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.filter_too_much])


def _defender_deadwood(variant_key: str, rules: dict, melds, knocker, defender) -> int:
    doc = {"variant": variant_key, "players": ["K", "D"], "rules": rules, "entries": [
        {"kind": "hand", "end": "knock", "by": "K", "melds": melds,
         "held": {"K": {"cards": " ".join(knocker)}, "D": {"cards": " ".join(defender)}}}]}
    hand = replay(doc).hands[0]
    if variant_key == "rumino":
        return hand.scores["D"]
    kdw = sum(min(RANKS.index(c[:-1]) + 1, 10) for c in knocker if c not in {x for m in melds for x in m})
    if hand.scores["K"]:
        return hand.scores["K"] + kdw  # knock: the difference
    return kdw - (hand.scores["D"] - 25)  # undercut: the difference plus the bonus


@pytest.mark.slow
@SETTINGS
@given(rumino_knocks())
def test_rumino_layoffs_in_replay_are_the_least_over_every_order(case):
    if case is None:
        return
    rules, melds, knocker, defender = case
    variant = find_variant("rumino")
    resolved = variant.rules(2, **rules)
    got = _defender_deadwood("rumino", rules, melds, knocker, defender)
    want = brute_force(parse_cards(" ".join(defender)), [parse_cards(" ".join(m)) for m in melds], variant, resolved)
    assert got == want, (format_cards(parse_cards(" ".join(defender))), melds)


@SETTINGS
@given(gin_knocks())
def test_gin_layoffs_in_replay_are_the_least_over_every_order(case):
    if case is None:
        return
    rules, melds, knocker, defender = case
    variant = find_variant("gin")
    resolved = variant.rules(2)
    got = _defender_deadwood("gin", rules, melds, knocker, defender)
    want = brute_force(parse_cards(" ".join(defender)), [parse_cards(" ".join(m)) for m in melds], variant, resolved)
    assert got == want, (defender, melds)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["rumino", "gin"]), st.data())
def test_the_knockers_layouts_are_legal_and_start_with_the_least(key, data):
    """``arrangements`` (the knocker's candidates): every layout legal and within the limit, each once,
    and the first one as low as the solver's least deadwood."""
    variant = find_variant(key)
    deck = [f"{r}{s}" for r in RANKS for s in SUITS] * variant.decks() + ["JK"] * variant.jokers()
    cards = parse_cards(" ".join(data.draw(st.permutations(deck))[:variant.cards_dealt(2)]))
    limit = 40  # generous, so that random hands have layouts to list
    found = variant.knock_layouts(cards, limit)
    least = variant.arrange(cards).points
    assert bool(found) == (least <= limit)
    if found:
        assert found[0].points == least
    seen = set()
    for layout in found:
        assert layout.points <= limit
        assert variant.check_declared([list(m) for m in layout.melds], list(layout.deadwood)).valid
        assert Counter(c.code for m in layout.melds for c in m) + Counter(c.code for c in layout.deadwood) == \
            Counter(c.code for c in cards)
        key_ = (tuple(sorted(tuple(sorted(c.code for c in m)) for m in layout.melds)),
                tuple(sorted(c.code for c in layout.deadwood)))
        assert key_ not in seen
        seen.add(key_)
