"""Properties of Phase 10 (docs/rules/phase10.md) over generated matches.

A player's phase rises by exactly the hands in which he completed it (in order, until the last phase to
win), the totals are the sum of the points typed, and the match ends exactly when someone has completed
the phases to win, the lowest total among them winning.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.engine.match import replay

PLAYERS = ["Ann", "Ben", "Cat"]
#: the fewest cards of each standard phase, and so the most points a player who completed it holds
FEWEST = [6, 7, 8, 7, 8, 9, 8, 7, 7, 8]


@st.composite
def hand_plans(draw):
    """Who goes out, and for each other player whether he completes his phase (the points are chosen
    when the hand is played, within what his phase allows)."""
    by = draw(st.sampled_from(PLAYERS))
    done = {name: draw(st.booleans()) for name in PLAYERS if name != by}
    share = {name: draw(st.integers(0, 100)) for name in PLAYERS}
    return by, done, share


@settings(max_examples=40, deadline=None)
@given(st.lists(hand_plans(), min_size=1, max_size=14), st.sampled_from([None, 2, 3]))
def test_a_phase_rises_by_exactly_the_hands_completed(plans, to_win):
    rules = {} if to_win is None else {"phases_to_win": to_win}
    doc = {"variant": "phase10", "players": PLAYERS, "rules": rules, "entries": []}
    phase = {name: 1 for name in PLAYERS}
    totals = {name: 0 for name in PLAYERS}
    goal = to_win or 10
    standings = replay(doc)
    for by, done, share in plans:
        if standings.finished or standings.tie_break_players:
            break
        held = {}
        for name, completed in done.items():
            if completed:
                most = (10 - FEWEST[phase[name] - 1]) * 25
                points = share[name] * most // 100 // 5 * 5
            else:
                points = 50 + share[name] * 180 // 100 // 5 * 5
            held[name] = {"points": points, "completed": completed}
            totals[name] += points
        doc["entries"].append({"kind": "hand", "end": "out", "by": by, "held": held})
        standings = replay(doc)
        for name in PLAYERS:
            if name == by or done.get(name):
                phase[name] += 1
        for p in standings.players:
            assert p.total == totals[p.name]
            assert p.phases_done == phase[p.name] - 1
            if p.phases_done < goal:
                assert p.phase == phase[p.name]
        finishers = [n for n in PLAYERS if phase[n] - 1 >= goal]
        if finishers:
            best = min(totals[n] for n in finishers)
            lowest = [n for n in finishers if totals[n] == best]
            if len(lowest) == 1:
                assert standings.finished and standings.winners == lowest
            else:
                assert not standings.finished and standings.tie_break_players == lowest
        else:
            assert not standings.finished
