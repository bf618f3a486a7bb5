"""Card notation: parsing, formatting, deck limits (docs/rules/common.md#cards)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.cards import (
    SUITS,
    Card,
    InvalidCardError,
    check_copies,
    format_cards,
    parse_cards,
)


@pytest.mark.parametrize(("text", "code"), [
    ("AS", "AS"), ("as", "AS"), ("10h", "10H"), ("Th", "10H"), ("t♦", "10D"), ("7♥", "7H"), ("qd", "QD"),
    ("K♣", "KC"), ("2♤", "2S"), ("9♡", "9H"), ("JK", "JK"), ("jkr", "JK"), ("*", "JK"), ("🃏", "JK"),
    ("joker", "JK"), ("JK=9S", "JK=9S"), ("jk=t♥", "JK=10H"), ("*=as", "JK=AS"),
])
def test_parse(text, code):
    assert Card.parse(text).code == code


@pytest.mark.parametrize(("text", "message"), [
    ("1S", "'1S' is not a card"), ("11S", "is not a card"), ("AX", "is not a card"), ("", "is not a card"),
    ("9S=9H", "only a joker can say what it stands for"), ("JK=JK", "a joker must stand for a natural card"),
    ("JK=1S", "a joker must stand for a natural card"),
])
def test_parse_refuses(text, message):
    with pytest.raises(InvalidCardError, match=message):
        Card.parse(text)


def test_parse_cards_names_the_bad_token_and_its_position():
    with pytest.raises(InvalidCardError, match=r"'ZZ' \(card 3\) is not a card"):
        parse_cards("AS 10H ZZ")


def test_parse_cards_separators_and_iterables():
    assert parse_cards("AS,10H;  qd\tJK") == parse_cards(["AS", "10H", "QD", "JK"])
    assert parse_cards("  ") == []


def test_invalid_card_error_is_a_value_error():
    assert issubclass(InvalidCardError, ValueError)


def test_card_invariants():
    with pytest.raises(InvalidCardError):
        Card(0, "S")
    with pytest.raises(InvalidCardError):
        Card(14, "S")
    with pytest.raises(InvalidCardError):
        Card(5, "X")
    with pytest.raises(InvalidCardError, match="only a joker"):
        Card(5, "S", Card(6, "S"))
    with pytest.raises(InvalidCardError, match="cannot stand for a joker"):
        Card.joker(Card.joker())


def test_reading():
    joker = Card.parse("JK=QH")
    assert joker.is_joker and joker.natural == Card.parse("QH")
    assert joker.symbol == "JKR=Q♥" and joker.name == "joker as queen of hearts"
    assert Card.parse("9S").name == "9 of spades" and Card.parse("AD").is_red
    assert str(Card.parse("10C")) == "10♣"
    assert sorted(parse_cards("JK KC AS 2H"), key=Card.sort_key) == parse_cards("AS 2H KC JK")


def test_format():
    cards = parse_cards("as th jk=9s *")
    assert format_cards(cards) == "A♠ 10♥ JKR=9♠ JKR"
    assert format_cards(cards, symbols=False) == "AS 10H JK=9S JK"


@pytest.mark.parametrize(("cards", "decks", "jokers", "message"), [
    ("7D 7D 7D", 2, 4, "three 7♦ cannot be in play: the deck holds only two"),
    ("7D 7D", 1, 0, "two 7♦ cannot be in play: the deck holds only one"),
    ("JK JK JK", 2, 2, "three jokers cannot be in play: the deck holds only two"),
    ("JK", 1, 0, "this game is played without jokers, but one was given"),
    ("JK JK", 1, 0, "but two were given"),
])
def test_check_copies_refuses(cards, decks, jokers, message):
    with pytest.raises(InvalidCardError, match=message):
        check_copies(parse_cards(cards), decks, jokers)


def test_check_copies_ignores_what_a_joker_was_declared_as():
    check_copies(parse_cards("7D 7D JK=7D"), decks=2, jokers=4)


naturals = st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS))
cards = st.one_of(naturals, st.just(Card.joker()), st.builds(Card.joker, naturals))


@given(cards)
def test_round_trip_one(card):
    assert Card.parse(card.code) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(card.code.lower()) == card


@given(st.lists(cards, max_size=14), st.booleans())
def test_round_trip_many(many, symbols):
    assert parse_cards(format_cards(many, symbols=symbols)) == many
