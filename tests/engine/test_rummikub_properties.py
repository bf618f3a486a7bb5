"""Properties of Rummikub (docs/rules/rummikub.md) over generated matches: under ``zero_sum`` every game's
scores, and so the totals, add up to 0, the winner's plus being the others' minuses; the games won add
up to the games played.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.engine.match import replay

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


@st.composite
def games(draw):
    """A game that someone went out of, or in which the pool ran out (the winner of a tie named)."""
    pool = draw(st.booleans())
    racks = {name: (draw(st.integers(1, 60)), draw(st.integers(0, 1))) for name in PLAYERS}
    if not pool:
        by = draw(st.sampled_from(PLAYERS))
        held = {n: {"points": pts, "jokers": j} for n, (pts, j) in racks.items() if n != by}
        return {"kind": "hand", "end": "out", "by": by, "held": held}
    held = {n: {"points": pts, "jokers": j, "opened": draw(st.booleans())} for n, (pts, j) in racks.items()}
    return {"kind": "hand", "end": "pool_exhausted", "held": held}


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), min_size=1, max_size=8), st.sampled_from([30, 50, 100]), st.sampled_from([None, 100]))
def test_totals_always_add_to_zero(entries, joker_penalty, unmelded):
    rules = {"match_mode": "open", "joker_penalty": joker_penalty, "unmelded_penalty": unmelded}
    doc = {"variant": "rummikub", "players": PLAYERS, "rules": rules, "entries": []}
    for entry in entries:
        jokers = sum(h.get("jokers", 0) for h in entry["held"].values())
        if jokers > 2:
            continue  # the set has two
        if entry["end"] == "pool_exhausted":
            counts = {n: (unmelded if unmelded is not None and not h["opened"]
                          else h["points"] + joker_penalty * h["jokers"]) for n, h in entry["held"].items()}
            low = min(counts.values())
            tied = [n for n in PLAYERS if counts[n] == low]
            entry = dict(entry, by=tied[0]) if len(tied) > 1 else entry
        doc["entries"].append(entry)
        standings = replay(doc)
        last = standings.hands[-1]
        assert sum(last.scores.values()) == 0
        winner = max(last.scores, key=last.scores.get)
        assert last.scores[winner] == -sum(v for n, v in last.scores.items() if n != winner)
        assert sum(p.total for p in standings.players) == 0
        assert sum(p.games_won for p in standings.players) == len(standings.hands)
