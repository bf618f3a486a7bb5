"""Pool Rummy's properties (docs/rules/pool_rummy.md), over random matches: a player is out exactly when
the total reaches the line; a rejoin lands on the highest total still in + 1 (or the highest); totals are
the sum of the deals' penalties plus the rejoin jumps; and the grouping of a hand typed as cards."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card, format_cards
from scorekeeper.engine.match import MatchReplay, replay
from scorekeeper.engine.variants import find_variant

POOL = find_variant("pool_rummy")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]

#: a deal for one player who did not declare: a count, a drop or a wrong show
held_st = st.one_of(
    st.integers(0, 130).map(lambda n: {"points": n}),
    st.sampled_from([{"drop": "first"}, {"drop": "middle"}, {"wrong_show": True}]),
)


def _scored(house, held) -> int:
    """What one player's entry scores, worked out from the rules page (not from the engine)."""
    if "drop" in held:
        return house["first_drop"] if held["drop"] == "first" else house["middle_drop"]
    if "wrong_show" in held:
        return 80
    cap = house["full_count_cap"]
    return held["points"] if cap is None else min(held["points"], cap)


@st.composite
def matches(draw):
    n = draw(st.integers(2, 6))
    rules = draw(st.fixed_dictionaries({}, optional={
        "pool": st.sampled_from(["101", "201"]),
        "elimination_inclusive": st.booleans(),
        "rejoin_score": st.sampled_from(["highest_plus_one", "highest"]),
        "full_count_cap": st.sampled_from([None, 60, 80]),
    }))
    return n, rules, draw(st.data())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_out_exactly_at_the_line_rejoin_on_highest_plus_one_and_totals_add_up(drawn):
    n, rules, data = drawn
    players = NAMES[:n]
    doc = {"variant": "pool_rummy", "players": players, "rules": rules, "stake": "1.00", "entries": []}
    house = POOL.rules(n, **rules)
    limit, inclusive = house.elimination_limit, house.elimination_inclusive
    run = MatchReplay(doc)
    entries: list = []
    expected = {p: 0 for p in players}
    rejoins = 0
    for _deal in range(data.draw(st.integers(1, 12), label="deals")):
        st_now = run.standings()
        if st_now.finished:
            break
        still_in = [p.name for p in st_now.players if p.state == "in"]
        by = data.draw(st.sampled_from(still_in), label="by")
        held = {p: data.draw(held_st, label=p) for p in still_in if p != by}
        entries.append({"kind": "hand", "end": "declare", "by": by, "held": held})
        run = run.then(entries[-1:])
        for p, h in held.items():
            expected[p] += _scored(house, h)
        result = run.last()
        # out exactly when the total reaches the line
        out = {p for p in still_in if (expected[p] >= limit if inclusive else expected[p] > limit)}
        assert set(result.eliminated) == out
        assert {p: result.totals[p] for p in players} == expected
        offers = run.standings().open_rebuys
        left = [p for p in still_in if p not in out]
        if offers:
            highest = max(expected[p] for p in left)
            comeback = highest + 1 if house.rejoin_score == "highest_plus_one" else highest
            assert len(left) >= 2 and highest <= house.rejoin_cutoff
            for offer in offers:
                assert offer.total == comeback
            for offer in offers:
                if data.draw(st.booleans(), label=f"rejoin {offer.player}"):
                    entries.append({"kind": "rebuy", "player": offer.player})
                    run = run.then(entries[-1:])
                    expected[offer.player] = comeback
                    rejoins += 1
        elif out and len(left) >= 2:
            highest = max(expected[p] for p in left)
            comeback = highest + 1 if house.rejoin_score == "highest_plus_one" else highest
            # closed only for one of the rules' reasons
            assert highest > house.rejoin_cutoff or (comeback >= limit if inclusive else comeback > limit)
    final = run.standings()
    assert {p.name: p.total for p in final.players} == expected
    assert str(final.pot) == f"{n + rejoins}.00"
    if final.finished:
        assert len(final.winners) == 1 and final.players[players.index(final.winners[0])].state == "winner"
    # the whole document replayed at once says the same as the replay carried on
    assert replay({**doc, "entries": entries}).to_dict()["players"] == final.to_dict()["players"]


# -- the grouping of a hand typed as cards ---------------------------------------------------------------

DECK = [Card(r, s) for r in range(1, 14) for s in "SHDC"] * 2 + [Card.joker()] * 2


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, len(DECK) - 1), min_size=1, max_size=13, unique=True),
       st.one_of(st.none(), st.integers(1, 13)))
@example(picks=[72, 0, 24, 16, 104, 105], wild=None)  # 5♠ 6♠ 7♠ and A♠ JKR JKR, a sequence A-2-3 as well as a set
@example(picks=[0, 1, 2, 3, 4, 5, 6, 12, 7, 8], wild=1)  # aces wild: A♥ A♠ 2♥ A♦ is 2♥ and three stand-ins, a sequence
def test_a_hand_counts_its_loose_cards_or_everything(picks, wild):
    cards = [DECK[i] for i in picks]
    g = POOL.count(cards, wild_rank=wild)

    def value(c):
        return 0 if c.is_joker or c.rank == wild else (10 if c.rank in (1, 11, 12, 13) else c.rank)

    everything = sum(value(c) for c in cards)
    assert 0 <= g.points <= everything
    # what is counted is the loose cards, and every card is either in a group or loose
    assert g.points == sum(value(c) for c in g.loose)
    assert len([c for m in g.melds for c in m]) + len(g.loose) == len(cards)
    if g.declared:
        def may_be_a_sequence(m):
            # one natural and two jokers reads as a set or as a sequence (A♠ JKR JKR is A-2-3 too)
            naturals = [c for c in m if not c.is_joker and c.rank != wild]
            return (len({c.suit for c in naturals}) <= 1 and len({c.rank for c in naturals}) == len(naturals)
                    and POOL.check_meld(m, wild_rank=wild).valid)

        runs = [m for m in g.melds if may_be_a_sequence(m)]
        assert len(runs) >= 2
        assert any(POOL.check_meld(m).word == "pure sequence" for m in runs)
        for m in g.melds:
            assert POOL.check_meld(m, wild_rank=wild).valid, format_cards(m)
    else:
        assert g.points == everything


@pytest.mark.parametrize(("cards", "wild", "valid"), [
    ("AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D", 10, True),   # 10♦ wild: the sets and sequences take every card
    ("AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D", None, False),  # 10♦ left over
    ("5S 5H 5D 6C 6D 6H 7S 7H 7D 8C 8D 8H JK", None, False),  # sets only: no sequence
    ("2H 3H 4H 5H 6S 7S JK 9C 9D 9H KC KD KH", None, True),
    ("2H 3H 4H 5H 6S 7S JK 9C 9D 9H KC KD KH 3C", None, True),  # the 14th card thrown to close
    ("2H 3H JK 5H 6S 7S JK 9C 9D 9H KC KD KH", None, False),  # no pure sequence
])
def test_a_declaration(cards, wild, valid):
    assert POOL.check_declaration(cards, wild_rank=wild).valid is valid


@pytest.mark.parametrize(("cards", "wild"), [
    ("2H 3H 4H 5S 6S 7S JK", None),   # two pure sequences and a joker left over
    ("AH JH 10H QD JD 9H KD", "A"),   # the same with a card of the wild rank
])
def test_two_pure_sequences_and_a_joker_left_over(cards, wild):
    """A left-over joker joins one of two pure sequences, which becomes impure (was a TypeError: a 500 on
    the hand, its preview, the card line, the import and the meld checker)."""
    g = POOL.count(cards, wild_rank=wild)
    assert g.declared and g.points == 0 and not g.loose
    words = sorted(POOL.check_meld(m, wild_rank=wild).word for m in g.melds)
    assert words == ["impure sequence", "pure sequence"]


def _least_count(cards, wild):
    """The least count of ``cards`` by brute force: every way of cutting them into groups the meld
    checker accepts and cards left loose, keeping those with two sequences, one of them pure; every card
    counts when there is none (or when a declaration would count as much)."""
    def value(c):
        return 0 if c.is_joker or c.rank == wild else (10 if c.rank in (1, 11, 12, 13) else c.rank)

    words = {}

    def word(group):
        key = tuple(sorted(map(str, group)))
        if key not in words:
            check = POOL.check_meld(list(group), wild_rank=wild)
            naturals = [c for c in group if not c.is_joker and c.rank != wild]
            if check.valid and check.ambiguous and len({c.suit for c in naturals}) <= 1 and len(
                    {c.rank for c in naturals}) == len(naturals):
                words[key] = "impure sequence"  # one natural and jokers (A♠ JKR JKR) is A-2-3 as well as a set
            else:
                words[key] = check.word if check.valid else None
        return words[key]

    best = None

    def cut(left, loose, runs, pure):
        nonlocal best
        if not left:
            if runs >= 2 and pure and (best is None or loose < best):
                best = loose
            return
        first, rest = left[0], left[1:]
        cut(rest, loose + value(first), runs, pure)
        for size in range(2, len(rest) + 1):
            for others in combinations(range(len(rest)), size):
                group = (first,) + tuple(rest[i] for i in others)
                w = word(group)
                if w is None:
                    continue
                remaining = tuple(c for i, c in enumerate(rest) if i not in others)
                cut(remaining, loose, runs + (w != "set"), pure or w == "pure sequence")

    cut(tuple(cards), 0, 0, False)
    everything = sum(value(c) for c in cards)
    return everything if best is None else min(best, everything)


SMALL_HAND = st.lists(st.sampled_from(
    [Card(r, s) for r in range(1, 14) for s in "SH"] + [Card(r, "D") for r in (1, 2, 3, 12, 13)]
    + [Card.joker()] * 4), min_size=6, max_size=8)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL_HAND, st.one_of(st.none(), st.integers(1, 13)))
@example([Card.parse(c) for c in "2H 3H 4H 5S 6S 7S JK".split()], None)
@example([Card.parse(c) for c in "AH JH 10H QD JD 9H KD".split()], 1)
def test_a_small_hand_counts_what_a_brute_force_finds(cards, wild):
    """On hands of 6 to 8 cards (two packs' worth of copies, jokers, any wild rank): no exception, and
    the count is the least a brute force over every cut into groups finds."""
    cards = [c for c in cards if cards.count(c) <= 2]
    assert POOL.count(cards, wild_rank=wild).points == _least_count(cards, wild)
