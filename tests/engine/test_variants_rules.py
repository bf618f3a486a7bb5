"""The variant registry and house-rule validation (the house-rule tables of docs/rules/, and
docs/rules/common.md#house-rules)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.cards import Card, parse_cards
from scorekeeper.engine.melds import MeldRules
from scorekeeper.engine.variants import (
    VARIANTS,
    InvalidRulesError,
    Rules,
    Switch,
    UnknownVariantError,
    find_variant,
)

# (variant, switch, default) as each page of docs/rules/ lists them
DEFAULTS = [
    ("rumino", "sets_distinct_suits", False), ("rumino", "max_run_length", 4),
    ("rumino", "min_naturals_per_meld", 1), ("rumino", "allow_layoff", False), ("rumino", "joker_value", 10),
    ("rumino", "knocker_scores_zero", False), ("rumino", "knock_undercut_penalty", 0),
    ("rumino", "gin_score", -10), ("rumino", "elimination_inclusive", True),
    ("rumino", "rebuy_score", "highest_remaining"), ("rumino", "rebuy_min_remaining", 2),
    ("rumino", "max_rebuys", None), ("rumino", "three_gins_rule", "any_consecutive"),
    ("rumino", "rebuy_cost_mode", "double_per_entry"), ("rumino", "all_bust_resolution", "lowest_total"),
    ("rumino", "rumino_naturals_only", False), ("rumino", "jokers_in_deck", 4),
    ("rumino", "floor_total_at_zero", False), ("rumino", "knock_limit", 7), ("rumino", "elimination_target", 100),
    ("russian", "card_value_table", "five_ten_fifteen_25"), ("russian", "ace_run_position", "either_end"),
    ("russian", "min_naturals_per_meld", 1), ("russian", "max_jokers_per_meld", None),
    ("russian", "book_max_on_laydown", None), ("russian", "final_deal_no_discard", True),
    ("russian", "tie_break", "shared"), ("russian", "failed_contract_flat_penalty", 0),
    ("ramino", "opening_min", 50), ("ramino", "opening_single_meld", False),
    ("ramino", "allow_ace_both_ends_in_run", False), ("ramino", "rounding_mode", "half_up"),
    ("ramino", "round_before_double", False), ("ramino", "hand_close_exempt_from_opening", False),
    ("ramino", "unopened_flat_penalty", None), ("ramino", "tie_break", "shared"), ("ramino", "target", 1000),
    ("ramino", "match_mode", "target_lowest_wins"), ("ramino", "elimination_target", None),
    ("gin", "preset", "modern_25"), ("gin", "knock_limit", 10), ("gin", "gin_bonus", 25),
    ("gin", "undercut_bonus", 25), ("gin", "undercut_on_tie", True), ("gin", "big_gin_bonus", 31),
    ("gin", "game_target", 100), ("gin", "game_bonus", 100), ("gin", "box_bonus", 25),
    ("gin", "shutout_mode", "game_bonus_200"), ("gin", "multiplayer_scheme", None), ("gin", "target", None),
    ("oklahoma", "preset", "standard"), ("oklahoma", "oklahoma_ace", "one"),
    ("oklahoma", "spade_upcard_doubles", True), ("oklahoma", "gin_bonus", 25), ("oklahoma", "undercut_bonus", 25),
    ("oklahoma", "undercut_on_tie", True), ("oklahoma", "big_gin_bonus", 31), ("oklahoma", "game_target", 150),
    ("oklahoma", "game_bonus", 100), ("oklahoma", "box_bonus", 25), ("oklahoma", "extra_boxes", False),
    ("oklahoma", "shutout_mode", "game_bonus_200"), ("oklahoma", "target", None),
    ("kalooki", "joker_value", 15), ("kalooki", "opening_min", 40),
    ("kalooki", "allow_duplicate_suits_in_natural_sets", False), ("kalooki", "ace_low_allowed", False),
    ("kalooki", "hunt_multiplier", 2), ("kalooki", "hunt_exempt_from_opening", False), ("kalooki", "match_mode", "elimination"),
    ("kalooki", "elimination_target", 150), ("kalooki", "elimination_inclusive", False),
    ("kalooki", "rebuy_min_remaining", 3), ("kalooki", "max_rebuys", 1), ("kalooki", "rebuy_cost", "half_stake"),
    ("kalooki", "win_points_target", None), ("kalooki", "jokers_in_deck", 2),
    ("rummy", "jokers_in_deck", 0), ("rummy", "joker_value", 15), ("rummy", "cards_dealt", 10),
    ("rummy", "ace_run_position", "low_only"), ("rummy", "ace_value", 1), ("rummy", "rummy_multiplier", 2),
    ("rummy", "match_mode", "points_race"), ("rummy", "target", 100), ("rummy", "elimination_inclusive", None),
    ("rummy", "rebuys", None), ("rummy", "max_rebuys", None),
    ("free", "winner", "lowest"), ("free", "target", None), ("free", "elimination_at", None),
]


@pytest.mark.parametrize(("key", "name", "default"), DEFAULTS)
def test_defaults(key, name, default):
    rules = find_variant(key).rules()
    assert rules[name] == default
    assert getattr(rules, name) == default


def test_registry_order_and_keys():
    assert list(VARIANTS) == ["rumino", "russian", "ramino", "scala40", "gin", "hollywood_gin", "oklahoma", "kalooki",
                              "rummy", "rummy500", "canasta", "hand_and_foot", "burraco", "pool_rummy", "phase10",
                              "rummikub", "liverpool", "free"]
    for key, variant in VARIANTS.items():
        assert variant.key == key and variant.name and variant.summary and variant.ends


@pytest.mark.parametrize(("name", "key"), [
    ("RUMINO", "rumino"), ("Russian Rummy", "russian"), ("russian_rummy", "russian"), ("Ramino", "ramino"),
    ("gin rummy", "gin"), ("Oklahoma Gin", "oklahoma"), ("kaluki", "kalooki"), ("Kalookie", "kalooki"),
    ("Basic Rummy", "rummy"), ("free scoring", "free"), ("  gin  ", "gin"), ("Scala 40", "scala40"),
    ("scala quaranta", "scala40"),
])
def test_find_variant_aliases(name, key):
    assert find_variant(name).key == key


@pytest.mark.parametrize("name", ["bridge", "", "gin-rummy-x", 3, None])
def test_unknown_variant(name):
    with pytest.raises(UnknownVariantError, match="no variant called"):
        find_variant(name)


def test_unknown_variant_is_a_value_error():
    assert issubclass(UnknownVariantError, ValueError) and issubclass(InvalidRulesError, ValueError)


@pytest.mark.parametrize(("key", "ends"), [
    ("rumino", ("knock", "gin", "rumino")), ("russian", ("out",)), ("ramino", ("out", "out_in_one_turn")),
    ("gin", ("knock", "gin", "big_gin")), ("oklahoma", ("knock", "gin", "big_gin")), ("kalooki", ("out", "hunt")),
    ("rummy", ("out", "out_in_one_turn")), ("free", ("scores",)),
])
def test_ends(key, ends):
    assert find_variant(key).ends == ends


@pytest.mark.parametrize(("key", "lo", "hi"), [
    ("rumino", 2, 6), ("russian", 2, 8), ("ramino", 2, 6), ("gin", 2, 4), ("oklahoma", 2, 4),
    ("kalooki", 2, 4), ("rummy", 2, 4), ("free", 1, 12),
])
def test_player_counts(key, lo, hi):
    variant = find_variant(key)
    assert (variant.min_players, variant.max_players) == (lo, hi)
    variant.rules(lo), variant.rules(hi)
    for bad in (lo - 1, hi + 1):
        with pytest.raises(InvalidRulesError, match=f"is for {lo}–{hi} players, not {bad}"):
            variant.rules(bad)
    with pytest.raises(InvalidRulesError, match="whole number"):
        variant.rules(True)


@pytest.mark.parametrize(("key", "n", "decks", "jokers", "dealt"), [
    ("rumino", 4, 2, 4, 7), ("russian", 2, 1, 2, 13), ("russian", 3, 2, 4, 13), ("russian", 4, 2, 4, 13),
    ("russian", 5, 3, 6, 13), ("russian", 6, 3, 6, 13), ("russian", 7, 4, 8, 13), ("russian", 8, 4, 8, 13),
    ("ramino", 4, 2, 4, 13), ("gin", 2, 1, 0, 10), ("gin", 3, 1, 0, 7), ("oklahoma", 4, 1, 0, 7),
    ("kalooki", 4, 2, 2, 13), ("rummy", 2, 1, 0, 10), ("rummy", 3, 1, 0, 7), ("free", 3, 0, 0, None),
])
def test_equipment(key, n, decks, jokers, dealt):
    variant = find_variant(key)
    rules = variant.rules(n)
    assert variant.decks(n) == decks
    assert variant.jokers(n, rules) == jokers
    assert variant.cards_dealt(n, rules) == dealt


# -- refusals: (variant, players, overrides, message) ------------------------------------------------

BAD = [
    # unknown names and fixed values
    ("rumino", None, {"foo": 1}, "foo is not a house rule of Rumino"),
    ("rumino", None, {"knock_limit": 5}, "knock_limit is fixed in Rumino (7)"),
    ("oklahoma", None, {"knock_limit": 5}, "upcard sets it"),
    ("ramino", None, {"max_jokers_per_meld": 2}, "fixed in Ramino"),
    # wrong JSON types: bool is not int, int is not bool, strings are not numbers
    ("rumino", None, {"joker_value": True}, "joker_value must be a whole number (0–50), not true"),
    ("rumino", None, {"joker_value": 10.0}, "joker_value must be a whole number"),
    ("rumino", None, {"joker_value": "10"}, "joker_value must be a whole number"),
    ("rumino", None, {"allow_layoff": 1}, "allow_layoff must be true or false, not 1"),
    ("rumino", None, {"allow_layoff": "true"}, "allow_layoff must be true or false"),
    ("rumino", None, {"rebuy_score": 1}, "rebuy_score must be one of"),
    ("rumino", None, {"max_rebuys": False}, "max_rebuys must be a whole number"),
    # out of range / not an allowed value
    ("rumino", None, {"max_run_length": 2}, "max_run_length must be 3–13, or null, not 2"),
    ("rumino", None, {"max_run_length": 14}, "not 14"),
    ("rumino", None, {"min_naturals_per_meld": 4}, "0–3"),
    ("rumino", None, {"joker_value": 51}, "0–50"),
    ("rumino", None, {"knock_undercut_penalty": -1}, "0–100"),
    ("rumino", None, {"gin_score": 1}, "gin_score must be -100–0, not 1"),
    ("rumino", None, {"gin_score": -101}, "not -101"),
    ("rumino", None, {"rebuy_min_remaining": 1}, "2–6"),
    ("rumino", None, {"rebuy_min_remaining": 7}, "2–6"),
    ("rumino", None, {"max_rebuys": -1}, "0 or more"),
    ("rumino", None, {"three_gins_rule": "never"}, 'three_gins_rule must be one of "any_consecutive"'),
    ("rumino", None, {"rebuy_cost_mode": "half_stake"}, "rebuy_cost_mode must be one of"),
    ("rumino", None, {"all_bust_resolution": "share"}, "all_bust_resolution"),
    ("rumino", None, {"jokers_in_deck": 5}, "0–4"),
    ("russian", None, {"card_value_table": "liverpool"}, "card_value_table must be one of"),
    ("russian", None, {"ace_run_position": "wrap"}, "ace_run_position"),
    ("russian", None, {"max_jokers_per_meld": -1}, "0 or more, or null"),
    ("russian", None, {"book_max_on_laydown": 2}, "3 or more, or null"),
    ("russian", None, {"tie_break": "play_another_hand"}, "tie_break must be one of"),
    ("russian", None, {"failed_contract_flat_penalty": -5}, "0 or more"),
    ("russian", None, {"final_deal_no_discard": None}, "true or false, not null"),
    ("ramino", None, {"opening_min": 201}, "0–200"),
    ("ramino", None, {"rounding_mode": "up"}, "rounding_mode must be one of"),
    ("ramino", None, {"unopened_flat_penalty": -1}, "0 or more, or null"),
    ("ramino", None, {"target": 0}, "1 or more"),
    ("ramino", None, {"match_mode": "first_to_1000"}, "match_mode"),
    ("gin", None, {"preset": "palace"}, "preset must be one of"),
    ("gin", None, {"knock_limit": 11}, "0–10"),
    ("gin", None, {"gin_bonus": -1}, "0 or more"),
    ("gin", None, {"big_gin_bonus": -1}, "0 or more, or null"),
    ("gin", None, {"game_target": 0}, "1 or more"),
    ("gin", None, {"shutout_mode": "triple"}, "shutout_mode"),
    ("gin", None, {"multiplayer_scheme": "standard"}, "multiplayer_scheme must be one of"),
    ("oklahoma", None, {"oklahoma_ace": "zero"}, "oklahoma_ace"),
    ("oklahoma", None, {"preset": "modern_25"}, "preset must be one of"),
    ("kalooki", None, {"jokers_in_deck": 3}, "jokers_in_deck must be 2, 4, not 3"),
    ("kalooki", None, {"hunt_multiplier": 0}, "1 or more"),
    ("kalooki", None, {"hunt_exempt_from_opening": "no"}, "hunt_exempt_from_opening must be true or false"),
    ("kalooki", None, {"rebuy_min_remaining": 5}, "2–4"),
    ("kalooki", None, {"rebuy_cost": "first_rebuy_equals_stake"}, "rebuy_cost must be one of"),
    ("kalooki", None, {"joker_value": 60}, "0–50"),
    ("rummy", None, {"ace_value": 10}, "ace_value must be 1, 11, not 10"),
    ("rummy", None, {"cards_dealt": 4}, "5–13"),
    ("rummy", None, {"jokers_in_deck": 3}, "0–2"),
    ("rummy", None, {"rummy_multiplier": 0}, "1 or more"),
    ("free", None, {"winner": "low"}, "winner must be one of"),
    ("free", None, {"target": "100"}, "target must be a whole number"),
    # switches that cannot apply to the preset, mode or player count
    ("gin", 3, {"gin_bonus": 25}, "gin_bonus does not apply with 3 players"),
    ("gin", 4, {"preset": "classic_pagat"}, "preset does not apply with 4 players"),
    ("gin", 2, {"multiplayer_scheme": "seed_penalty"}, "multiplayer_scheme applies only with 3–4 players"),
    ("gin", 2, {"target": 100}, "target applies only with 3–4 players"),
    ("gin", None, {"multiplayer_scheme": "seed_penalty", "box_bonus": 10}, "box_bonus does not apply"),
    ("gin", None, {"match_length_deals": 5}, "match_length_deals does not apply"),
    ("oklahoma", None, {"preset": "seed_penalty", "gin_bonus": 20}, 'gin_bonus does not apply when preset is "seed_penalty"'),
    ("oklahoma", 3, {"extra_boxes": True}, "extra_boxes does not apply"),
    ("oklahoma", 3, {"preset": "standard"}, "preset standard is for 2 players"),
    ("oklahoma", 2, {"target": 150}, 'target does not apply when preset is "standard"'),
    ("ramino", None, {"max_rebuys": 1}, 'max_rebuys does not apply when match_mode is "target_lowest_wins"'),
    ("ramino", None, {"elimination_target": 100}, "elimination_target does not apply"),
    ("ramino", None, {"match_mode": "elimination", "target": 1000}, "target does not apply"),
    ("kalooki", None, {"match_mode": "win_points_race", "max_rebuys": 2}, "max_rebuys does not apply"),
    ("kalooki", None, {"match_mode": "win_points_race", "elimination_target": 150}, "elimination_target does not apply"),
    ("kalooki", None, {"win_points_target": 300}, "win_points_target does not apply"),
    ("rummy", None, {"max_rebuys": 1}, "max_rebuys does not apply"),
    ("rummy", None, {"match_mode": "elimination", "max_rebuys": 1}, 'max_rebuys does not apply when rebuys is false'),
    ("rummy", None, {"rebuys": True}, 'rebuys does not apply when match_mode is "points_race"'),
    ("rummy", None, {"elimination_inclusive": True}, "elimination_inclusive does not apply"),
    ("free", None, {"winner": "highest", "elimination_at": 100}, "elimination_at does not apply"),
]


@pytest.mark.parametrize(("key", "n", "house", "message"), BAD)
def test_refused(key, n, house, message):
    with pytest.raises(InvalidRulesError) as info:
        find_variant(key).rules(n, **house)
    assert message in str(info.value)


GOOD = [
    ("gin", 2, {"preset": "classic_pagat", "gin_bonus": 25}, {"gin_bonus": 25, "undercut_bonus": 10, "box_bonus": 20, "big_gin_bonus": None}),
    ("gin", 2, {"preset": "classic_pagat"}, {"gin_bonus": 20, "undercut_bonus": 10, "big_gin_bonus": None, "box_bonus": 20}),
    ("gin", 3, {}, {"multiplayer_scheme": "seed_penalty", "knock_limit": 10, "target": 100, "match_length_deals": None, "gin_bonus": None, "preset": None}),
    ("gin", 4, {"target": 50, "match_length_deals": 8}, {"target": 50, "match_length_deals": 8}),
    ("gin", None, {"multiplayer_scheme": "seed_penalty"}, {"target": 100, "gin_bonus": None}),
    ("gin", 2, {"big_gin_bonus": None}, {"big_gin_bonus": None}),
    ("oklahoma", 2, {}, {"preset": "standard", "spade_upcard_doubles": True, "game_target": 150, "target": None}),
    ("oklahoma", 3, {}, {"preset": "seed_penalty", "spade_upcard_doubles": False, "target": 150, "gin_bonus": None}),
    ("oklahoma", 2, {"preset": "seed_penalty"}, {"preset": "seed_penalty", "target": 150}),
    ("oklahoma", 3, {"spade_upcard_doubles": True}, {"spade_upcard_doubles": True}),
    ("ramino", None, {"match_mode": "elimination"}, {"elimination_target": 100, "elimination_inclusive": False, "rebuy_min_remaining": 2, "max_rebuys": None, "rebuy_cost_mode": "same_stake", "target": None}),
    ("kalooki", None, {"match_mode": "win_points_race", "win_points_target": 300}, {"win_points_target": 300, "max_rebuys": None, "elimination_target": None}),
    ("rummy", 3, {}, {"cards_dealt": 7}),
    ("rummy", 3, {"cards_dealt": 13}, {"cards_dealt": 13}),
    ("rummy", None, {"match_mode": "elimination", "rebuys": True}, {"rebuy_score": "highest_remaining", "rebuy_min_remaining": 2, "max_rebuys": None, "rebuy_cost_mode": "double_per_entry", "elimination_inclusive": False}),
    ("rummy", None, {"match_mode": "elimination", "rebuys": True, "max_rebuys": 0}, {"max_rebuys": 0}),
    ("rumino", 6, {"max_run_length": None, "max_rebuys": 2, "gin_score": -100}, {"max_run_length": None, "max_rebuys": 2}),
    ("free", 1, {"winner": "highest", "target": -50, "elimination_at": None}, {"target": -50}),
    ("free", 12, {"elimination_at": 0}, {"elimination_at": 0}),
    ("russian", 8, {"max_jokers_per_meld": 0, "book_max_on_laydown": 3}, {"max_jokers_per_meld": 0}),
]


@pytest.mark.parametrize(("key", "n", "house", "expected"), GOOD)
def test_resolved(key, n, house, expected):
    rules = find_variant(key).rules(n, **house)
    for name, value in expected.items():
        assert rules[name] == value, name
    assert rules.overrides == house
    assert rules.n_players == n


def test_rules_are_immutable_and_mapping_like():
    rules = find_variant("ramino").rules(4, rounding_mode="half_down")
    assert isinstance(rules, Rules)
    assert dict(rules)["rounding_mode"] == "half_down"
    assert rules.overrides == {"rounding_mode": "half_down"}
    with pytest.raises(AttributeError):
        rules.rounding_mode = "none"
    with pytest.raises(TypeError):
        rules["rounding_mode"] = "none"  # type: ignore[index]
    with pytest.raises(AttributeError, match="no 'nonsense'"):
        rules.nonsense
    assert rules == find_variant("ramino").rules(4, rounding_mode="half_down")
    assert hash(rules) == hash(find_variant("ramino").rules(4, rounding_mode="half_down"))


def test_rules_copy_and_pickle():
    import copy
    import pickle

    rules = find_variant("gin").rules(3, target=50)
    for clone in (copy.copy(rules), copy.deepcopy(rules), pickle.loads(pickle.dumps(rules))):
        assert clone == rules and clone.overrides == {"target": 50} and clone.n_players == 3
        assert clone.variant == "gin"


def test_rules_are_checked_against_their_variant():
    with pytest.raises(InvalidRulesError, match="for gin, not ramino"):
        find_variant("ramino").values(find_variant("gin").rules())


def test_overrides_mapping_is_accepted_where_rules_are():
    assert find_variant("ramino").check_opening(["AS AH AD"], {"opening_min": 30}).valid


# -- switches for forms ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(VARIANTS))
def test_switches_describe_every_switch(key):
    variant = find_variant(key)
    switches = variant.switches()
    assert all(isinstance(s, Switch) and s.help and "\n" not in s.help for s in switches)
    assert all(s.type in ("bool", "int", "enum", "int_or_null", "int_list", "pairs", "text_list") for s in switches)
    for s in switches:
        if s.type == "enum":
            assert s.choices
        if s.default is not None or s.type == "int_or_null":
            s.check(s.default)  # every default is itself an allowed value


def test_switch_defaults_follow_player_count():
    rummy = {s.name: s for s in find_variant("rummy").switches(3)}
    assert rummy["cards_dealt"].default == 7
    okla3 = {s.name: s for s in find_variant("oklahoma").switches(3)}
    assert okla3["preset"].default == "seed_penalty" and okla3["preset"].choices == ("seed_penalty",)
    assert okla3["spade_upcard_doubles"].default is False
    assert "gin_bonus" not in okla3 and "target" in okla3
    gin3 = {s.name for s in find_variant("gin").switches(3)}
    assert "gin_bonus" not in gin3 and "preset" not in gin3 and {"target", "match_length_deals", "knock_limit"} <= gin3
    gin2 = {s.name for s in find_variant("gin").switches(2)}
    assert "target" not in gin2 and "multiplayer_scheme" not in gin2 and "gin_bonus" in gin2
    kalooki = {s.name: s for s in find_variant("kalooki").switches(4)}
    assert kalooki["max_rebuys"].only_when == (("match_mode", ("elimination",)),)


def test_switch_allowed_text():
    s = Switch("x", "int_or_null", None, "help", min=3, max=13)
    assert s.allowed() == "3–13, or null"
    s.check(None)
    s.check(13)


# -- card values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "overrides", "values"), [
    ("rumino", {}, (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("rumino", {"joker_value": 25}, (25, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("russian", {}, (25, 15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)),
    ("russian", {"card_value_table": "pip"}, (25, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("russian", {"card_value_table": "contract_15"}, (15, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("ramino", {}, (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("gin", {}, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("oklahoma", {}, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("kalooki", {}, (15, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("kalooki", {"joker_value": 25}, (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("rummy", {}, (15, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
    ("rummy", {"ace_value": 11, "joker_value": 0}, (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)),
])
def test_values(key, overrides, values):
    variant = find_variant(key)
    rules = variant.rules(**overrides)
    assert variant.values(rules) == values
    assert len(variant.values(rules)) == 14
    assert variant.card_value(Card.joker(), rules) == values[0]
    assert variant.card_value("JK=AS", rules) == values[0]  # a joker held is a joker, whatever it was called
    assert [variant.card_value(Card(r, "S"), rules) for r in range(1, 14)] == list(values[1:])


def test_free_has_no_card_values():
    with pytest.raises(InvalidRulesError, match="typed points"):
        find_variant("free").card_value("AS")


# -- meld rules per variant -----------------------------------------------------------------------


@pytest.mark.parametrize(("key", "n", "overrides", "fields"), [
    ("rumino", None, {}, dict(set_max=4, set_distinct_suits=False, run_max=4, ace_run="low_only", decks=2, jokers_in_deck=4)),
    ("rumino", None, {"max_run_length": None, "sets_distinct_suits": True, "jokers_in_deck": 2},
     dict(run_max=None, set_distinct_suits=True, jokers_in_deck=2)),
    ("russian", 3, {}, dict(set_word="book", run_word="straight", set_max=None, run_min=4, ace_run="either_end", decks=2, jokers_in_deck=4)),
    ("russian", 7, {"book_max_on_laydown": 5}, dict(set_max=5, decks=4, jokers_in_deck=8)),
    ("ramino", None, {}, dict(max_jokers_per_meld=1, ace_run="either_end", allow_ace_both_ends=False, set_distinct_suits=True)),
    ("gin", 2, {}, dict(ace_run="low_only", jokers_in_deck=0, decks=1, max_jokers_per_meld=0)),
    ("kalooki", None, {}, dict(ace_run="high_only", jokers_in_deck=2, min_naturals_per_meld=1)),
    ("kalooki", None, {"ace_low_allowed": True}, dict(ace_run="either_end")),
    ("rummy", None, {"ace_run_position": "high_only", "jokers_in_deck": 2}, dict(ace_run="high_only", jokers_in_deck=2)),
])
def test_meld_rules(key, n, overrides, fields):
    variant = find_variant(key)
    mr = variant.meld_rules(variant.rules(n, **overrides))
    assert isinstance(mr, MeldRules)
    for name, value in fields.items():
        assert getattr(mr, name) == value, name


# -- rules summaries ------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "n", "overrides", "phrase"), [
    ("rumino", 4, {}, "Knock with deadwood 7 or less"),
    ("rumino", 4, {"elimination_inclusive": False}, "over 100 is out"),
    ("russian", 5, {}, "3 packs of 52 with 6 jokers"),
    ("russian", None, {}, "deal 5: 1 book + 2 straights"),
    ("ramino", 4, {"match_mode": "elimination"}, "over 100 is out"),
    ("ramino", 4, {}, "reaches 1000"),
    ("gin", 2, {}, "First to 100"),
    ("gin", 3, {}, "7 cards each"),
    ("oklahoma", 2, {}, "spade upcard doubles"),
    ("oklahoma", 3, {}, "highest net wins"),
    ("kalooki", 4, {}, "over 150"),
    ("kalooki", 4, {"match_mode": "win_points_race"}, "200 win points"),
    ("rummy", 3, {}, "7 cards each"),
    ("rummy", 2, {"match_mode": "elimination", "rebuys": True}, "Rebuy"),
    ("free", 3, {"target": 500}, "reaches 500"),
])
def test_rules_summary(key, n, overrides, phrase):
    variant = find_variant(key)
    summary = variant.rules_summary(variant.rules(n, **overrides))
    assert all(isinstance(line, str) and line for line in summary)
    assert any(phrase in line for line in summary), summary


# -- delegation to the solver ---------------------------------------------------------------------


def test_arrange_delegates_with_variant_values():
    rumino = find_variant("rumino")
    assert rumino.arrange("QS KS AS 4H 4C JK 9S").points == 18  # R3: the joker as J♠
    assert find_variant("rumino").arrange("2D 3D 4D 5D 6D 9C 9S").points == 20  # R9


def test_gin_layoff_discard_and_declared():
    gin = find_variant("gin")
    a = gin.layoff("9D 9H 9S 5C 6C 7C 6H 10C KD 4S", ["3H 4H 5H", "8S 8D 8C", "JC QC KC"])
    assert a.points == 14  # G1
    discard, kept = gin.best_discard("3H 4H 5H 8S 8D 8C JC QC KC AD 9D")
    assert discard == Card.parse("9D") and kept.points == 1
    assert gin.check_declared(["3H 4H 5H", "8S 8D 8C", "JC QC KC"], "AD").valid
    assert not gin.check_declared(["QS KS AS"], "AD").valid
    assert find_variant("oklahoma").arrange(parse_cards("KS QS AS")).points == 21  # G6
