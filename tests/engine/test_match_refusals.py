"""Documents that must be refused whole, with a message a player understands and the field to show it by."""

from __future__ import annotations

import pytest

from scorekeeper.engine.match import InvalidMatchError, preview_hand, replay


def doc(variant="free", players=("Ann", "Ben", "Cat"), entries=(), rules=None, **extra):
    d = {"format": "scorekeeper.match/1", "variant": variant, "players": list(players), "entries": list(entries)}
    if rules:
        d["rules"] = rules
    d.update(extra)
    return d


def free_hand(**points):
    return {"kind": "hand", "end": "scores", "held": {p: {"points": v} for p, v in points.items()}}


REFUSED = [
    (doc(variant="canasta"), "unknown variant", "variant", None),
    (doc(players=["Ann", "ann"]), "named twice", "players", None),
    (doc(players=[]), "players must be", "players", None),
    (doc(rules={"colour": "red"}), "colour", "rules", None),
    (doc(rules={"winner": "highest", "elimination_at": 50}), "elimination_at", "rules", None),
    (doc(stake="-1"), "negative", "stake", None),
    (doc(stake="1.005"), "whole cents", "stake", None),
    (doc(stake="lots"), "amount", "stake", None),
    (doc(format="other/1"), "unknown format", "format", None),
    (doc(first_dealer="Zed"), "first dealer", "players", None),
    (doc(entries=[free_hand(Ann=1, Ben=2)]), "Cat is missing", "points", 0),
    (doc(entries=[free_hand(Ann=1, Ben=2, Cat=3, Dan=4)]), "'Dan' is not a player", "player", 0),
    (doc(entries=[free_hand(Ann=1.5, Ben=2, Cat=3)]), "whole number", "points", 0),
    (doc(entries=[free_hand(Ann="x", Ben=2, Cat=3)]), "whole number", "points", 0),
    (doc(entries=[{"kind": "hand", "end": "scores", "held": {"Ann": {"cards": "AS"}, "Ben": {"points": 1},
                                                            "Cat": {"points": 1}}}]), "not cards", "cards", 0),
    (doc(entries=[{"kind": "hand", "end": "scores", "held": {"Ann": {"cards": "AS", "points": 1},
                                                            "Ben": {"points": 1}, "Cat": {"points": 1}}}]),
     "not both", "points", 0),
    (doc(entries=[{"kind": "hand", "end": "out", "held": {}}]), "not 'out'", "end", 0),
    (doc(entries=[{"kind": "hand", "end": "scores", "by": "Ann",
                   "held": {"Ann": {"points": 1}, "Ben": {"points": 1}, "Cat": {"points": 1}}}]), "no 'by'", "by", 0),
    (doc(entries=[{"kind": "rebuy", "player": "Ann"}]), "no rebuys", "player", 0),
    (doc(entries=[{"kind": "deal"}]), "unknown entry kind", "kind", 0),
    (doc(rules={"elimination_at": 10}, entries=[free_hand(Ann=10, Ben=1, Cat=1), free_hand(Ann=1, Ben=1, Cat=1)]),
     "Ann is out and cannot be in this hand", "player", 1),
    (doc(rules={"target": 10}, entries=[free_hand(Ann=10, Ben=1, Cat=1), {"kind": "void"}]),
     "already ended", "kind", 1),
]


@pytest.mark.parametrize(("document", "message", "field", "entry"), REFUSED)
def test_refused(document, message, field, entry):
    with pytest.raises(InvalidMatchError) as info:
        replay(document)
    assert message in str(info.value)
    assert info.value.field == field
    assert info.value.entry == entry


def test_preview_refuses_with_the_new_entry_index():
    with pytest.raises(InvalidMatchError) as info:
        preview_hand(doc(entries=[free_hand(Ann=1, Ben=2, Cat=3)]), free_hand(Ann=1, Ben=2))
    assert info.value.entry == 1 and info.value.player == "Cat"


def test_preview_gives_the_new_hand():
    result = preview_hand(doc(entries=[free_hand(Ann=1, Ben=2, Cat=3)]), free_hand(Ann=1, Ben=2, Cat=-3))
    assert result.index == 1 and result.totals == {"Ann": 2, "Ben": 4, "Cat": 0}


def hand(end, by, held, **extra):
    entry = {"kind": "hand", "end": end, "by": by,
             "held": {p: ({"cards": v} if isinstance(v, str) else {"points": v}) for p, v in held.items()}}
    entry.update(extra)
    return entry


CARD_GAMES = [
    (doc("rumino", ["A", "B"], [hand("knock", "A", {"B": 3})]), "A is missing", "points", 0),
    (doc("rumino", ["A", "B"], [hand("knock", "A", {"A": 8, "B": 3})]), "cannot knock with 8: the limit is 7",
     "points", 0),
    (doc("rumino", ["A", "B"], [hand("knock", "Zed", {"A": 1, "B": 3})]), "not a player", "by", 0),
    (doc("rumino", ["A", "B"], [hand("knock", None, {"A": 1, "B": 3})]), "who ended", "by", 0),
    (doc("rumino", ["A", "B"], [hand("knock", "A", {"A": 1, "B": -3})]), "negative", "points", 0),
    (doc("rumino", ["A", "B"], [hand("knock", "A", {"A": 1, "B": "JK JK JK JK JK 2S 3S"})]),
     "five jokers", "cards", 0),
    (doc("rumino", list("ABCDEFG")), "2–6 players", "players", None),
    (doc("rumino", ["A", "B"], rules={"max_run_length": 2}), "max_run_length", "rules", None),
    (doc("gin", ["A", "B"], [hand("knock", "A", {"A": 3, "B": 5}, upcard="4C")]), "no upcard", "upcard", 0),
    (doc("gin", ["A", "B"], [hand("gin", "A", {"B": "AS 2S 3S 4S 5S 6S 7S 8S 9S JK"})]), "without jokers",
     "cards", 0),
    (doc("gin", ["A", "B"], rules={"target": 50}), "target", "rules", None),
    (doc("oklahoma", ["A", "B"], rules={"knock_limit": 5}), "knock_limit", "rules", None),
    (doc("oklahoma", ["A", "B"], [hand("knock", "A", {"A": 3, "B": 5}, upcard="JK")]), "joker", "upcard", 0),
    (doc("oklahoma", ["A", "B"], [hand("knock", "A", {"A": 3, "B": 5}, upcard="1Z")]), "upcard", "upcard", 0),
    (doc("russian", ["P", "Q"], [hand("out", "P", {"Q": 12})]), "multiple of 5", "points", 0),
    (doc("russian", ["P", "Q"], [hand("out", "P", {"Q": 10})] * 5 + [{"kind": "void"}]), "already ended", "kind", 5),
    (doc("ramino", ["W", "X"], [hand("out", "W", {"X": 326})]), "at most 325", "points", 0),
    (doc("ramino", ["W", "X"], [hand("out", "W", {"X": ""})]), "holds no cards", "cards", 0),
    (doc("ramino", ["W", "X"], [hand("out", "W", {"X": 10}, melds=[["9S", "9S", "9H"]])]), "9♠", "melds", 0),
    (doc("kalooki", ["P1", "P2"], [hand("hunt", "P1", {"P1": 4, "P2": 10})]), "must be 0", "points", 0),
    (doc("kalooki", ["P1", "P2", "P3"], [hand("out", "P1", {"P2": 151, "P3": 0}), {"kind": "rebuy", "player": "P3"}]),
     "P3 cannot rebuy", "player", 1),
    (doc("rummy", ["A", "B"], rules={"max_rebuys": 2}), "max_rebuys", "rules", None),
    (doc("rummy", ["A", "B"], [hand("out", "A", {"B": 101})]), "at most 100", "points", 0),
]


@pytest.mark.parametrize(("document", "message", "field", "entry"), CARD_GAMES)
def test_card_games_refused(document, message, field, entry):
    with pytest.raises(InvalidMatchError) as info:
        replay(document)
    assert message in str(info.value)
    assert info.value.field == field
    assert info.value.entry == entry
