"""Hollywood Gin's sheet of games (docs/rules/hollywood_gin.md), checked on random matches: the games'
settlements add up to the nets, a game holds exactly the points of the hands entered in it and never more
than the hands won, a hand goes where the distribution rule says, the match ends exactly when every game has
closed, and a match carried on from a checkpoint gives the same sheet."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.match import MatchReplay, replay
from scorekeeper.engine.variants import find_variant

A, B = "Ann", "Ben"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = st.sampled_from([
    {}, {"continuous": True}, {"third_game_multiplier": 2}, {"preset": "classic_pagat"},
    {"shutout_mode": "double_total"}, {"shutout_mode": "double_hand_points", "game_target": 60},
    {"undercut_on_tie": False}, {"continuous": True, "game_target": 50},
])


@st.composite
def matches(draw):
    rules = draw(RULES)
    entries: list[dict] = []
    stopped = False
    for _ in range(draw(st.integers(1, 45))):
        kind = draw(st.sampled_from(["knock"] * 6 + ["gin", "big_gin", "void", "stop"]))
        by = draw(st.sampled_from([A, B]))
        other = B if by == A else A
        if kind == "void":
            entries.append({"kind": "void"})
        elif kind == "stop":
            if rules.get("continuous") and not stopped:
                entries.append({"kind": "stop"})
                stopped = True
        elif kind == "knock":
            entries.append({"kind": "hand", "end": "knock", "by": by,
                            "held": {by: {"points": draw(st.integers(1, 10))},
                                     other: {"points": draw(st.integers(0, 60))}}})
        else:
            if kind == "big_gin" and rules.get("preset") == "classic_pagat":
                kind = "gin"  # no big gin in the classic preset
            entries.append({"kind": "hand", "end": kind, "by": by, "held": {other: {"points": draw(st.integers(0, 60))}}})
        if rules.get("continuous") and not stopped and len(entries) > 30:
            entries.append({"kind": "stop"})
            stopped = True
    return rules, entries


def played(rules, entries):
    """The longest prefix of ``entries`` that replays (the match ends somewhere: the rest is refused)."""
    doc = {"variant": "hollywood_gin", "players": [A, B], "rules": rules, "entries": []}
    run = MatchReplay(doc)
    kept = []
    for entry in entries:
        if run.finished:
            break
        run = run.then([entry])
        kept.append(entry)
    return {**doc, "entries": kept}, run.standings()


@SETTINGS
@given(matches())
def test_the_games_settlements_add_up_to_the_nets(match):
    rules, entries = match
    doc, standings = played(*match)
    third = rules.get("third_game_multiplier", 1)
    nets = {A: 0, B: 0}
    for g in standings.games:
        if g.open:
            assert g.finals is None and g.difference is None and g.winner is None
            continue
        loser = B if g.winner == A else A
        assert g.difference == g.finals[g.winner] - g.finals[loser]
        times = third if g.number == 3 and not rules.get("continuous") else 1
        nets[g.winner] += g.difference * times
        nets[loser] -= g.difference * times
    assert {p.name: p.total for p in standings.players} == nets
    assert sum(nets.values()) == 0
    # each hand's change of net is what the games it closed settled
    assert sum(h.scores.get(A, 0) for h in standings.hands) == nets[A]


@SETTINGS
@given(matches())
def test_a_game_holds_the_points_of_the_hands_entered_in_it_and_never_more_than_the_hands_won(match):
    doc, standings = played(*match)
    hands = [h for h in standings.hands if h.kind == "hand"]
    won = {A: 0, B: 0}
    for h in hands:
        assert len(h.hand_points) <= 1 and all(v > 0 for v in h.hand_points.values())
        for p, v in h.hand_points.items():
            won[p] += v
        assert set(h.closed) <= set(h.games)
        assert bool(h.games) == bool(h.hand_points)
    for g in standings.games:
        for p in (A, B):
            mine = [n for n, h in enumerate(hands, start=1) if g.number in h.games and p in h.hand_points]
            assert g.totals[p] == sum(hands[n - 1].hand_points[p] for n in mine) <= won[p]
            assert g.boxes[p] == len(mine)
        assert g.hands == sorted(n for n, h in enumerate(hands, start=1) if g.number in h.games)
        assert g.shutout == (not g.open and g.boxes[B if g.winner == A else A] == 0)
    assert {p.name: p.boxes for p in standings.players} == {
        p: sum(len(h.games) for h in hands if p in h.hand_points) for p in (A, B)}


@SETTINGS
@given(matches())
def test_each_hand_goes_where_the_distribution_rule_says(match):
    rules, entries = match
    doc, standings = played(*match)
    target = find_variant("hollywood_gin").rules(2, **rules).game_target
    # the sheet rebuilt hand by hand from the results alone
    sheet: dict[int, dict] = {n: {"open": True, A: 0, B: 0} for n in (1, 2, 3)}
    stopped = False
    for h in standings.hands:
        if h.kind == "stop":
            stopped = True
        if not h.hand_points:
            assert not h.games
            continue
        ((w, pts),) = h.hand_points.items()
        open_games = [n for n in sorted(sheet) if sheet[n]["open"]]
        with_entry = [n for n in open_games if sheet[n][w] > 0]
        without = [n for n in open_games if sheet[n][w] == 0][:1]
        assert h.games == sorted(with_entry + without)
        closing = []
        for n in h.games:
            sheet[n][w] += pts
            if sheet[n][w] >= target:
                sheet[n]["open"] = False
                closing.append(n)
        assert h.closed == closing
        if rules.get("continuous") and not stopped:
            for _ in closing:
                sheet[max(sheet) + 1] = {"open": True, A: 0, B: 0}
        if not rules.get("continuous"):
            assert len(h.games) <= 3
    assert [g.number for g in standings.games] == sorted(sheet)
    assert standings.finished == (not any(g["open"] for g in sheet.values()))
    if standings.finished:
        best = max(p.total for p in standings.players)
        assert sorted(standings.winners) == sorted(p.name for p in standings.players if p.total == best)


@SETTINGS
@given(matches(), st.integers(0, 40))
def test_a_match_carried_on_from_a_checkpoint_keeps_its_sheet(match, cut):
    doc, standings = played(*match)
    cut = min(cut, len(doc["entries"]))
    first = MatchReplay({**doc, "entries": doc["entries"][:cut]})
    later = MatchReplay.resume({**doc, "entries": doc["entries"][cut:]}, first.checkpoint())
    assert later.standings().games == standings.games
    assert [p.total for p in later.standings().players] == [p.total for p in standings.players]
    assert replay(doc).games == standings.games
