"""Properties of Hand and Foot, whatever the rounds: a side's total is the sum of its round scores and every
member shows it (three sides of two, as 2 v 2 v 2); rotating the sides' entries (and who went out, seat for
seat) rotates their totals; the round number is 1 + the rounds scored, void hands not counted; a match of
``rounds`` rounds ends after exactly that many; the score is the formula of docs/rules/hand_and_foot.md
under every rule set. Rounds are drawn valid: books the table points can hold, red threes the 7 decks hold,
at most 590 points a deck, the side going out with the books it needs."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.match import replay
from scorekeeper.engine.variants import find_variant

PLAYERS = ["A1", "B1", "C1", "A2", "B2", "C2"]
TEAMS = {"A": ["A1", "A2"], "B": ["B1", "B2"], "C": ["C1", "C2"]}
SIDE_OF = {p: s for s, ms in TEAMS.items() for p in ms}
#: more rounds than any drawn match plays, so that every round is scored
RULES = {"rounds": 8, "opening_minimums": [50, 90, 120, 150, 150, 150, 150, 150]}
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def side_entry(draw, threes: int, going_out: bool) -> dict:
    clean = draw(st.integers(2 if going_out else 0, 4))
    dirty = draw(st.integers(2 if going_out else 0, 3))
    wild = draw(st.integers(0, 1))
    least = 35 * clean + 50 * dirty + 140 * wild
    meld = 5 * draw(st.integers(max(3, least // 5), max(3, least // 5) + 100)) if least or draw(st.booleans()) else 0
    hand = 5 * draw(st.integers(0, 60))
    laid = draw(st.integers(0, threes))
    entry = {"clean_books": clean, "dirty_books": dirty, "wild_books": wild, "red_threes_laid": laid,
             "red_threes_held": threes - laid, "meld_points": meld, "hand_points": hand,
             "exact_picks": draw(st.integers(0, 2))}
    if draw(st.booleans()):
        entry["adjustment"] = 5 * draw(st.integers(-100, 100))
    return entry


@st.composite
def a_round(draw) -> dict:
    if draw(st.integers(0, 9)) == 0:
        return {"kind": "void", "note": "misdeal"}
    out = draw(st.booleans())
    by = draw(st.sampled_from(PLAYERS)) if out else None
    threes = {s: draw(st.integers(0, 4)) for s in TEAMS}
    sides = {s: draw(side_entry(threes[s], SIDE_OF.get(by) == s)) for s in TEAMS}
    entry = {"kind": "hand", "end": "out" if out else "stock_exhausted", "sides": sides}
    if by:
        entry["by"] = by
    return entry


def document(entries: list[dict], rules: dict | None = None) -> dict:
    return {"variant": "hand_and_foot", "players": PLAYERS, "teams": TEAMS, "rules": rules or RULES,
            "entries": entries}


@SETTINGS
@given(st.lists(a_round(), min_size=1, max_size=7))
def test_a_sides_total_is_the_sum_of_its_round_scores_and_every_member_shows_it(entries):
    standings = replay(document(entries))
    for side in standings.sides:
        assert side.total == sum(h.side_scores.get(side.name, 0) for h in standings.hands)
        for member in side.members:
            player = standings.player(member)
            assert (player.total, player.place, player.side) == (side.total, side.place, side.name)
        for hand in standings.hands:
            if hand.kind == "hand":
                assert {hand.scores[m] for m in side.members} == {hand.side_scores[side.name]}
    rounds = sum(1 for e in entries if e["kind"] == "hand")
    assert standings.round == rounds + 1
    assert {s.opening_minimum for s in standings.sides} == {RULES["opening_minimums"][rounds]}


ROTATE = {"A": "B", "B": "C", "C": "A"}
SEAT = {"A1": "B1", "B1": "C1", "C1": "A1", "A2": "B2", "B2": "C2", "C2": "A2"}


def _rotated(entry: dict) -> dict:
    if entry["kind"] != "hand":
        return entry
    twin = copy.deepcopy(entry)
    twin["sides"] = {ROTATE[s]: v for s, v in entry["sides"].items()}
    if entry.get("by"):
        twin["by"] = SEAT[entry["by"]]
    return twin


@SETTINGS
@given(st.lists(a_round(), min_size=1, max_size=7))
def test_rotating_the_sides_entries_rotates_their_totals(entries):
    straight = replay(document(entries))
    rotated = replay(document([_rotated(e) for e in entries]))
    for side, other in ROTATE.items():
        assert straight.side(side).total == rotated.side(other).total


@SETTINGS
@given(st.lists(a_round(), min_size=4, max_size=6), st.sampled_from(["common", "pagat_whitnack", "simpson"]))
def test_four_rounds_end_the_match_and_each_score_is_the_formula(entries, preset):
    at = [i for i, e in enumerate(entries) if e["kind"] == "hand"]
    if len(at) < 4:
        return
    # cut the match after its fourth round, and make every round fit the rule set
    cut = copy.deepcopy(entries[:at[3] + 1])
    for e in cut:
        for s in e.get("sides", {}).values():
            if preset == "simpson":
                s["wild_books"] = 0
            if preset == "pagat_whitnack":
                s["exact_picks"] = 0
                s["wild_books"] = max(s["wild_books"], 1 if e.get("by") else 0)
                s["meld_points"] = max(s["meld_points"], 35 * s["clean_books"] + 50 * s["dirty_books"]
                                       + 140 * s["wild_books"])
    standings = replay(document(cut, {"preset": preset}))
    assert standings.finished and standings.round is None
    rules = find_variant("hand_and_foot").rules(6, preset=preset)
    scored = [h for h in standings.hands if h.kind == "hand"]
    for e, h in zip([e for e in cut if e["kind"] == "hand"], scored):
        for name, s in e["sides"].items():
            want = (rules.clean_book_bonus * s["clean_books"] + rules.dirty_book_bonus * s["dirty_books"]
                    + (rules.wild_book_bonus or 0) * s["wild_books"]
                    + rules.red_three_laid_value * s["red_threes_laid"]
                    + rules.red_three_held_value * s["red_threes_held"]
                    + (rules.going_out_bonus if SIDE_OF.get(e.get("by")) == name else 0)
                    + (rules.exact_pick_bonus or 0) * s["exact_picks"]
                    + s["meld_points"] - s["hand_points"] + s.get("adjustment", 0))
            assert h.side_scores[name] == want
    best = max(s.total for s in standings.sides)
    assert standings.winning_sides == [s.name for s in standings.sides if s.total == best]
