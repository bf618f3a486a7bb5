"""Every worked example of docs/rules/, replayed from ``tests/golden/matches/<variant>.json``.

Each case is a match document and what its standings must show. ``expect`` may give:
``totals`` {player: total}, ``hands`` [{index?, scores?, win_points?, totals?, eliminated?}],
``finished``, ``winners``, ``leader``, ``pot``, ``payouts``, ``pot_remainder``, ``states``,
``win_points``, ``boxes``, ``paid``, ``rebuys``, ``next_dealer``, ``next_dealer_if_rebuy``, ``dealers_ahead``, ``open_rebuys`` [{player, total, cost}],
``deal``, ``contract``, ``notes_contain`` [substring], ``explanations_contain`` {player: substring} (last hand),
``error`` {"message": substring, "field": name, "side": name} for a document that must be refused,
``games`` [each game's fields, every game opened] for a sheet of several games (Hollywood),
``player_facts`` {player: {fact: value}} and ``facts`` {fact: value} for what a game says beyond the shared
fields (``Variant.player_facts`` and ``match_facts``: Phase 10's phase, Rummikub's games won), and in
``hands`` also ``games``, ``closed`` and ``hand_points``.
A game scored by sides adds ``sides`` {side: total}, ``side_places`` {side: place}, ``minimums``
{side: next opening minimum}, ``winning_sides`` [side], ``members`` {side: [player]}, and in ``hands``
``side_scores`` {side: change} and ``explanations`` {side or player: the whole line}.
An unknown key in ``expect`` (or in one of its ``hands``) fails the case, so a typo cannot drop a check.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.engine.match import InvalidMatchError, replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "matches"

#: every key this runner checks; anything else in a case is a typo
EXPECT_KEYS = {
    "totals", "states", "win_points", "boxes", "paid", "rebuys", "places", "finished", "winners", "leader", "pot",
    "payouts", "pot_remainder", "next_dealer", "next_dealer_if_rebuy", "dealers_ahead", "deal", "contract", "open_rebuys", "hands", "notes_contain",
    "explanations_contain", "error", "games", "sides", "side_places", "minimums", "winning_sides", "members",
    "round", "differences", "player_facts", "facts",
}
HAND_KEYS = {"index", "scores", "win_points", "totals", "eliminated", "kind", "dealer", "games", "closed", "hand_points",
             "side_scores", "explanations"}
ERROR_KEYS = {"message", "field", "side"}


def check_keys(expect: dict) -> None:
    """Refuse a key the runner would silently skip."""
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"unknown expect key(s) {sorted(unknown)}: known are {sorted(EXPECT_KEYS)}"
    for want in expect.get("hands", []):
        unknown = set(want) - HAND_KEYS
        assert not unknown, f"unknown key(s) {sorted(unknown)} in expect.hands: known are {sorted(HAND_KEYS)}"
    unknown = set(expect.get("error", {})) - ERROR_KEYS
    assert not unknown, f"unknown key(s) {sorted(unknown)} in expect.error"


def _cases():
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            yield pytest.param(data["variant"], case, id=f"{path.stem}:{case['name']}")


@pytest.mark.parametrize(("variant", "case"), list(_cases()))
def test_golden(variant, case):
    document = dict(case["document"])
    document.setdefault("format", "scorekeeper.match/1")
    document.setdefault("variant", variant)
    expect = case["expect"]
    check_keys(expect)
    if "error" in expect:
        with pytest.raises(InvalidMatchError) as info:
            replay(document)
        assert expect["error"]["message"] in str(info.value)
        if "field" in expect["error"]:
            assert info.value.field == expect["error"]["field"]
        if "side" in expect["error"]:
            assert info.value.side == expect["error"]["side"]
        return
    got = replay(document).to_dict()
    players = {p["name"]: p for p in got["players"]}
    if "totals" in expect:
        assert {n: players[n]["total"] for n in expect["totals"]} == expect["totals"]
    for key, attr in (("states", "state"), ("win_points", "win_points"), ("boxes", "boxes"),
                      ("paid", "paid"), ("rebuys", "rebuys"), ("places", "place")):
        if key in expect:
            assert {n: players[n][attr] for n in expect[key]} == expect[key], key
    sides = {s["name"]: s for s in got["sides"]}
    for key, attr in (("sides", "total"), ("side_places", "place"), ("minimums", "opening_minimum"),
                      ("members", "members")):
        if key in expect:
            assert {n: sides[n][attr] for n in expect[key]} == expect[key], key
    if sides:
        # every member shows the side's total and place (docs/match-format.md, "Standings")
        for side in sides.values():
            for member in side["members"]:
                assert (players[member]["total"], players[member]["place"], players[member]["side"]) == \
                    (side["total"], side["place"], side["name"])
    for key in ("finished", "winners", "leader", "pot", "payouts", "pot_remainder", "next_dealer",
                "deal", "contract", "winning_sides", "round"):
        if key in expect:
            assert got[key] == expect[key], key
    for name, facts in expect.get("player_facts", {}).items():
        assert {k: players[name][k] for k in facts} == facts, name
    if "facts" in expect:
        assert {k: got[k] for k in expect["facts"]} == expect["facts"]
    if "open_rebuys" in expect:
        assert got["open_rebuys"] == expect["open_rebuys"]
    if "games" in expect:
        assert got["games"] is not None and len(got["games"]) == len(expect["games"]), got["games"]
        for have, want in zip(got["games"], expect["games"]):
            assert {k: have[k] for k in want} == want, (want["number"], have)
    for i, want in enumerate(expect.get("hands", [])):
        index = want.get("index", i)
        have = got["hands"][index]
        for key in ("scores", "win_points", "totals", "eliminated", "kind", "dealer", "games", "closed", "hand_points",
                    "side_scores", "explanations"):
            if key in want:
                if key == "hand_points":
                    assert have[key] == want[key], (index, key)
                elif isinstance(want[key], dict):
                    assert {n: have[key].get(n, 0) for n in want[key]} == want[key], (index, key)
                else:
                    assert have[key] == want[key], (index, key)
    for text in expect.get("notes_contain", []):
        assert any(text in note for note in got["notes"]), (text, got["notes"])
    for name, text in expect.get("explanations_contain", {}).items():
        assert text in got["hands"][-1]["explanations"][name], got["hands"][-1]["explanations"]


@pytest.mark.parametrize("expect", [
    {"total": {"A": 1}},
    {"hands": [{"score": {"A": 1}}]},
    {"error": {"mesage": "x"}},
])
def test_an_unknown_expect_key_is_refused(expect):
    with pytest.raises(AssertionError, match="unknown"):
        check_keys(expect)
