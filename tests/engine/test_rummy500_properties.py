"""Properties of Rummy 500 (docs/rules/rummy500.md) over generated matches and melds.

A player's hand score is what they laid minus what they hold (only what they laid when the stock ran out
with ``stock_out_hand_penalty`` off); totals are the sum of the hand scores; the match ends after the
first hand with a total at the target, the winner holds the highest total, and the differences are the
winner's margin over each other player. Melds given as cards score the same as their points typed.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.engine.cards import RANK_LABELS
from scorekeeper.engine.match import replay
from scorekeeper.engine.variants import find_variant

PLAYERS = ["Ann", "Ben", "Cat"]
R500 = find_variant("rummy500")


@st.composite
def hands(draw):
    """A hand typed as points: someone goes out (holding nothing) or the stock runs out. Three players
    at 100 laid and 40 held at most stay within one pack's 426."""
    out = draw(st.booleans())
    by = draw(st.sampled_from(PLAYERS)) if out else None
    held = {}
    for name in PLAYERS:
        held[name] = {"meld_points": draw(st.integers(0, 100)),
                      "hand_points": 0 if name == by else draw(st.integers(0, 40))}
    entry = {"kind": "hand", "end": "out" if out else "stock_exhausted", "held": held}
    if by:
        entry["by"] = by
    return entry


def play(entries, rules=None):
    """The longest prefix of ``entries`` the match takes (it ends at the target), and its standings."""
    doc = {"variant": "rummy500", "players": PLAYERS, "rules": rules or {}, "entries": []}
    standings = replay(doc)
    for entry in entries:
        if standings.finished:
            break
        doc["entries"].append(entry)
        standings = replay(doc)
    return doc["entries"], standings


@settings(max_examples=60, deadline=None)
@given(st.lists(hands(), min_size=1, max_size=12), st.sampled_from([100, 300, 500]), st.booleans(),
       st.sampled_from(["shared", "play_another_hand"]))
def test_scores_totals_and_the_end(entries, target, penalty, tie_break):
    rules = {"target": target, "stock_out_hand_penalty": penalty, "tie_break": tie_break}
    played, standings = play(entries, rules)
    totals = {name: 0 for name in PLAYERS}
    reached = False
    for entry, result in zip(played, standings.hands):
        for name, held in entry["held"].items():
            counts = entry["end"] == "out" or penalty
            want = held["meld_points"] - (held["hand_points"] if counts else 0)
            assert result.scores[name] == want
            totals[name] += want
        assert result.totals == totals
        reached = reached or max(totals.values()) >= target
    assert {p.name: p.total for p in standings.players} == totals
    top = max(totals.values())
    leaders = [n for n in PLAYERS if totals[n] == top]
    if standings.finished:
        assert reached
        assert standings.winners == leaders
        if tie_break == "play_another_hand":
            assert len(leaders) == 1
        if len(leaders) == 1:
            assert standings.differences == {n: top - totals[n] for n in PLAYERS if n != leaders[0]}
            assert all(v >= 0 for v in standings.differences.values())
        else:
            assert standings.differences == {}
    else:
        assert standings.differences == {}
        # not over: nobody reached the target, or the top is shared and the table plays on
        assert not reached or (tie_break == "play_another_hand")


@st.composite
def sequences(draw):
    """A natural sequence of one suit, the ace low or high, never both."""
    suit = draw(st.sampled_from("SHDC"))
    length = draw(st.integers(3, 13))
    start = draw(st.integers(1, 14 - length + 1))
    ranks = [((start + i - 1) % 13) + 1 for i in range(length)]  # 14 is the high ace
    return [f"{RANK_LABELS[r]}{suit}" for r in ranks], start


@settings(max_examples=80, deadline=None)
@given(sequences(), st.sampled_from([1, 5, 15]))
def test_a_sequence_scores_its_cards_with_the_ace_by_its_place(seq, low):
    """docs/rules/rummy500.md#card-values: the ace 15, or ``low_ace_value`` at the bottom, the rest as held."""
    cards, start = seq
    rules = R500.rules(low_ace_value=low)
    # the ace is low when the sequence holds its suit's 2 (a whole suit, 2 to K and the ace, included)
    holds_two = any(token[:-1] == "2" for token in cards)
    pips = {"J": 10, "Q": 10, "K": 10}
    want = 0
    for token in cards:
        rank = token[:-1]
        if rank == "A":
            want += low if holds_two else 15
        else:
            want += pips.get(rank) or int(rank)
    assert R500.meld_points(" ".join(cards), rules) == want


@settings(max_examples=40, deadline=None)
@given(sequences())
def test_melds_as_cards_score_what_their_points_typed_score(seq):
    cards, _start = seq
    text = " ".join(cards)
    laid = R500.meld_points(text)
    by_cards = {"kind": "hand", "end": "out", "by": "Ann", "held": {
        "Ann": {"melds": text, "cards": ""}, "Ben": {"meld_points": 0, "hand_points": 5},
        "Cat": {"meld_points": 0, "hand_points": 5}}}
    by_points = {**by_cards, "held": {**by_cards["held"], "Ann": {"meld_points": laid, "hand_points": 0}}}
    one = replay({"variant": "rummy500", "players": PLAYERS, "entries": [by_cards]})
    two = replay({"variant": "rummy500", "players": PLAYERS, "entries": [by_points]})
    assert [p.total for p in one.players] == [p.total for p in two.players]
