"""Scoring helpers on their own: rounding, rebuy costs, least deadwood and lay-offs through the variants."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.match import InvalidMatchError, next_entry_context, preview_hand, replay
from scorekeeper.engine.hands import RebuyPolicy
from scorekeeper.engine.variants import find_variant
from scorekeeper.engine.variants.ramino import round_to_ten

RUMINO = find_variant("rumino")
GIN = find_variant("gin")


@pytest.mark.parametrize(("mode", "expected"), [
    ("half_up", [10, 20, 30, 40, 50, 0]),
    ("half_down", [0, 10, 20, 30, 40, 0]),
    ("half_even", [0, 20, 20, 40, 40, 0]),
    ("italian_steps", [10, 10, 20, 30, 40, 10]),
    ("none", [5, 15, 25, 35, 45, 4]),
])
def test_ra5_rounding_table(mode, expected):
    assert [round_to_ten(r, mode) for r in (5, 15, 25, 35, 45, 4)] == expected


@pytest.mark.parametrize(("cost", "expected"), [
    ("double_per_entry", ["40.00", "80.00", "160.00"]),
    ("first_rebuy_equals_stake", ["20.00", "40.00", "80.00"]),
    ("same_stake", ["20.00", "20.00", "20.00"]),
    ("half_stake", ["10.00", "10.00", "10.00"]),
])
def test_rebuy_costs(cost, expected):
    policy = RebuyPolicy(2, None, "highest_remaining", cost)
    assert [str(policy.cost_of(Decimal("20"), n)) for n in (1, 2, 3)] == expected


@pytest.mark.parametrize(("cards", "points"), [
    ("QS KS AS 4H 4C JK 9S", 18),  # R3: the joker makes J-Q-K, not a set of 4s
    ("3H 3S 3C JK 10D JH 4S", 24),  # R2: a set of four with the joker
    ("7D 7D 7S 2H 3H 4H 8C", 8),  # R3: two identical 7♦ in a set
    ("2D 3D 4D 5D 6D 9C 9S", 20),  # R9: runs of at most 4
    ("6C 7C 8C 9C QS QD JK", 0),  # R2: gin as 4 + 3
])
def test_rumino_least_deadwood(cards, points):
    assert RUMINO.arrange(parse_cards(cards)).points == points


def test_layoffs_chain_along_a_run_but_stop_at_the_king():
    melds = [parse_cards("9C 10C JC")]
    lay = GIN.layoff(parse_cards("7C 8C QC KC 2D"), melds)
    assert lay.points == 2 and len(lay.laid_off) == 4


def test_no_layoff_onto_a_full_set():
    lay = GIN.layoff(parse_cards("5S 9D"), [parse_cards("5H 5D 5C")])
    assert lay.points == 9


def test_next_entry_context_offers_rebuys_and_the_russian_contract():
    doc = {"variant": "rumino", "players": ["A", "B", "C"], "stake": "20", "entries": [
        {"kind": "hand", "end": "knock", "by": "A", "held": {"A": {"points": 1}, "B": {"points": 70}, "C": {"points": 3}}},
        {"kind": "hand", "end": "knock", "by": "A", "held": {"A": {"points": 1}, "B": {"points": 30}, "C": {"points": 3}}},
    ]}
    ctx = next_entry_context(doc)
    assert ctx["rebuys_open"] and ctx["open_rebuys"] == [{"player": "B", "total": 6, "cost": "40.00"}]
    assert ctx["players_in"] == ["A", "C"] and ctx["ends"] == ["knock", "gin", "rumino"]
    assert next_entry_context({"variant": "russian", "players": ["P", "Q"]})["deal"] == 1


def test_preview_does_not_change_the_document():
    doc = {"variant": "free", "players": ["A", "B"], "entries": []}
    preview_hand(doc, {"kind": "hand", "end": "scores", "held": {"A": {"points": 1}, "B": {"points": 2}}})
    assert doc["entries"] == []


def test_error_to_dict():
    with pytest.raises(InvalidMatchError) as info:
        replay({"variant": "rumino", "players": ["A", "B"], "entries": [
            {"kind": "hand", "end": "knock", "by": "A", "held": {"A": {"points": 9}, "B": {"points": 1}}}]})
    assert info.value.to_dict() == {"message": "cannot knock with 9: the limit is 7", "entry": 0, "player": "A",
                                    "field": "points", "side": None}


def test_standings_to_dict_is_json_safe():
    import json
    doc = {"variant": "kalooki", "players": ["P1", "P2", "P3"], "stake": "3.33", "entries": [
        {"kind": "hand", "end": "hunt", "by": "P1", "held": {"P2": {"cards": "KS 7D JK"}, "P3": {"points": 0}}}]}
    data = replay(doc).to_dict()
    json.dumps(data)
    assert data["pot"] == "9.99" and data["players"][0]["win_points"] == 40
