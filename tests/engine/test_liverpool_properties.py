"""Properties of Liverpool Rummy (docs/rules/liverpool.md) over generated matches: the contract of deal n
is always the n-th, however voids and deals ended by the stock running out fall between, and a hand
stating any other deal number is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.engine.hands import InvalidMatchError
from scorekeeper.engine.match import next_entry_context, replay
from scorekeeper.engine.variants import find_variant

PLAYERS = ["Ann", "Ben", "Cat"]
LIVERPOOL = find_variant("liverpool")
#: the seven contracts in the words of docs/rules/liverpool.md#the-seven-contracts
CONTRACTS = ["2 sets", "1 set + 1 run", "2 runs", "3 sets", "2 sets + 1 run", "1 set + 2 runs",
             "3 runs, all at once, no discard"]


@st.composite
def entries(draw):
    """A void hand, a deal someone went out of, or one the stock ran out in."""
    kind = draw(st.sampled_from(["out", "out", "stock_exhausted", "void"]))
    if kind == "void":
        return {"kind": "void"}
    held = {n: {"points": draw(st.integers(2, 150))} for n in PLAYERS}
    if kind == "stock_exhausted":
        return {"kind": "hand", "end": "stock_exhausted", "held": held}
    by = draw(st.sampled_from(PLAYERS))
    del held[by]
    return {"kind": "hand", "end": "out", "by": by, "held": held}


@settings(max_examples=30, deadline=None)
@given(st.lists(entries(), min_size=1, max_size=12), st.data())
def test_the_contract_of_deal_n_is_the_nth(drawn, data):
    doc = {"variant": "liverpool", "players": PLAYERS, "entries": []}
    deals = 0
    for entry in drawn:
        if deals == 7:
            break
        if entry["kind"] == "void" and (not doc["entries"] or doc["entries"][-1]["kind"] == "void"):
            continue  # a void needs a deal begun
        if entry["kind"] == "hand":
            wrong = data.draw(st.integers(1, 9).filter(lambda d: d != deals + 1), label="wrong deal")
            with pytest.raises(InvalidMatchError):
                replay(dict(doc, entries=doc["entries"] + [dict(entry, deal=wrong)]))
            entry = dict(entry, deal=deals + 1) if data.draw(st.booleans(), label="state the deal") else entry
            deals += 1
        doc["entries"].append(entry)
        standings = replay(doc)
        if entry["kind"] == "hand":
            summary = standings.hands[-1].summary
            assert f"deal {deals} ({LIVERPOOL.contract_words(deals)})" in str(summary)
            assert LIVERPOOL.contract_words(deals) == CONTRACTS[deals - 1].split(",")[0]
        if deals < 7:
            assert (standings.deal, str(standings.contract)) == (deals + 1, CONTRACTS[deals])
            context = next_entry_context(doc)
            assert (context["deal"], str(context["contract"])) == (deals + 1, CONTRACTS[deals])
        else:
            assert standings.finished and standings.deal is None


def test_wild_deuces_fill_a_deal_s_contract_only_when_wild():
    """LV-9: a set 7♠ 7♥ 2♣ holds only when deuces are wild, in the meld checker's contract search too."""
    hand = "7S 7H 2C 9S 9H 9D KC"
    assert not LIVERPOOL.contract_in_hand(1, hand).valid
    assert LIVERPOOL.contract_in_hand(1, hand, LIVERPOOL.rules(deuces_wild=True)).valid
    assert LIVERPOOL.check_meld("7S 7H 2C", LIVERPOOL.rules(deuces_wild=True)).kind == "set"
    assert not LIVERPOOL.check_meld("7S 7H 2C").valid
