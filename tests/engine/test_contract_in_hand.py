"""The engine's contract answer ("does this whole hand hold deal N's contract?") against a brute force
over every way to pick the contract's melds out of the hand: every subset checked as a book or a
straight, every disjoint choice of them. Cards are drawn by hypothesis from a few ranks and suits so that
books and straights are common, with jokers and two decks.
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import pytest

from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.match import InvalidMatchError, replay
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.variants.russian import CONTRACTS, check_contract, contract_in_hand, final_contract
from scorekeeper.engine.variants import find_variant

RUSSIAN = find_variant("russian")


def brute_force(deal: int, cards: list[Card], mr, no_discard: bool) -> int:
    """The most of the contract's melds the hand makes at once (all of them: the contract is held)."""
    books, straights = CONTRACTS[deal]
    n = len(cards)
    kind_of: dict[tuple[int, ...], str | None] = {}
    for size in range(3, n + 1):
        for idx in combinations(range(n), size):
            kind_of[idx] = check_meld([cards[i] for i in idx], mr).kind
    best = 0

    def go(used: frozenset, b: int, s: int, start: int) -> None:
        nonlocal best
        left = n - len(used)
        done = b == books and s == straights
        if deal == 5 and done and left > (0 if no_discard else 1):
            done = False
        if deal != 5 or done:
            best = max(best, b + s if deal != 5 else books + straights)
        if b == books and s == straights:
            return
        for idx, kind in kind_of.items():
            if min(idx) < start or not used.isdisjoint(idx):
                continue
            if kind == "set" and b < books:
                go(used | set(idx), b + 1, s, min(idx))
            elif kind == "run" and s < straights:
                go(used | set(idx), b, s + 1, min(idx))

    go(frozenset(), 0, 0, 0)
    return best


@st.composite
def hands(draw):
    deal = draw(st.integers(1, 5))
    ranks = draw(st.lists(st.integers(1, 13), min_size=2, max_size=4, unique=True))
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=3, unique=True))
    low = draw(st.integers(1, 10))
    pool = [Card(r, s) for r in ranks for s in suits] + [Card(r, suits[0]) for r in range(low, low + 4)]
    pool = sorted(set(pool), key=Card.sort_key) * 2 + [Card.joker()] * 4  # two decks (four players)
    size = draw(st.integers(5, 10 if deal != 5 else 9))
    picked = draw(st.permutations(pool))[:size]
    rules = RUSSIAN.rules(4, **draw(st.sampled_from([
        {}, {"max_jokers_per_meld": 1}, {"min_naturals_per_meld": 2}, {"ace_run_position": "low_only"},
        {"final_deal_no_discard": False}])))
    return deal, picked, rules


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
# three books with at most one joker each: [A A JK] [A A JK] [2 2 2], so the natural book of aces must
# be split rather than taken whole
@example((4, parse_cards("AS 2S 3S AH JK JK AH 2H AS 2S"),
          RUSSIAN.rules(4, max_jokers_per_meld=1)))
def test_contract_answer_agrees_with_brute_force(case):
    deal, cards, rules = case
    mr = RUSSIAN.meld_rules(rules)
    no_discard = rules.final_deal_no_discard
    got = contract_in_hand(deal, cards, mr, no_discard=no_discard)
    want = brute_force(deal, cards, mr, no_discard)
    books, straights = CONTRACTS[deal]
    assert got.valid == (want == books + straights), (deal, [c.code for c in cards], got.reason)
    # the lay-down shown is real: legal melds of the right kinds, out of the hand's own cards
    kinds = [m.kind for m in got.melds]
    assert all(m.valid for m in got.melds)
    assert kinds.count("set") <= books and kinds.count("run") <= straights
    if got.valid:
        assert RUSSIAN.check_contract(deal, [list(m.cards) for m in got.melds], rules,
                                      hand=cards if deal == 5 and no_discard else None).valid
    elif deal != 5:
        assert len(got.melds) == want  # the closest it comes


def _deal_five(winner_cards: str, melds: list[str] | None = None) -> dict:
    typed = {"Q": {"points": 10}, "R": {"points": 10}}
    last = {"kind": "hand", "end": "out", "by": "P", "held": {"P": {"cards": winner_cards}, **typed}}
    if melds is not None:
        last["melds"] = melds
    return {"variant": "russian", "players": ["P", "Q", "R", "S"],
            "entries": [{"kind": "hand", "end": "out", "by": "P", "held": {**typed, "S": {"points": 10}}}] * 4
            + [{**last, "held": {**last["held"], "S": {"points": 10}}}]}


@st.composite
def final_hands(draw):
    """Deal 5's hands: as ``hands``, and up to ten cards (more would make the brute force slow)."""
    _, picked, rules = draw(hands())
    return picked, rules


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(final_hands())
def test_the_deal_five_lay_down_agrees_with_brute_force(case):
    """``final_contract`` (the lay-down of the whole hand, at any size up to the cards bound) holds the
    contract exactly when the brute force finds one, and what it lays down is the contract."""
    cards, rules = case
    mr = RUSSIAN.meld_rules(rules)
    no_discard = rules.final_deal_no_discard
    found = final_contract(cards, mr, no_discard=no_discard)
    books, straights = CONTRACTS[5]
    assert (found is not None) == (brute_force(5, cards, mr, no_discard) == books + straights), [c.code for c in cards]
    assert (found is not None) == contract_in_hand(5, cards, mr, no_discard=no_discard).valid
    if found is not None:
        assert check_contract(5, [list(m.cards) for m in found], mr, no_discard=no_discard, hand=cards).valid


def test_a_deal_five_hand_enlarged_by_claims_is_checked_without_melds():
    # 20 cards with four jokers (docs/rules/common.md#card-counts: up to the 20-card bound, the engine finds the lay-down
    # itself): two straights of hearts side by side and a book of 2s
    long_hand = "JK JK JK JK 2H 3H 4H 5H 6H 7H 8H 9H 2H 3H 4H 5H 6H 7H 8H 9H"
    standings = replay(_deal_five(long_hand))
    assert standings.players[0].total == 0 and standings.finished
    # a 2♦ that makes a second book at best: refused, and the refusal says so in the player's words
    with pytest.raises(InvalidMatchError) as refused:
        replay(_deal_five("5S 5H 5D 5C 3C 4C JK 6C 7C 8C 9C 10C JK 8H 9H 10H JH QH KH 2D"))
    assert refused.value.field == "cards" and refused.value.player == "P"


def test_the_deal_five_search_is_bounded_at_twenty_cards():
    """The hardest hands for the lay-down search (every card in one or two suits, so every rank could be
    the book and every pair of windows the straights; all but a discard) stay well under a second each:
    the search counts places in windows, it never lists subsets of the cards."""
    rng = random.Random(20)
    mr = RUSSIAN.meld_rules(RUSSIAN.rules(8))
    slowest = 0.0
    for n in range(40):
        suits = rng.sample("SHDC", 1 + n % 2)
        jokers = rng.choice([0, 4, 8])
        pool = [Card(r, s) for r in range(1, 14) for s in suits] * 4
        hand = rng.sample(pool, 20 - jokers) + [Card.joker()] * jokers
        start = time.thread_time()
        final_contract(hand, mr, no_discard=n % 4 < 2)
        slowest = max(slowest, time.thread_time() - start)
    assert slowest < 2.0, slowest


# -- any declared contract: the one search against a brute force -------------------------------------------


def brute_force_contract(contract, cards: list[Card], mr, no_discard: bool) -> bool:
    """Whether some disjoint choice of the hand's cards makes exactly the contract's sets and runs (in a
    whole contract: with every card, or with every card but the one discard)."""
    mr = contract.meld_rules(mr)
    n = len(cards)
    kinds = {}
    for size in range(min(mr.set_min, mr.run_min), n + 1):
        for idx in combinations(range(n), size):
            kind = check_meld([cards[i] for i in idx], mr).kind
            if kind in ("set", "run"):
                kinds[idx] = kind

    def go(used: frozenset, sets: int, runs: int, start: int) -> bool:
        if (sets, runs) == (contract.sets, contract.runs):
            return not contract.whole or n - len(used) == (0 if no_discard else 1)
        for idx, kind in kinds.items():
            if min(idx) < start or not used.isdisjoint(idx):
                continue
            if kind == "set" and sets < contract.sets and go(used | set(idx), sets + 1, runs, min(idx)):
                return True
            if kind == "run" and runs < contract.runs and go(used | set(idx), sets, runs + 1, min(idx)):
                return True
        return False

    return go(frozenset(), 0, 0, 0)


@st.composite
def declared(draw):
    from scorekeeper.engine.contracts import Contract
    from scorekeeper.engine.melds import MeldRules

    whole = draw(st.booleans())
    sets, runs = draw(st.sampled_from([(2, 0), (1, 1), (0, 2), (3, 0)] if not whole else [(1, 1), (0, 2), (2, 0)]))
    contract = Contract(sets=sets, runs=runs, whole=whole, set_size=draw(st.sampled_from([None, 4])) if sets else None,
                        wild_per_meld=draw(st.sampled_from([None, 1, 0])))
    mr = MeldRules(set_distinct_suits=draw(st.booleans()), set_max=None, run_min=draw(st.sampled_from([3, 4])),
                   ace_run=draw(st.sampled_from(["low_only", "either_end"])), decks=2, jokers_in_deck=2,
                   min_naturals_per_meld=draw(st.sampled_from([1, 2])))
    ranks = draw(st.lists(st.integers(1, 13), min_size=2, max_size=3, unique=True))
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=2, max_size=3, unique=True))
    low = draw(st.integers(1, 10))
    pool = [Card(r, s) for r in ranks for s in suits] + [Card(r, suits[0]) for r in range(low, low + 4)]
    pool = sorted(set(pool), key=Card.sort_key) * 2 + [Card.joker()] * 2
    picked = draw(st.permutations(pool))[:draw(st.integers(5, 8))]
    return contract, picked, mr, draw(st.booleans())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declared())
def test_any_declared_contract_agrees_with_brute_force(case):
    """``engine.contracts.contract_in_hand`` (the one search of every contract game) holds a declared
    contract exactly when the brute force finds one, whatever the sets' least size, suits, the jokers a
    meld may hold or a whole hand; the lay-down it shows is one ``check_contract`` accepts."""
    from scorekeeper.engine.contracts import check_contract as check_declared, contract_in_hand as find

    contract, cards, mr, no_discard = case
    got = find(contract, cards, mr, no_discard=no_discard)
    assert got.valid == brute_force_contract(contract, cards, mr, no_discard), ([c.code for c in cards], got.reason)
    if got.valid:
        hand = cards if contract.whole else None
        assert check_declared(contract, [list(m.cards) for m in got.melds], mr, no_discard=no_discard, hand=hand).valid


def test_the_lay_down_shown_for_a_whole_contract_is_one_that_holds_it():
    """Two runs with every card but the discard: an earlier choice of two runs that left two cards over
    (A♠ 2♠ 3♠ and A♠ 2♠ JK, leaving 4♠ and A♥) must not be shown in place of the one that holds it."""
    from scorekeeper.engine.contracts import Contract, check_contract as check_declared, contract_in_hand as find
    from scorekeeper.engine.melds import MeldRules

    contract = Contract(sets=0, runs=2, whole=True)
    mr = MeldRules(set_distinct_suits=False, set_max=None, run_min=3, ace_run="low_only", decks=2, jokers_in_deck=2,
                   min_naturals_per_meld=1)
    cards = parse_cards("AS 2S 3S 4S AH JK AS 2S")
    got = find(contract, cards, mr, no_discard=False)
    assert got.valid
    laid = [list(m.cards) for m in got.melds]
    assert sum(len(m) for m in laid) == 7
    assert check_declared(contract, laid, mr, no_discard=False, hand=cards).valid
