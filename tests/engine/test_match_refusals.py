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
