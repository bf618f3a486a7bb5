"""Scala 40's properties (docs/rules/scala40.md), over random matches: a player is out exactly when the
total reaches the limit; a re-entry lands on the highest total still in (or + 1), open only for the rules'
reasons; totals are the sum of the hands' penalties plus the re-entry jumps; the pot is every entry; and
what one player pays, worked out from the rules page rather than from the engine."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card, format_cards
from scorekeeper.engine.match import MatchReplay, replay
from scorekeeper.engine.variants import InvalidRulesError, find_variant

SCALA = find_variant("scala40")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def _paid(house, held: dict, one_turn: bool) -> int:
    """What one player who did not close pays, from the rules page: the never-opened amount or the raw
    count, the steps of ten, then the one-turn multiplier."""
    steps = house["penalty_mode"] == "steps"
    if held.get("opened") is False:
        base = 100 if steps else house["unopened_penalty"]
        if base is None:
            base = held["points"]
    else:
        raw = held["points"]
        base = 0 if raw == 0 else 10 * max(1, math.ceil((raw - 5) / 10)) if steps else raw
    return base * (house["hand_close_multiplier"] if one_turn else 1)


held_st = st.one_of(
    st.integers(0, 166).map(lambda n: {"points": n}),
    st.just({"opened": False}),
    st.integers(0, 198).map(lambda n: {"points": n, "opened": False}),
)


@st.composite
def matches(draw):
    n = draw(st.integers(2, 6))
    rules = draw(st.fixed_dictionaries({}, optional={
        "penalty_mode": st.sampled_from(["cards", "steps"]),
        "elimination_inclusive": st.booleans(),
        "hand_close_multiplier": st.integers(1, 4),
        "rejoin_score": st.sampled_from(["highest", "highest_plus_one"]),
        "rejoin_cutoff": st.sampled_from([None, 60, 90]),
        "max_rejoins": st.sampled_from([None, 0, 1]),
        "rejoin_min_remaining": st.integers(2, 3),
    }))
    if rules.get("penalty_mode") != "steps":
        unopened = draw(st.sampled_from(["absent", None, 100, 50]))
        if unopened != "absent":
            rules["unopened_penalty"] = unopened
    return n, rules, draw(st.data())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_out_exactly_at_the_limit_reentry_on_the_highest_and_totals_add_up(drawn):
    n, rules, data = drawn
    players = NAMES[:n]
    doc = {"variant": "scala40", "players": players, "rules": rules, "stake": "1.00", "entries": []}
    house = SCALA.rules(n, **rules)
    limit, inclusive = house.elimination_limit, house.elimination_inclusive
    run = MatchReplay(doc)
    entries: list = []
    expected = {p: 0 for p in players}
    entries_paid = {p: 1 for p in players}
    for _hand in range(data.draw(st.integers(1, 12), label="hands")):
        now = run.standings()
        if now.finished:
            break
        still_in = [p.name for p in now.players if p.state == "in"]
        by = data.draw(st.sampled_from(still_in), label="by")
        one_turn = data.draw(st.booleans(), label="one turn")
        held = {}
        for p in still_in:
            if p == by:
                continue
            h = data.draw(held_st, label=p)
            if h == {"opened": False} and house.penalty_mode != "steps" and house.unopened_penalty is None:
                h = {"points": 120, "opened": False}
            held[p] = h
        entries.append({"kind": "hand", "end": "out_in_one_turn" if one_turn else "out", "by": by, "held": held})
        run = run.then(entries[-1:])
        for p, h in held.items():
            expected[p] += _paid(house, h, one_turn)
        result = run.last()
        out = {p for p in still_in if (expected[p] >= limit if inclusive else expected[p] > limit)}
        assert by not in out
        assert set(result.eliminated) == out
        assert {p: result.totals[p] for p in players} == expected
        offers = run.standings().open_rebuys
        left = [p for p in still_in if p not in out]
        if out:
            highest = max(expected[p] for p in left)
            comeback = highest + 1 if house.rejoin_score == "highest_plus_one" else highest
            cutoff_ok = house.rejoin_cutoff is None or highest <= house.rejoin_cutoff
            comeback_ok = comeback < limit if inclusive else comeback <= limit
            may = [p for p in out if house.max_rejoins is None or entries_paid[p] - 1 < house.max_rejoins]
            open_ = len(left) >= house.rejoin_min_remaining and cutoff_ok and comeback_ok
            assert sorted(o.player for o in offers) == (sorted(may) if open_ else [])
            for offer in offers:
                assert offer.total == comeback
                if data.draw(st.booleans(), label=f"re-entry {offer.player}"):
                    entries.append({"kind": "rebuy", "player": offer.player})
                    run = run.then(entries[-1:])
                    expected[offer.player] = comeback
                    entries_paid[offer.player] += 1
        else:
            assert not offers
    final = run.standings()
    assert {p.name: p.total for p in final.players} == expected
    assert final.pot == Decimal(sum(entries_paid.values()))
    if final.finished:
        # the last one in wins, alone
        assert len(final.winners) == 1
        assert [p.name for p in final.players if p.state == "winner"] == final.winners
    assert replay({**doc, "entries": entries}).to_dict()["players"] == final.to_dict()["players"]


DECK = [Card(r, s) for r in range(1, 14) for s in "SHDC"] * 2 + [Card.joker()] * 4


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, len(DECK) - 1), min_size=1, max_size=10, unique=True), st.booleans(),
       st.sampled_from([1, 11]))
def test_cards_held_pay_their_value_and_a_lone_ace_its_own(picks, one_turn, lone_ace):
    cards = [DECK[i] for i in picks]
    value = {0: 25, 1: 11, 11: 10, 12: 10, 13: 10}
    raw = sum(value.get(c.rank, c.rank) for c in cards)
    if len(cards) == 1 and cards[0].rank == 1:
        raw = lone_ace
    doc = {"variant": "scala40", "players": ["Ann", "Ben"], "rules": {"lone_ace_value": lone_ace},
           "entries": [{"kind": "hand", "end": "out_in_one_turn" if one_turn else "out", "by": "Ann",
                        "held": {"Ben": {"cards": format_cards(cards, symbols=False)}}}]}
    got = replay(doc).to_dict()
    assert {p["name"]: p["total"] for p in got["players"]}["Ben"] == raw * (2 if one_turn else 1)


def test_thirteen_cards_given_are_never_opened():
    thirteen = "KS QH JD 10C 9S 8H 7D 6C 5S 4H 3D 2C 2H"
    for rules, paid in (({}, 100), ({"unopened_penalty": None}, 86), ({"penalty_mode": "steps"}, 100)):
        doc = {"variant": "scala40", "players": ["Ann", "Ben"], "rules": rules,
               "entries": [{"kind": "hand", "end": "out", "by": "Ann", "held": {"Ben": {"cards": thirteen}}}]}
        assert {p["name"]: p["total"] for p in replay(doc).to_dict()["players"]}["Ben"] == paid


@pytest.mark.parametrize(("rules", "why"), [
    ({"penalty_mode": "steps", "unopened_penalty": 100}, "unopened_penalty"),
    ({"rejoin": False, "rejoin_cutoff": 80}, "rejoin_cutoff"),
    ({"rejoin": False, "max_rejoins": 1}, "max_rejoins"),
    ({"hand_close_multiplier": 5}, "hand_close_multiplier"),
    ({"lone_ace_value": 2}, "lone_ace_value"),
    ({"opening_min": 201}, "opening_min"),
    ({"max_jokers_per_meld": 2}, "fixed"),
])
def test_switches_that_cannot_apply_are_refused(rules, why):
    with pytest.raises(InvalidRulesError, match=why):
        SCALA.rules(4, **rules)


def test_the_limit_is_100_with_steps_unless_set():
    assert SCALA.rules(3).elimination_limit == 101
    assert SCALA.rules(3, penalty_mode="steps").elimination_limit == 100
    assert SCALA.rules(3, penalty_mode="steps", elimination_limit=150).elimination_limit == 150


def test_seven_players_are_refused():
    with pytest.raises(InvalidRulesError, match="2–6"):
        SCALA.rules(7)
