"""Properties of Burraco (docs/rules/burraco.md), whatever the hands: a side's total is the sum of its hand
scores, and each hand score is the formula of the rules page read off that side's own entry and whether it
closed (so swapping the sides' entries swaps their totals, as ``test_side_properties`` checks for
Canasta); with three players the pair's partners each score the same half of the pair's score, and once
each plays alone the match never goes back to a lone player and a pair. Hands are drawn valid: burrachi
the melds can hold, a closer whose side took its pozzetto and has a burraco, a card in hand for each
player who did not close, at most 1,080 points."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.match import replay

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
TEAMS = {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]}
#: a target no drawn match reaches, so that every hand is played
RULES = {"target": 1_000_000}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BONUS = {"clean_burracos": 200, "semi_clean_burracos": 150, "dirty_burracos": 100}
CHEAPEST = {"clean_burracos": 35, "semi_clean_burracos": 55, "dirty_burracos": 50}


@st.composite
def side_entry(draw, closes: bool, holding: int) -> dict:
    """One side's entry: ``closes`` when a player of the side closed (its pozzetto taken, a burraco),
    ``holding`` the players of the side who still hold cards."""
    counts = {"clean_burracos": draw(st.integers(0, 2)), "semi_clean_burracos": draw(st.integers(0, 1)),
              "dirty_burracos": draw(st.integers(0, 2))}
    if closes and not any(counts.values()):
        counts["dirty_burracos"] = 1
    least = sum(CHEAPEST[k] * n for k, n in counts.items())
    meld = 5 * draw(st.integers(max(least, 15) // 5, 340 // 5)) if least or draw(st.booleans()) else 0
    hand = 5 * draw(st.integers(holding, 38)) if holding else 0
    entry = {k: n for k, n in counts.items() if n}
    entry.update({"meld_points": meld, "hand_points": hand})
    if not closes and draw(st.booleans()):
        entry["pozzetto_taken"] = False
    if draw(st.integers(0, 4)) == 0:
        entry["penalty_points"] = 5 * draw(st.integers(0, 20))
    return entry


@st.composite
def burraco_hand(draw) -> dict:
    by = draw(st.sampled_from(PLAYERS + [None]))
    closer = None if by is None else ("NS" if by in TEAMS["NS"] else "EW")
    sides = {name: draw(side_entry(name == closer, 1 if name == closer else 2)) for name in TEAMS}
    entry = {"kind": "hand", "end": "out" if by else "stock_exhausted", "sides": sides}
    if by:
        entry["by"] = by
    return entry


def expected(entry: dict, side: str) -> int:
    """The hand score of docs/rules/burraco.md#the-hand-score, from the entry alone."""
    s = entry["sides"][side]
    closing = 100 if entry.get("by") in TEAMS[side] else 0
    return (sum(BONUS[k] * s.get(k, 0) for k in BONUS) + closing + s["meld_points"] - s["hand_points"]
            - (100 if s.get("pozzetto_taken") is False else 0) - s.get("penalty_points", 0))


def document(entries: list[dict]) -> dict:
    return {"variant": "burraco", "players": PLAYERS, "teams": TEAMS, "rules": RULES, "entries": entries}


@SETTINGS
@given(st.lists(burraco_hand(), min_size=1, max_size=8))
def test_a_sides_total_is_the_sum_of_its_hand_scores_each_as_the_rules_say(entries):
    standings = replay(document(entries))
    for side in standings.sides:
        assert side.total == sum(h.side_scores[side.name] for h in standings.hands)
        for entry, result in zip(entries, standings.hands):
            assert result.side_scores[side.name] == expected(entry, side.name)
        for member in side.members:
            assert standings.player(member).total == side.total


@st.composite
def three_player_hand(draw) -> dict:
    """A hand of three players while a lone player plays against a pair: who is alone, who closed."""
    lone = draw(st.sampled_from(["Ann", "Ben", "Cat"]))
    pair = [p for p in ["Ann", "Ben", "Cat"] if p != lone]
    by = draw(st.sampled_from([lone] + pair + [None]))
    closer = None if by is None else ("lone" if by == lone else "pair")
    sides = {"lone": draw(side_entry(closer == "lone", 0 if closer == "lone" else 1)),
             "pair": draw(side_entry(closer == "pair", 1 if closer == "pair" else 2))}
    sides["lone"].pop("pozzetto_taken", None)  # the lone player took the 18-card pozzetto
    entry = {"kind": "hand", "end": "out" if by else "stock_exhausted", "lone": lone, "sides": sides}
    if by:
        entry["by"] = by
    return entry


@SETTINGS
@given(three_player_hand(), st.sampled_from(["half_round_up", "half_truncate"]))
def test_the_pairs_partners_each_score_the_same_half_of_the_pairs_score(entry, split):
    standings = replay({"variant": "burraco", "players": ["Ann", "Ben", "Cat"],
                        "rules": {"pair_split": split, "three_player_switch_at": None}, "entries": [entry]})
    pair = [p for p in ["Ann", "Ben", "Cat"] if p != entry["lone"]]
    whole = (sum(BONUS[k] * entry["sides"]["pair"].get(k, 0) for k in BONUS)
             + (100 if entry.get("by") in pair else 0) + entry["sides"]["pair"]["meld_points"]
             - entry["sides"]["pair"]["hand_points"] - (100 if entry["sides"]["pair"].get("pozzetto_taken") is False else 0)
             - entry["sides"]["pair"].get("penalty_points", 0))
    half = math.ceil(whole / 2) if split == "half_round_up" else math.trunc(whole / 2)
    assert [standings.hands[0].scores[p] for p in pair] == [half, half]
    assert standings.sides == [] and standings.stage == 1


@SETTINGS
@given(st.lists(three_player_hand(), min_size=1, max_size=6), st.integers(1, 60))
def test_once_each_plays_alone_a_match_of_three_never_goes_back(entries, at):
    switch_at = 5 * at
    rules = {"three_player_switch_at": switch_at, "target": 1_000_000}
    played: list[dict] = []
    stage = 1
    for entry in entries:
        if stage == 2:
            # each alone: the lone player's and the pair's entries as the three players' own
            lone, sides = entry["lone"], entry["sides"]
            entry = {"kind": "hand", "end": "stock_exhausted",
                     "sides": {p: {"meld_points": 0, "hand_points": 5, "pozzetto_taken": False} for p in ["Ann", "Ben", "Cat"]}}
            entry["sides"][lone] = {"meld_points": sides["lone"]["meld_points"], "hand_points": sides["lone"]["hand_points"] or 5}
        played.append(entry)
        standings = replay({"variant": "burraco", "players": ["Ann", "Ben", "Cat"], "rules": rules, "entries": played})
        reached = any(p.total >= switch_at for p in standings.players)
        assert standings.stage == (2 if stage == 2 or reached else 1)
        stage = standings.stage


@SETTINGS
@given(st.lists(st.sampled_from("A 2 3 4 5 6 7 8 9 10 J Q K JK".split()), min_size=3, max_size=12),
       st.lists(st.sampled_from("SH"), min_size=12, max_size=12))
def test_melds_laid_together_are_each_a_meld_and_add_up(ranks, suits):
    """Whatever cards are laid, a split the checker finds holds every card once, each of its melds is a
    meld on its own, and their worth is the sum of the cards' values."""
    from scorekeeper.engine.cards import Card
    from scorekeeper.engine.variants import find_variant

    burraco = find_variant("burraco")
    cards = [Card.parse("JK") if r == "JK" else Card.parse(f"{r}{suits[i]}") for i, r in enumerate(ranks)]
    verdict = burraco.check_laid(cards)
    if verdict.valid:
        assert sorted(c.code for m in verdict.melds for c in m.cards) == sorted(c.code for c in cards)
        assert all(burraco.check_meld(m.cards).valid for m in verdict.melds)
        assert verdict.value == sum(burraco.card_value(c) for c in cards)
