"""Properties of replay that hold for every match: totals are derived from the hands, a prefix replays to
the standings shown after that entry, and editing a hand changes nothing before it. Hands give each loser
cards (dealt from the variant's deck, so copies always fit) or typed points."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.match import replay

VARIANTS = ["free", "rumino", "ramino", "kalooki", "russian", "rummy", "gin", "oklahoma"]
NAMES = ["Ann", "Ben", "Cat", "Dan"]
PACK = [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def _deck(variant: str, n_players: int) -> list[str]:
    """The cards in play (docs/rules/common.md#card-counts): packs and jokers."""
    packs, jokers = {"rumino": (2, 4), "ramino": (2, 4), "kalooki": (2, 2), "rummy": (1, 0), "gin": (1, 0),
                     "oklahoma": (1, 0)}.get(variant, (-(-n_players // 2), 2 * -(-n_players // 2)))
    return PACK * packs + ["JK"] * jokers


def _count(draw, variant: str, n_players: int) -> int:
    """How many cards a loser may be caught holding."""
    if variant in ("ramino", "kalooki"):
        return draw(st.sampled_from([13, 1, 4, 10]))
    if variant == "russian":
        return draw(st.integers(1, 13))
    if variant == "rummy":
        return draw(st.integers(1, 10 if n_players == 2 else 7))
    return {"rumino": 7, "gin": 10, "oklahoma": 10}[variant]


def _hand(draw, variant, ctx, n_players):
    players = ctx["players_in"]
    if variant == "free":
        return {"kind": "hand", "end": "scores",
                "held": {p: {"points": draw(st.integers(-30, 60))} for p in players}}
    end = draw(st.sampled_from(ctx["ends"]))
    by = draw(st.sampled_from(players))
    hand = {"kind": "hand", "end": end, "by": by, "held": {}}
    if variant == "rumino" and end == "rumino":
        hand["end"] = end = "knock"
    top = {"rumino": 70, "ramino": 120, "kalooki": 120, "russian": 120, "rummy": 40, "gin": 60, "oklahoma": 60}[variant]
    # a Gin knock with a defender's cards needs the knocker's melds: those defenders type points
    cards_ok = not (variant in ("gin", "oklahoma") and end == "knock")
    deck = draw(st.permutations(_deck(variant, n_players))) if cards_ok else []
    for p in players:
        if p == by:
            continue
        if cards_ok and draw(st.booleans()):
            n = _count(draw, variant, n_players)
            hand["held"][p] = {"cards": " ".join(deck[:n])}
            deck = deck[n:]
            continue
        pts = draw(st.integers(0, top))
        if variant == "russian":
            pts -= pts % 5
        hand["held"][p] = {"points": pts}
    if hand["end"] == "knock":
        limit = 7 if variant == "rumino" else 10
        if variant == "oklahoma":
            up = draw(st.sampled_from(["2C", "5S", "9H", "KD", "AS", "10S"]))
            hand["upcard"] = up
            limit = {"2C": 2, "5S": 5, "9H": 9, "KD": 10, "AS": 1, "10S": 10}[up]
        hand["held"][by] = {"points": draw(st.integers(0, limit))}
    elif variant == "oklahoma":
        hand["upcard"] = draw(st.sampled_from(["2C", "5S", "9H", "KD"]))
    return hand


@st.composite
def matches(draw):
    from scorekeeper.engine.match import next_entry_context
    variant = draw(st.sampled_from(VARIANTS))
    n = 2 if variant in ("gin", "oklahoma") else draw(st.integers(2, 4))
    doc = {"format": "scorekeeper.match/1", "variant": variant, "players": NAMES[:n], "stake": "2.00", "entries": []}
    if variant == "free":
        doc["rules"] = draw(st.sampled_from([{}, {"elimination_at": 100}, {"target": 150}]))
    for _ in range(draw(st.integers(1, 12))):
        ctx = next_entry_context(doc)
        if ctx["finished"]:
            break
        if ctx["open_rebuys"] and draw(st.booleans()):
            doc["entries"].append({"kind": "rebuy", "player": ctx["open_rebuys"][0]["player"]})
            continue
        if draw(st.integers(0, 9)) == 0:
            doc["entries"].append({"kind": "void"})
            continue
        doc["entries"].append(_hand(draw, variant, ctx, n))
    return doc


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(matches())
def test_totals_are_the_sum_of_the_hands(doc):
    standings = replay(doc)
    adjustments_at_end = doc["variant"] in ("gin", "oklahoma") and standings.finished
    for p in standings.players:
        summed = sum(h.scores.get(p.name, 0) for h in standings.hands)
        if not adjustments_at_end:
            assert p.total == summed, (p.name, p.total, summed)
        else:
            assert p.total >= summed
        last = standings.hands[-1].totals[p.name] if standings.hands else 0
        if not adjustments_at_end:
            assert last == p.total


@SETTINGS
@given(matches())
def test_a_prefix_replays_to_the_standings_shown_after_that_entry(doc):
    full = replay(doc)
    for k in range(1, len(doc["entries"])):
        part = replay({**doc, "entries": doc["entries"][:k]})
        assert {p.name: p.total for p in part.players} == full.hands[k - 1].totals
        assert [h.to_dict() for h in part.hands] == [h.to_dict() for h in full.hands[:k]]


@SETTINGS
@given(matches(), st.data())
def test_editing_a_hand_changes_nothing_before_it(doc, data):
    hands = [i for i, e in enumerate(doc["entries"]) if e["kind"] == "hand" and e["end"] != "scores" or
             e["kind"] == "hand" and doc["variant"] == "free"]
    if not hands:
        return
    j = data.draw(st.sampled_from(hands))
    before = replay({**doc, "entries": doc["entries"][:j]})
    edited = copy.deepcopy(doc)
    edited["entries"] = edited["entries"][: j + 1]
    held = edited["entries"][j]["held"]
    name = next(n for n in held if n != edited["entries"][j].get("by"))
    held[name] = {"points": 0}
    after = replay(edited)
    assert [h.to_dict() for h in after.hands[:j]] == [h.to_dict() for h in before.hands]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.sampled_from(["lowest", "highest"]),
       st.lists(st.lists(st.integers(-50, 50), min_size=4, max_size=4), min_size=1, max_size=8),
       st.one_of(st.none(), st.integers(1, 8)))
def test_free_scoring_finished_or_played_to_its_rounds_names_the_best_totals(n, winner, hands, rounds):
    """A finish (docs/rules/free.md#finishing) or the last of ``rounds`` hands ends the match, and the
    winners are exactly the players with the best total by ``winner``."""
    names = NAMES[:n]
    rules = {"winner": winner} if rounds is None else {"winner": winner, "rounds": rounds}
    played = hands if rounds is None else hands[:rounds]
    entries = [{"kind": "hand", "end": "scores", "held": {p: {"points": pts[i]} for i, p in enumerate(names)}}
               for pts in played]
    if rounds is None or len(played) < rounds:
        entries.append({"kind": "finish"})
    standings = replay({"variant": "free", "players": names, "rules": rules, "entries": entries})
    totals = {p.name: p.total for p in standings.players}
    best = (max if winner == "highest" else min)(totals.values())
    assert standings.finished
    assert sorted(standings.winners) == sorted(p for p, t in totals.items() if t == best)
    assert all(p.place == 1 for p in standings.players if p.name in standings.winners)
