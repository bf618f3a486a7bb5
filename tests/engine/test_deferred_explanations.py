"""Explanations said when read: a replay's deferred words are exactly the words an eager scoring gives,
survive a copy, travel in ``to_dict`` as plain text, and are said once."""

from __future__ import annotations

import json

from scorekeeper.engine.cards import parse_cards
from scorekeeper.engine.hands import Deferred, Explanations, Hand, Held
from scorekeeper.engine.match import MatchReplay, _Replay

PLAYERS = ["Ann", "Ben", "Cat"]


def ramino_match(rules: dict) -> dict:
    return {"format": "scorekeeper.match/1", "variant": "ramino", "rules": rules, "players": PLAYERS,
            "first_dealer": "Ann", "entries": [
                {"kind": "hand", "end": "out", "by": "Ann",
                 "held": {"Ben": {"cards": "7H KD JK"}, "Cat": {"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"}}},
                {"kind": "hand", "end": "out_in_one_turn", "by": "Ben",
                 "held": {"Ann": {"points": 23}, "Cat": {"cards": "9C"}}},
            ]}


def test_every_deferred_ramino_penalty_reads_as_the_eager_one():
    for rules in ({}, {"round_before_double": True}, {"unopened_flat_penalty": 100}, {"rounding_mode": "none"}):
        document = ramino_match(rules)
        run = _Replay(document)
        run.play_all()
        variant = run.variant
        for result in run.standings().hands:
            hand = Hand(index=result.index, end=result.end, by=result.by, dealer=None, players_in=PLAYERS, held={})
            entry = document["entries"][result.index]
            for name, value in entry["held"].items():
                held = (Held(name, cards=parse_cards(value["cards"])) if "cards" in value
                        else Held(name, points=value["points"]))
                points, words, _raw = variant.penalty(hand, held, result.end == "out_in_one_turn")
                assert result.scores[name] == points
                assert result.explanations[name] == words, (rules, name)


def test_rumino_defenders_deferred_and_to_dict_is_plain_text():
    document = {"format": "scorekeeper.match/1", "variant": "rumino", "rules": {}, "players": PLAYERS,
                "first_dealer": "Ann", "entries": [
                    {"kind": "hand", "end": "gin", "by": "Ann",
                     "held": {"Ann": {"cards": "2H 3H 4H 5H 9S 9C 9D"}, "Ben": {"cards": "2C 3C 4C 5C KS KH 7D"},
                              "Cat": {"cards": "AS AH AD 6C 7C 8C QD"}}}]}
    standings = MatchReplay(document).standings()
    said = standings.hands[0].explanations
    assert isinstance(said, Explanations)
    assert said["Ben"] == "deadwood K♠ K♥ 7♦ = 10 + 10 + 7 = 27"
    assert said["Cat"] == "deadwood Q♦ = 10"
    plain = json.loads(json.dumps(standings.to_dict()))
    assert plain["hands"][0]["explanations"]["Cat"] == "deadwood Q♦ = 10"


def test_a_deferred_sentence_is_said_once_and_shared_by_copies():
    calls = []

    def say() -> str:
        calls.append(1)
        return "7 + 10 = 17"

    first = Explanations({"Ann": "went out: 0", "Ben": Deferred(say)})
    second = Explanations(first)
    assert calls == []
    assert first["Ben"] == second["Ben"] == "7 + 10 = 17"
    assert calls == [1]
    assert dict(second) == {"Ann": "went out: 0", "Ben": "7 + 10 = 17"}
    assert second == {"Ann": "went out: 0", "Ben": "7 + 10 = 17"} and len(second) == 2 and "Ben" in second
