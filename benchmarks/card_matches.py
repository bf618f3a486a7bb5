"""Match documents for the benchmarks: six players, hands entered by the cards each player held.

``knock_match(hands)`` is Rumino (a knock game: every hand shown is arranged for least deadwood);
``going_out_match(hands)`` is Ramino (a going-out game: the cards held are counted). Both are dealt
from a fixed seed, so every run measures the same documents, and stay in play for any number of hands
(Rumino's totals hover near zero: the gin player takes -10, the others a card or two of deadwood;
Ramino's target is set out of reach).
"""

from __future__ import annotations

import random
from collections import Counter

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _gin_seven(rng: random.Random, deadwood: bool) -> list[str]:
    """A 4-card run and a 3-card set; with ``deadwood``, the run's top card swapped for a low card."""
    suit = rng.choice(SUITS)
    start = rng.randrange(0, 10)
    run = [RANKS[start + i] + suit for i in range(4)]
    rank = rng.choice([r for r in RANKS[2:] if r + suit not in run])
    sets = [rank + s for s in rng.sample(SUITS, 3)]
    if deadwood:
        low = rng.choice(["A", "2"])
        run[-1] = low + rng.choice([s for s in SUITS if s != suit])
    return run + sets


def knock_match(hands: int, seed: int = 13) -> dict:
    rng = random.Random(seed)
    entries = []
    for h in range(hands):
        by = PLAYERS[h % len(PLAYERS)]
        while True:
            held = {p: _gin_seven(rng, deadwood=p != by) for p in PLAYERS}
            if max(Counter(c for cards in held.values() for c in cards).values()) <= 2:  # two packs
                break
        entries.append({"kind": "hand", "end": "gin", "by": by,
                        "held": {p: {"cards": " ".join(cards)} for p, cards in held.items()}})
    return {"format": "scorekeeper.match/1", "variant": "rumino", "rules": {}, "players": PLAYERS,
            "first_dealer": PLAYERS[0], "entries": entries}


def going_out_match(hands: int, seed: int = 13) -> dict:
    rng = random.Random(seed)
    pack = [r + s for r in RANKS for s in SUITS] * 2 + ["JK"] * 4
    entries = []
    for h in range(hands):
        by = PLAYERS[h % len(PLAYERS)]
        deck = pack[:]
        rng.shuffle(deck)
        held = {}
        for p in PLAYERS:
            if p != by:
                n = rng.randint(3, 9)
                held[p] = {"cards": " ".join(deck[:n])}
                del deck[:n]
        entries.append({"kind": "hand", "end": "out", "by": by, "held": held})
    return {"format": "scorekeeper.match/1", "variant": "ramino", "rules": {"target": 1_000_000},
            "players": PLAYERS, "first_dealer": PLAYERS[0], "entries": entries}
