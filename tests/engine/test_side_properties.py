"""Properties of a game scored by sides (Canasta), whatever the hands: a side's total is the sum of its hand
scores; every member of a side shows the side's total, place and name; swapping two sides' entries (and who
went out, seat for seat) swaps their totals; the sides of a table of 4 without ``teams`` are seats 1 + 3
against 2 + 4. Hands are drawn valid: canastas the melds can hold, at most 4 red threes, at most 1,180 points."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.match import replay

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
TEAMS = {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]}
#: a target no drawn match reaches, so that every hand is played
RULES = {"target": 1_000_000}
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def side_entry(draw, threes: int, room: int, canasta: bool) -> dict:
    natural = draw(st.integers(1 if canasta else 0, 2))
    mixed = draw(st.integers(0, 2))
    least = 35 * natural + 50 * mixed
    meld = 5 * draw(st.integers(least // 5, max(least // 5, min(room // 2, 400) // 5))) if least else \
        5 * draw(st.sampled_from([0, 3, 6, 10, 20]))
    hand = 5 * draw(st.integers(0, max(0, min(room - meld, 300)) // 5))
    entry = {"meld_points": meld, "hand_points": hand}
    if natural:
        entry["natural_canastas"] = natural
    if mixed:
        entry["mixed_canastas"] = mixed
    if threes:
        entry["red_threes"] = threes
    if draw(st.booleans()):
        entry["penalty_points"] = 5 * draw(st.integers(0, 100))
    return entry


@st.composite
def canasta_hand(draw) -> dict:
    out = draw(st.booleans())
    by = draw(st.sampled_from(PLAYERS)) if out else None
    going = "NS" if by in TEAMS["NS"] else "EW" if by else None
    ns_threes = draw(st.integers(0, 4))
    ew_threes = draw(st.integers(0, 4 - ns_threes))
    ns = draw(side_entry(ns_threes, 590, going == "NS"))
    ew = draw(side_entry(ew_threes, 590, going == "EW"))
    entry = {"kind": "hand", "end": "out" if out else "stock_exhausted", "sides": {"NS": ns, "EW": ew}}
    if by:
        entry["by"] = by
        entry["concealed"] = draw(st.booleans())
    return entry


def document(entries: list[dict]) -> dict:
    return {"variant": "canasta", "players": PLAYERS, "teams": TEAMS, "rules": RULES, "entries": entries}


@SETTINGS
@given(st.lists(canasta_hand(), min_size=1, max_size=8))
def test_a_sides_total_is_the_sum_of_its_hand_scores_and_every_member_shows_it(entries):
    standings = replay(document(entries))
    for side in standings.sides:
        assert side.total == sum(h.side_scores.get(side.name, 0) for h in standings.hands)
        for member in side.members:
            player = standings.player(member)
            assert (player.total, player.place, player.side) == (side.total, side.place, side.name)
        for hand in standings.hands:
            assert {hand.scores[m] for m in side.members} == {hand.side_scores[side.name]}


def _swapped(entry: dict) -> dict:
    twin = copy.deepcopy(entry)
    twin["sides"] = {"NS": entry["sides"]["EW"], "EW": entry["sides"]["NS"]}
    if entry.get("by"):
        # the same seat of the other side goes out: Ann ↔ Ben, Cat ↔ Dan
        twin["by"] = {"Ann": "Ben", "Ben": "Ann", "Cat": "Dan", "Dan": "Cat"}[entry["by"]]
    return twin


@SETTINGS
@given(st.lists(canasta_hand(), min_size=1, max_size=8))
def test_swapping_two_sides_entries_swaps_their_totals(entries):
    straight = replay(document(entries))
    swapped = replay(document([_swapped(e) for e in entries]))
    assert straight.side("NS").total == swapped.side("EW").total
    assert straight.side("EW").total == swapped.side("NS").total


@SETTINGS
@given(st.lists(canasta_hand(), min_size=1, max_size=4))
def test_the_default_sides_are_seats_one_and_three_against_two_and_four(entries):
    named = replay(document(entries))
    renamed = [{**e, "sides": {"Ann & Cat": e["sides"]["NS"], "Ben & Dan": e["sides"]["EW"]}} for e in entries]
    default = replay({"variant": "canasta", "players": PLAYERS, "rules": RULES, "entries": renamed})
    assert [(s.members, s.total) for s in default.sides] == [(s.members, s.total) for s in named.sides]
    assert [s.name for s in default.sides] == ["Ann & Cat", "Ben & Dan"]
