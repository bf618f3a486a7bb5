"""Meld, opening, contract and rumino checks, driven by the golden files (every example of docs/rules/)."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card, format_cards, parse_cards
from scorekeeper.engine.melds import InvalidMeldError, MeldRules, check_meld, check_opening, opening_value
from scorekeeper.engine.variants.rumino import is_rumino, rumino_outs
from scorekeeper.engine.variants.russian import CONTRACTS, check_contract
from scorekeeper.engine.variants import VARIANTS, find_variant
from scorekeeper.testing import check_golden_meld, golden_meld_cases

def _cases(section: str) -> list:
    """Every installed game's golden cases of ``section``, its file found through the game."""
    out = []
    for key, variant in VARIANTS.items():
        cases = [case for kind, case in golden_meld_cases(variant) if kind == section]
        for i, case in enumerate(cases):
            out.append(pytest.param(key, case, id=f"{key}-{i}-{case.get('source', '')}"))
    return out


def test_every_variant_has_a_golden_file():
    assert [key for key, v in VARIANTS.items() if not v.files().golden_melds.is_file()] == []


@pytest.mark.parametrize(("key", "case"), _cases("melds"))
def test_golden_meld(key, case):
    check_golden_meld(key, "melds", case)

@pytest.mark.parametrize(("key", "case"), _cases("openings"))
def test_golden_opening(key, case):
    check_golden_meld(key, "openings", case)

@pytest.mark.parametrize(("key", "case"), _cases("contracts"))
def test_golden_contract(key, case):
    check_golden_meld(key, "contracts", case)

@pytest.mark.parametrize(("key", "case"), _cases("ruminos"))
def test_golden_rumino(key, case):
    check_golden_meld(key, "ruminos", case)

@pytest.mark.parametrize(("key", "case"), _cases("rumino_outs"))
def test_golden_rumino_outs(key, case):
    check_golden_meld(key, "rumino_outs", case)

@pytest.mark.parametrize(("key", "case"), _cases("card_values"))
def test_golden_card_values(key, case):
    check_golden_meld(key, "card_values", case)

@pytest.mark.parametrize(("key", "case"), _cases("knock_limits"))
def test_golden_knock_limits(key, case):
    check_golden_meld(key, "knock_limits", case)

def test_a_game_without_card_melds_refuses_a_meld_check():
    with pytest.raises(InvalidMeldError):
        find_variant("free").check_meld("7S 7H 7D")


@pytest.mark.parametrize(("key", "case"), _cases("laid"))
def test_golden_laid(key, case):
    """Cards laid in one turn (the Canasta family): the melds they make and their worth towards the first
    meld's minimum."""
    check_golden_meld(key, "laid", case)

@pytest.mark.parametrize(("key", "case"), _cases("first_meld_choices"))
def test_golden_first_meld_choices(key, case):
    check_golden_meld(key, "first_meld_choices", case)

@given(st.lists(st.sampled_from("A 2 4 5 6 7 8 9 10 J Q K JK".split()), min_size=1, max_size=14),
       st.sampled_from(["canasta", "hand_and_foot"]))
@settings(max_examples=60, deadline=None)
def test_laid_melds_are_each_a_meld_and_add_up(ranks, key):
    """Whatever cards are laid, a set the checker accepts holds every card once, each of its melds is a
    meld on its own, and their worth is the sum of the cards' values."""
    suits = "SHDC"
    cards = [Card.parse("JK") if r == "JK" else Card.parse(f"{r}{suits[i % 4]}") for i, r in enumerate(ranks)]
    variant = find_variant(key)
    verdict = variant.check_laid(cards, minimum=50)
    if verdict.melds and verdict.value:
        assert sorted(c.code for m in verdict.melds for c in m.cards) == sorted(c.code for c in cards)
        assert all(variant.check_meld(m.cards).valid for m in verdict.melds)
        assert verdict.value == sum(variant.card_value(c) for c in cards)
        assert verdict.valid is (verdict.value >= 50)


# -- generic checks, straight from MeldRules ------------------------------------------------------

RAMINO = MeldRules(game_name="Ramino", ace_run="either_end", max_jokers_per_meld=1, decks=2, jokers_in_deck=4)
RUSSIAN = MeldRules(set_word="book", run_word="straight", set_max=None, set_distinct_suits=False, run_min=4,
                    ace_run="either_end", decks=2, jokers_in_deck=4, game_name="Russian Rummy")


@pytest.mark.parametrize(("cards", "reason"), [
    ("", "no cards"),
    ("9S 1X", "is not a card"),
    ("9S 9H", "at least 3"),
    ("9S 10H JD", "neither a set"),
    ("5H 7H 9H", "not in sequence"),
    ("5H JK 9H", "the jokers cannot fill the gaps"),
    ("5H 6H 7S", "neither"),
    ("QD KD AD 2D", "wraps"),
])
def test_refusal_reasons(cards, reason):
    verdict = check_meld(cards, RAMINO)
    assert not verdict.valid
    assert reason in verdict.reason


def test_undeclared_joker_reads_upward_and_says_it_is_ambiguous():
    verdict = check_meld("2D 3D JK", RAMINO)
    assert verdict.jokers == (Card.parse("4D"),)
    assert verdict.value == 9 and verdict.ambiguous
    opening = check_opening(["2D 3D JK"], RAMINO, 0)
    assert not opening.valid and "stands for" in opening.reason
    assert check_opening(["2D 3D JK=AD"], RAMINO, 0).value == 6


def test_undeclared_joker_at_the_top_of_a_high_ace_run():
    verdict = check_meld("QD KD JK", RAMINO)
    assert verdict.jokers == (Card.parse("AD"),) and verdict.value == 31


def test_forced_joker_is_not_ambiguous():
    assert not check_meld("9C JK JC", RAMINO).ambiguous
    assert not check_meld("3S 3H JK", RAMINO).ambiguous  # 3♦ or 3♣: the same value either way


def test_declared_meld_shows_each_joker():
    verdict = check_meld("JK JC 9C", RAMINO)
    assert format_cards(verdict.declared) == "9♣ JKR=10♣ J♣"


def test_joker_declared_as_a_low_ace():
    verdict = check_meld("JK=AH 2H 3H", RAMINO)
    assert verdict.valid and verdict.value == 6


def test_opening_value_raises_on_a_bad_meld():
    assert opening_value(["QH KH AH", "7S 7D 7C"], RAMINO) == 52
    with pytest.raises(InvalidMeldError, match="identical"):
        opening_value(["9S 9S 9H"], RAMINO)


def test_opening_copies_counted_across_melds():
    verdict = check_opening(["7S 7D 7C", "7S 8S 9S", "6S 7S 8S"], RAMINO, 0)
    assert not verdict.valid and "the deck holds only two" in verdict.reason


def test_contracts_table():
    assert CONTRACTS == {1: (2, 0), 2: (0, 1), 3: (2, 1), 4: (3, 0), 5: (1, 2)}


def test_contract_without_hand_trusts_the_rest():
    assert check_contract(5, ["4H 5H 6H 7H", "8H 9H 10H JH", "QS QD QC"], RUSSIAN).valid


def test_rumino_outs_respect_the_deck():
    rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    assert format_cards(rumino_outs("7S 7S 7H 7H 7D 7C", rumino)) == "7♦ 7♣ JKR"
    assert rumino_outs("7S 7S 7H 7H 7D 7C", rumino, naturals_only=True) == parse_cards("7D 7C")


def test_rumino_ignores_run_limit_and_needs_seven():
    rumino = MeldRules(set_distinct_suits=True, run_max=4, decks=2, jokers_in_deck=4)
    assert is_rumino("7S 7S 7H 7H 7D 7C 7D", rumino).valid
    assert not is_rumino("7S 7S 7H 7H 7D 7C", rumino).valid


# -- properties -----------------------------------------------------------------------------------

NATURALS = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
deck_cards = st.sampled_from(NATURALS + [Card.joker()])


@settings(max_examples=300, deadline=None)
@given(st.lists(deck_cards, min_size=1, max_size=7), st.randoms())
def test_check_meld_ignores_card_order(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    for rules in (RAMINO, RUSSIAN):
        a, b = check_meld(cards, rules), check_meld(shuffled, rules)
        assert (a.valid, a.kind, a.value) == (b.valid, b.kind, b.value)
        assert sorted(a.jokers, key=Card.sort_key) == sorted(b.jokers, key=Card.sort_key)


@settings(max_examples=200, deadline=None)
@given(st.lists(deck_cards, min_size=3, max_size=6))
def test_a_valid_meld_is_still_valid_once_its_jokers_are_declared(cards):
    verdict = check_meld(cards, RUSSIAN)
    if verdict.valid:
        again = check_meld(verdict.declared, RUSSIAN)
        assert again.valid and again.value == verdict.value and again.kind == verdict.kind
