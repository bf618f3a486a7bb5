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
    (doc(variant="bridge"), "unknown variant", "variant", None),
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
     "not cards", "points", 0),
    (doc(entries=[{"kind": "hand", "end": "out", "held": {}}]), "not 'out'", "end", 0),
    (doc(entries=[{"kind": "hand", "held": {"Ann": {"points": 1}, "Ben": {"points": 1}, "Cat": {"points": 1}}}]),
     "say how the hand ended", "end", 0),
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


# docs/rules/common.md#the-winners-cards: a winner who is included must be fully melded; the refusal
# names the player and the cards left over, beside that player's cards.
DEAL_5 = [hand("out", "P", {"Q": 10, "R": 10})] * 4
WINNER_NOT_MELDED = [
    (doc("ramino", ["Ann", "Ben"], [hand("out", "Ann", {"Ann": "7D 9C 3H 4H 5H", "Ben": "KS"})]),
     "Ann went out but 7♦ 9♣ are not in a meld", "Ann"),
    (doc("ramino", ["Ann", "Ben"], [hand("out", "Ann", {"Ann": "3H 4H 5H 9C", "Ben": "KS"},
                                         melds=[["3H", "4H", "5H"]])]),
     "Ann went out but 9♣ is not in a meld", "Ann"),
    (doc("kalooki", ["P1", "P2"], [hand("out", "P1", {"P1": "3H 4H 5H 9D", "P2": "KS"})]),
     "P1 went out but 9♦ is not in a meld", "P1"),
    (doc("rummy", ["A", "B"], [hand("out_in_one_turn", "A", {"A": "AS 2S 3S KD", "B": "KS"})]),
     "A went out but K♦ is not in a meld", "A"),
    (doc("russian", ["P", "Q", "R"], [hand("out", "P", {"P": "9S 9H 9D 4C", "Q": 10, "R": 10})]),
     "P went out but 4♣ is not in a meld", "P"),
    (doc("russian", ["P", "Q", "R"], DEAL_5 + [hand("out", "P", {"P": "5S 5H 5D 7C 7H 7D 9S 9H 9D KC KH KD",
                                                               "Q": 10, "R": 10})]),
     "do not make exactly 1 book + 2 straights", "P"),
    (doc("gin", ["A", "B"], [hand("gin", "A", {"A": "AS 2S 3S 4S 5S 6S 7S 8S KD QC",
                                               "B": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"})]),
     "A went gin but K♦ Q♣ are not in a meld", "A"),
    (doc("oklahoma", ["A", "B"], [hand("big_gin", "A", {"A": "AS 2S 3S 4S 5S 6S 7S 8S 9S KD QC",
                                                        "B": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"}, upcard="5D")]),
     "A went big gin but K♦ Q♣ are not in a meld", "A"),
    (doc("rumino", ["A", "B"], [hand("gin", "A", {"A": "AS 2S 3S 4S 9D 9C 8H", "B": "AH 2H 3H 4H 5H 6H 7H"})]),
     "A went gin but 9♦ 9♣ 8♥ are not in a meld", "A"),
]


@pytest.mark.parametrize(("document", "message", "player"), WINNER_NOT_MELDED)
def test_winner_not_fully_melded_is_refused_beside_their_cards(document, message, player):
    with pytest.raises(InvalidMatchError) as info:
        replay(document)
    assert message in str(info.value)
    assert info.value.field == "cards"
    assert info.value.player == player


WINNER_MELDED = [
    doc("ramino", ["Ann", "Ben"], [hand("out", "Ann", {"Ann": "3H 4H 5H 9C 9D 9S", "Ben": "KS"})]),
    doc("kalooki", ["P1", "P2"], [hand("out", "P1", {"P1": "3H 4H 5H JK", "P2": "KS"})]),
    doc("rummy", ["A", "B"], [hand("out", "A", {"A": "AS 2S 3S", "B": "KS"})]),
    doc("russian", ["P", "Q", "R"], DEAL_5 + [hand("out", "P", {"P": "5S 5H 5D 3C 4C 5C 6C 8H 9H 10H JH",
                                                              "Q": 10, "R": 10})]),
    doc("gin", ["A", "B"], [hand("gin", "A", {"A": "AS 2S 3S 4S 5S 6S 7S KD KC KH",
                                              "B": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"})]),
    doc("rumino", ["A", "B"], [hand("gin", "A", {"A": "AS 2S 3S 4S 9D 9C 9H", "B": "AH 2H 3H 4H 5H 6H 7H"})]),
]


@pytest.mark.parametrize("document", WINNER_MELDED)
def test_winner_fully_melded_is_accepted(document):
    last = replay(document).hands[-1]
    assert last.kind == "hand" and last.by == document["entries"][-1]["by"]


def test_rumino_layoff_with_typed_others_keeps_least_deadwood():
    # the arrangement cannot change typed points after lay-offs: nothing is chosen or shown
    s = replay(doc("rumino", ["Ann", "Ben"], [hand("knock", "Ann", {"Ann": "3C 4C 5C 6C 6D 6H 6S", "Ben": 30})],
                   rules={"allow_layoff": True}))
    assert s.hands[0].scores == {"Ann": 0, "Ben": 30} and not s.notes


def test_rumino_layoff_undercut_penalty_counts_in_the_knockers_result():
    # every legal arrangement is scored with Ben's lay-offs; the one chosen is never worse for Ann than the
    # least-deadwood one declared
    cards = "AH AS AD AC 2C 3C 2D"
    ben = "4C KS KD KH 9S 10S JS"
    rules = {"allow_layoff": True, "knock_undercut_penalty": 10}
    chosen = replay(doc("rumino", ["Ann", "Ben"], [hand("knock", "Ann", {"Ann": cards, "Ben": ben})], rules=rules))
    declared = replay(doc("rumino", ["Ann", "Ben"], [hand("knock", "Ann", {"Ann": cards, "Ben": ben},
                                                            melds=[["AH", "AS", "AD"], ["AC", "2C", "3C"]])],
                          rules=rules))
    assert chosen.hands[0].scores["Ann"] <= declared.hands[0].scores["Ann"]
    assert any("Ann's melds taken as" in n for n in chosen.notes)


def test_kalooki_race_places_by_win_points():
    s = replay(doc("kalooki", ["P1", "P2", "P3"], [hand("out", "P1", {"P2": 30, "P3": 5}),
                                                   hand("out", "P2", {"P1": 10, "P3": 5}),
                                                   hand("hunt", "P2", {"P1": 10, "P3": 5})],
                   rules={"match_mode": "win_points_race"}))
    assert s.leader == ["P2"]
    assert {p.name: p.place for p in s.players} == {"P2": 1, "P1": 2, "P3": 3}
