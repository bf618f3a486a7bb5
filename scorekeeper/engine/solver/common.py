"""What every part of the solver shares: the answer types, the rule fields as the searches read them,
the interned cards, and the one bounded cache that holds every table the searches build.

Tables depend on the rules alone (never on a hand), so each is built once per rule configuration and
kept in ``_cache``, a least-recently-used cache of ``limits.SOLVER_TABLES`` entries: house rules are a
visitor's choice, and a worker's memory must not grow with every combination chosen.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

from ..cards import SUITS, Card
from ..limits import SOLVER_TABLES
from ..melds import MeldRules


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One way of laying out a hand: its melds, its deadwood and the deadwood's points.

    ``laid_off`` holds the cards a defender laid off on the knocker's melds (only ``layoff`` fills it);
    they are neither in ``melds`` nor in ``deadwood``.
    """

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int
    laid_off: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DeclaredCheck:
    """The verdict on a declared arrangement: ``reason`` is empty when ``valid``."""

    valid: bool
    reason: str
    points: int


# -- shared helpers --------------------------------------------------------------------------------------

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: one interned natural card per (suit index, rank); equal to any natural card the caller passes in
_CARD = [[None] + [Card(r, s) for r in range(1, 14)] for s in SUITS]
_INF = float("inf")
# Each natural card is a 3-bit counter in one integer (index suit*13 + rank-1), enough for seven decks.
_FIELD = 3
_FIELD_MASK = 7


class _Params:
    """The rule fields the solvers read, normalised once per call (None limits become numbers)."""

    __slots__ = (
        "set_min", "set_max", "distinct", "run_min", "run_max", "low", "high", "both", "minpos",
        "maxpos", "max_jokers", "min_naturals",
    )

    def __init__(self, rules: MeldRules) -> None:
        self.distinct = rules.set_distinct_suits
        self.min_naturals = rules.min_naturals_per_meld
        self.set_min = rules.set_min
        # distinct suits cap a set at four, jokers included (a joker plays as a missing suit)
        cap = 4 if self.distinct else 10**6
        self.set_max = min(cap, rules.set_max if rules.set_max is not None else cap)
        self.run_min = rules.run_min
        self.low = rules.ace_run in ("low_only", "either_end")
        self.high = rules.ace_run in ("high_only", "either_end")
        self.both = rules.ace_run == "either_end" and rules.allow_ace_both_ends
        # positions 1..14 along a suit: 1 is the low ace, 14 the high ace
        self.minpos = 1 if self.low else 2
        self.maxpos = 14 if self.high else 13
        longest = 14 if self.both else 13
        self.run_max = min(longest, rules.run_max if rules.run_max is not None else longest)
        self.max_jokers = rules.max_jokers_per_meld if rules.max_jokers_per_meld is not None else 10**6

    def window_ok(self, lo: int, hi: int) -> bool:
        if lo < self.minpos or hi > self.maxpos:
            return False
        n = hi - lo + 1
        if n < self.run_min or n > self.run_max:
            return False
        # a run may hold both aces only as A-2-...-K-A, and only when the variant allows it
        return not (lo == 1 and hi == 14) or self.both


_T = TypeVar("_T")


class _TableCache:
    """The solver's tables, for every rule configuration, in one least-recently-used cache of at most
    ``bound`` entries (``limits.SOLVER_TABLES``).

    A table depends on the rules alone, and house rules are a visitor's choice: kept forever, every new
    combination would add megabytes to the worker for good. Bounded, a worker's memory stays flat
    whatever rules are chosen; a table pushed out is simply built again when its rules come back (its
    answers are the same, only that first hand waits for it). Keys are tuples whose first item names the
    kind of table ("fast", "suits", "ranks"), so the kinds share one bound.
    """

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self._entries: OrderedDict[tuple, object] = OrderedDict()
        # a worker may serve requests on threads: the order and the bound are updated under a lock, a
        # table is built outside it (two threads may both build one; the answers are equal)
        self._lock = threading.Lock()

    def get(self, key: tuple, build: Callable[[], _T]) -> _T:
        entries = self._entries
        with self._lock:
            hit = entries.get(key)
            if hit is not None:
                entries.move_to_end(key)
                return hit  # type: ignore[return-value]
        value = build()
        with self._lock:
            entries[key] = value
            entries.move_to_end(key)
            while len(entries) > self.bound:
                _, old = entries.popitem(last=False)
                if _last[2] is old:
                    # the fast path's remembered table would keep an evicted table alive: forget it
                    _last[:] = [None, None, None]
                if old is _last_general[3] or old is _last_general[4]:
                    _last_general[:] = [None] * 6
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def keys(self) -> list[tuple]:
        with self._lock:
            return list(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            _last[:] = [None, None, None]
            _last_general[:] = [None] * 6


#: every table of the solver, of every kind (see _TableCache)
_cache = _TableCache(SOLVER_TABLES)
#: (rules, values, fast tables) of the previous call, compared by identity: a call with the same rules
#: as the last one skips the cache's key and lock (the common case: a replay asks one match's rules)
_last: list = [None, None, None]
#: the same for the general search: (rules, values, discard mode, rank tables, suit table or None when not
#: yet asked for, the rules' fields as the search reads them)
_last_general: list = [None] * 6


def _check_values(values: Sequence[int]) -> tuple[int, ...]:
    values = tuple(values)
    if len(values) != 14:
        raise ValueError(f"values needs 14 entries (joker, then ranks 1-13), got {len(values)}")
    return values


def _rank_at(pos: int) -> int:
    return 1 if pos == 14 else pos
