"""Arrangements for the knock games without jokers (Gin, Oklahoma): every legal way to meld a hand.

``arrange.py`` answers with the single least-deadwood arrangement. Scoring a knock needs more: when the
knocker did not declare melds, RULES.md §10.4 asks for the legal arrangement that is best for the
*knocker once the defenders' lay-offs are counted*, which is not always the least-deadwood one. With one
52-card pack and no jokers every arrangement of 7–11 cards can simply be listed, so this module does that.

>>> from scorekeeper.engine.cards import parse_cards
>>> VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
>>> best = least_deadwood(parse_cards("KS QS AS"), VALUES)
>>> best.points
21
>>> lay = defender_deadwood(parse_cards("9D 9H 9S 5C 6C 7C 6H 10C KD 4S"),
...                         [parse_cards("3H 4H 5H"), parse_cards("8S 8D 8C"), parse_cards("JC QC KC")], VALUES)
>>> lay.points, [c.code for c in lay.laid_off]
(14, ['6H', '10C'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Iterable, Iterator, Sequence

from ..cards import Card


@dataclass
class Layout:
    """One way of showing a hand: melds, lay-offs and what is left (the deadwood) with its count."""

    melds: list[list[Card]]
    deadwood: list[Card]
    points: int
    laid_off: list[Card] = field(default_factory=list)


@dataclass(frozen=True)
class Shape:
    """What a meld may be in the game being scored (the knock games' part of ``MeldRules``)."""

    run_max: int | None = None
    set_max: int = 4
    distinct_suits: bool = True
    min_naturals: int = 1
    max_jokers: int | None = None

    @classmethod
    def of(cls, mrules: object) -> "Shape":
        return cls(run_max=getattr(mrules, "run_max", None), set_max=getattr(mrules, "set_max", 4) or 4,
                   distinct_suits=getattr(mrules, "set_distinct_suits", True),
                   min_naturals=getattr(mrules, "min_naturals_per_meld", 1),
                   max_jokers=getattr(mrules, "max_jokers_per_meld", None))


def candidate_melds(cards: Sequence[Card], shape: Shape = Shape()) -> list[tuple[tuple[int, ...], int]]:
    """Every set and run (ace low, no wrap) that ``cards`` can make: (natural indices, jokers needed)."""
    naturals = [i for i, c in enumerate(cards) if not c.is_joker]
    n_jokers = len(cards) - len(naturals)
    max_j = n_jokers if shape.max_jokers is None else min(n_jokers, shape.max_jokers)
    found: set[tuple[tuple[int, ...], int]] = set()
    by_rank: dict[int, list[int]] = {}
    by_suit_rank: dict[tuple[str, int], list[int]] = {}
    for i in naturals:
        c = cards[i]
        by_rank.setdefault(c.rank, []).append(i)
        by_suit_rank.setdefault((c.suit, c.rank), []).append(i)
    for idx in by_rank.values():
        for size in range(3, shape.set_max + 1):
            for jokers in range(0, max_j + 1):
                k = size - jokers
                if k < max(1, shape.min_naturals) or k > len(idx):
                    continue
                if shape.distinct_suits and size > 4:
                    continue
                for combo in combinations(idx, k):
                    if shape.distinct_suits and len({cards[i].suit for i in combo}) != k:
                        continue
                    found.add((combo, jokers))
    longest = 13 if shape.run_max is None else shape.run_max
    for suit in ("S", "H", "D", "C"):
        for low in range(1, 12):
            for high in range(low + 2, min(13, low + longest - 1) + 1):
                window = range(low, high + 1)
                present = [r for r in window if (suit, r) in by_suit_rank]
                if len(window) - len(present) > max_j:
                    continue
                # any present card may still be left out for a joker, so every choice is listed
                for keep_n in range(len(present), -1, -1):
                    jokers = len(window) - keep_n
                    if jokers > max_j or keep_n < max(1, shape.min_naturals):
                        continue
                    for keep in combinations(present, keep_n):
                        for copies in product(*(by_suit_rank[(suit, r)] for r in keep)):
                            found.add((tuple(copies), jokers))
    return sorted(found)


def layouts(cards: Sequence[Card], values: Sequence[int], shape: Shape = Shape()) -> Iterator[Layout]:
    """Every arrangement of ``cards`` into disjoint melds (none, some or all), with its deadwood."""
    cands = candidate_melds(cards, shape)
    joker_idx = [i for i, c in enumerate(cards) if c.is_joker]

    def walk(start: int, used: frozenset[int], jokers: int, chosen: list) -> Iterator[list]:
        yield chosen
        for k in range(start, len(cands)):
            nat, j = cands[k]
            if used.isdisjoint(nat) and jokers + j <= len(joker_idx):
                yield from walk(k + 1, used | set(nat), jokers + j, chosen + [cands[k]])

    for chosen in walk(0, frozenset(), 0, []):
        used = {i for nat, _ in chosen for i in nat}
        free_jokers = list(joker_idx)
        melds = []
        for nat, j in chosen:
            melds.append([cards[i] for i in nat] + [cards[free_jokers.pop()] for _ in range(j)])
        dead = [c for i, c in enumerate(cards) if i not in used and not c.is_joker]
        dead += [cards[i] for i in free_jokers]
        yield Layout(melds, dead, sum(values[c.rank] for c in dead))


def least_deadwood(cards: Sequence[Card], values: Sequence[int], shape: Shape = Shape()) -> Layout:
    return min(layouts(cards, values, shape), key=lambda lay: lay.points)


def _span(meld: Sequence[Card]) -> tuple[int, int, str] | None:
    """(low, high, suit) of a run, or None for a set. Undeclared jokers extend a run upwards."""
    nat = [c.natural for c in meld if not c.is_joker or c.stands_for is not None]
    if len({c.rank for c in nat}) <= 1 and len(nat) > 1 or not nat:
        return None
    low = min(c.rank for c in nat)
    high = low + len(meld) - 1
    if high > 13:
        low, high = 14 - len(meld), 13
    return low, high, nat[0].suit


def _lay_off(deadwood: list[Card], knocker_melds: Iterable[Sequence[Card]], shape: Shape = Shape()) -> list[Card]:
    """The deadwood cards that can go on the knocker's melds: runs extended again and again at either end
    (stopping at the low ace and the king, and at the longest run allowed), a set given cards up to its
    largest size. Jokers go wherever there is room once the natural cards are placed."""
    left = list(deadwood)
    laid: list[Card] = []
    runs: list[list] = []
    sets: list[list] = []
    for meld in knocker_melds:
        span = _span(meld)
        if span is None:
            rank = next((c.natural.rank for c in meld if not c.is_joker or c.stands_for), 0)
            sets.append([rank, {c.natural.suit for c in meld if not c.is_joker}, len(meld)])
        else:
            runs.append(list(span))
    longest = 13 if shape.run_max is None else shape.run_max
    changed = True
    while changed:
        changed = False
        for card in [c for c in left if not c.is_joker]:
            placed = False
            for run in runs:
                low, high, suit = run
                if card.suit == suit and high - low + 1 < longest and card.rank in (low - 1, high + 1):
                    run[0], run[1] = min(low, card.rank), max(high, card.rank)
                    placed = True
                    break
            if not placed:
                for st in sets:
                    if card.rank == st[0] and st[2] < shape.set_max and not (
                            shape.distinct_suits and card.suit in st[1]):
                        st[1].add(card.suit)
                        st[2] += 1
                        placed = True
                        break
            if placed:
                left.remove(card)
                laid.append(card)
                changed = True
    for card in [c for c in left if c.is_joker]:
        room = next((r for r in runs if r[1] - r[0] + 1 < longest and (r[0] > 1 or r[1] < 13)), None)
        if room is not None:
            if room[1] < 13:
                room[1] += 1
            else:
                room[0] -= 1
        else:
            st = next((st for st in sets if st[2] < shape.set_max), None)
            if st is None:
                continue
            st[2] += 1
        left.remove(card)
        laid.append(card)
    return laid


def defender_deadwood(cards: Sequence[Card], knocker_melds: Sequence[Sequence[Card]],
                      values: Sequence[int], shape: Shape = Shape()) -> Layout:
    """The defender's least deadwood after their own melds and lay-offs on the knocker's melds."""
    best: Layout | None = None
    for lay in layouts(cards, values, shape):
        laid = _lay_off(lay.deadwood, knocker_melds, shape) if knocker_melds else []
        dead = [c for c in lay.deadwood if c not in laid]
        points = sum(values[c.rank] for c in dead)
        if best is None or points < best.points:
            best = Layout(lay.melds, dead, points, laid)
    assert best is not None
    return best
