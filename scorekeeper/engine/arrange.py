"""The least-deadwood solver: arranging a hand into melds, choosing a discard, laying off, checking a
declared arrangement.

This module owns the *search* for the best arrangement of a knock-game hand: the smallest possible
deadwood, found exactly (docs/rules/gin.md#what-is-counted). What a legal meld is comes from a variant's
``MeldRules``; what a card is worth comes from a 14-value tuple ``values`` (``values[0]`` is the joker,
``values[r]`` rank ``r``). Every answer is exact, never greedy, and deterministic for a given multiset of cards: the order in
which the cards are given never changes the result.

Two solvers sit behind one API:

* a **fast path** for hands with no jokers and no duplicate cards (Gin, Oklahoma, most single-deck
  hands). Runs live inside one suit, so the best run cover of every 13-bit suit mask is precomputed once
  per rule configuration (a table of 8192 entries per suit, built on first use); only the choice of sets,
  which ties suits together, is searched per hand, and only for ranks held in three suits or more (the
  last such rank in closed form). ``deadwood_mask``, ``deadwood_masks`` and ``best_discard_mask`` run the
  same kind of search on a 52-bit int (``hand_mask``) for bulk work, leaner still: choices combined
  breadth-first (one other rank's choices listed directly), the closed form for the discard too, and
  ranks in no run (no card in run_min consecutive cards of its suit) settled without a search
  (``_mask_points``, ``_mask_discard_key``).
* a **general search** for everything else (two or three decks, jokers). Sets are the only melds that
  tie suits together, so the hand splits into components that meet only through the jokers they take:
  the sets of each rank (every way a rank's cards split into legal sets, with the joker counts each way
  can hold: a table per rule configuration keyed by the rank's pattern of copies), the runs of each
  suit, and a pool of jokers melded alone or left over. For each choice of sets, each suit's least
  deadwood for 0..J jokers comes from a table (every suit of at most six single cards, built once per
  rules and values) or from a search over that suit's pattern memoised within the call; a min-plus
  convolution over the jokers combines the components, with a lower bound and shared prefixes to skip
  work. A set of one natural card and jokers is never searched where a run of the same size is legal:
  the run search finds the same card with the same jokers.

Jokers: ``arrange`` treats every joker as free, whatever it was declared as; the result's melds say what
each joker stands for (``Card.joker(stands_for)``) and a joker left over is deadwood as a plain
``Card.joker()``. ``check_declared`` is the place where a player's own declarations are honoured.

>>> from scorekeeper.engine.cards import parse_cards, format_cards
>>> gin = MeldRules()
>>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
>>> a = arrange(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD"), gin, values)
>>> a.points, format_cards(a.deadwood)
(1, 'A♦')
>>> [format_cards(m) for m in a.melds]
['8♠ 8♦ 8♣', '3♥ 4♥ 5♥', 'J♣ Q♣ K♣']
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from itertools import combinations, product
from typing import Callable, Iterable, Sequence, TypeVar

from .cards import SUITS, Card, format_cards
from .i18n import _
from .limits import SOLVER_TABLES
from .melds import MeldRules

__all__ = [
    "Arrangement",
    "DeclaredCheck",
    "arrange",
    "best_discard",
    "layoff",
    "check_declared",
    "arrangements",
    "hand_mask",
    "mask_cards",
    "deadwood_mask",
    "deadwood_masks",
    "best_discard_mask",
]


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


#: every table of the solver, of every kind (see _TableCache)
_cache = _TableCache(SOLVER_TABLES)
#: (rules, values, fast tables) of the previous call, compared by identity: a call with the same rules
#: as the last one skips the cache's key and lock (the common case: a replay asks one match's rules)
_last: list = [None, None, None]


def _check_values(values: Sequence[int]) -> tuple[int, ...]:
    values = tuple(values)
    if len(values) != 14:
        raise ValueError(f"values needs 14 entries (joker, then ranks 1-13), got {len(values)}")
    return values


def _value(card: Card, values: Sequence[int]) -> int:
    return values[card.rank]


def _rank_at(pos: int) -> int:
    return 1 if pos == 14 else pos


# -- the general search ----------------------------------------------------------------------------------


def _encode(cards: Iterable[Card]) -> tuple[int, int]:
    """Pack a hand into (counters of naturals, number of jokers)."""
    state = 0
    jokers = 0
    for c in cards:
        if c.rank == 0:
            jokers += 1
        else:
            state += 1 << (_FIELD * (_SUIT_INDEX[c.suit] * 13 + c.rank - 1))
    return state, jokers


def _joker_groups(p: _Params) -> list[tuple[str, int]]:
    """Sizes of melds made of jokers alone (only when a meld needs no natural card)."""
    if p.min_naturals > 0:
        return []
    out = []
    for size in range(min(p.set_min, p.run_min), 15):
        if size > p.max_jokers:
            break
        if p.set_min <= size <= p.set_max:
            out.append(("set", size))
        elif p.run_min <= size <= p.run_max:
            out.append(("run", size))
    return out


def _joker_cover(j: int, p: _Params) -> list[list[tuple[str, int]]]:
    """For 0..j jokers, the all-joker melds covering the most of them (index = jokers available)."""
    groups = _joker_groups(p)
    best: list[list[tuple[str, int]]] = [[] for _ in range(j + 1)]
    covered = [0] * (j + 1)
    for n in range(1, j + 1):
        covered[n], best[n] = covered[n - 1], best[n - 1]
        for kind, size in groups:
            if size <= n and covered[n - size] + size > covered[n]:
                covered[n], best[n] = covered[n - size] + size, best[n - size] + [(kind, size)]
    return best


# Rank patterns: the copies of one rank held in each suit, 3 bits per suit (suit t at bits 3t..3t+2).
_KCAP = 40  # jokers counted per rank's sets; more than any hand holds


class _RankSets:
    """Per rule configuration: which cards of one rank can go to sets, and with how many jokers.

    For a rank pattern ``c`` (copies held per suit), ``options(c)`` lists every sub-pattern ``R`` that
    splits into legal sets, each with the joker counts those sets can hold as a bit mask (bit k: the
    sets hold exactly k jokers). A set of one natural card and k jokers is left out when a run of the
    same size is legal: the run search finds that card with the same jokers. These tables depend on the
    rules alone (never on a hand) and are filled as patterns are first seen.
    """

    def __init__(self, p: _Params) -> None:
        self.p = p
        self._ways: dict[int, int] = {0: 1}
        self._options: dict[int, list[tuple[int, int]]] = {}
        self._set: dict[int, int] = {}

    def build(self, decks: int) -> None:
        """Fill the table for every pattern a hand within the deck can hold (larger ones on demand)."""
        for c in _subpatterns(sum(min(decks, 7) << (3 * s) for s in range(4)), -1):
            self.options(c)

    def set_mask(self, t: int) -> int:
        """Joker counts a single set of the naturals in pattern t can hold (0: no set)."""
        hit = self._set.get(t)
        if hit is not None:
            return hit
        p = self.p
        counts = [(t >> (3 * s)) & 7 for s in range(4)]
        n = sum(counts)
        mask = 0
        if not (p.distinct and max(counts) > 1) and max(p.min_naturals, 1) <= n <= p.set_max:
            for k in range(max(0, p.set_min - n), min(p.max_jokers, p.set_max - n, _KCAP) + 1):
                if n == 1 and p.run_min <= 1 + k <= p.run_max:
                    continue  # the same card and jokers make a run
                mask |= 1 << k
        self._set[t] = mask
        return mask

    def ways(self, R: int) -> int:
        """Joker counts with which pattern R splits into legal sets (0: it does not)."""
        hit = self._ways.get(R)
        if hit is not None:
            return hit
        s0 = next(s for s in range(4) if (R >> (3 * s)) & 7)
        out = 0
        # the set that holds a card of the lowest suit present, then the rest
        for t in _subpatterns(R, s0):
            km = self.set_mask(t)
            if km:
                rest = self.ways(R - t)
                if rest:
                    out |= _sumset(km, rest)
        self._ways[R] = out
        return out

    def options(self, c: int) -> list[tuple[int, int]]:
        hit = self._options.get(c)
        if hit is None:
            hit = []
            for R in _subpatterns(c, -1):
                if R:
                    km = self.ways(R)
                    if km:
                        hit.append((R, km))
            # the most cards in sets first, no set last: good answers early let the bound prune more
            hit.sort(key=lambda o: -sum((o[0] >> (3 * s)) & 7 for s in range(4)))
            hit.append((0, 1))
            self._options[c] = hit
        return hit


def _subpatterns(c: int, must: int) -> list[int]:
    """Every pattern below c; with must >= 0, only those holding at least one card of suit must."""
    out = [0]
    for s in range(4):
        n = (c >> (3 * s)) & 7
        start = 1 if s == must else 0
        out = [x + (k << (3 * s)) for x in out for k in range(start, n + 1)] if n or start else out
    return out


def _sumset(a: int, b: int) -> int:
    """{x + y: x in a, y in b} for sets of small integers as bit masks (capped at _KCAP)."""
    out = 0
    while b:
        low = b & -b
        out |= a << (low.bit_length() - 1)
        b ^= low
    return out & ((1 << (_KCAP + 1)) - 1)


def _suit_runs(p: _Params, rest: int, r: int, jmax: int) -> list[tuple[int, int, int, int, tuple]]:
    """Every run in one suit whose lowest natural is the card of rank r just taken out of the suit
    pattern `rest` (3 bits per rank; an ace played high is the run's top card instead), as
    (suit pattern left, fewest jokers, most jokers, position of the card, other naturals' positions).

    A run is the card, a set C of other naturals of the suit, and jokers in every other place of its
    window (a joker may stand where a natural is held: that natural stays for something else). Runs with
    the same naturals are the same to the search whatever their window, so each C is listed once with
    the range of joker counts some window allows; ``_run_window`` picks a window when the run is shown.
    """
    out = []
    if r == 1:
        places = ([1] if p.low else []) + ([14] if p.high else [])
    else:
        places = [r]
    run_min, min_nat = p.run_min, p.min_naturals
    split_at = 2 * run_min
    prefix_len = run_min - 1 if run_min >= 2 else 10**6
    chain = max(2 * run_min, run_min + max(1, min_nat)) - 1  # other naturals in such a run
    for P in places:
        if P == 14:
            far = max(p.minpos, 15 - p.run_max)
            cands = [q for q in range(13, far - 1, -1) if (rest >> (3 * (_rank_at(q) - 1))) & 7]
            # the window ends at the ace; it may reach down to minpos
            room = 14 - p.minpos + 1
        else:
            far = min(p.maxpos, P + p.run_max - 1)
            cands = [q for q in range(P + 1, far + 1) if (rest >> (3 * (_rank_at(q) - 1))) & 7]
            room = p.maxpos - p.minpos + 1
        if room == 14 and not p.both:
            room = 13
        longest = min(p.run_max, room)
        # depth-first over C, nearest candidates first: (next candidate index, C, pattern left)
        stack = [(0, (), rest)]
        while stack:
            start, C, m2 = stack.pop()
            nat = len(C) + 1
            span = (abs(C[-1] - P) + 1) if C else 1
            if nat >= min_nat:
                kmin = max(run_min, span) - nat
                kmax = min(longest - nat, jmax)
                if kmin <= kmax:
                    if nat + kmax < split_at:
                        out.append((m2, kmin, kmax, P, C))
                    else:
                        # a run that splits into two legal runs is never needed: the two (found on
                        # other branches) meld the same cards with the same jokers
                        xs = sorted(C + (P,))
                        k0 = None
                        for k in range(kmin, kmax + 2):
                            keep = k <= kmax and (nat + k < split_at or not _splittable(xs, k, p))
                            if keep and k0 is None:
                                k0 = k
                            elif not keep and k0 is not None:
                                out.append((m2, k0, k - 1, P, C))
                                k0 = None
            for i in range(start, len(cands)):
                q = cands[i]
                if abs(q - P) - nat > jmax:
                    break
                C2 = C + (q,)
                if len(C2) >= chain and abs(C2[prefix_len - 1] - P) == prefix_len:
                    # the card and the next run_min - 1 places are naturals, and at least as many
                    # naturals again follow: any run holding these (with any jokers, and any more
                    # naturals) splits into that first run and the rest
                    continue
                stack.append((i + 1, C2, m2 - (1 << (3 * (_rank_at(q) - 1)))))
    return out


def _splittable(xs: list[int], k: int, p: _Params) -> bool:
    """Can the naturals at positions xs (sorted) and k jokers be laid as two legal runs instead of one?
    Jokers fill the gaps between naturals and may sit below or above them, inside the positions allowed."""
    nat = len(xs)
    need_nat = max(1, p.min_naturals)
    e = k - (xs[-1] - xs[0] + 1 - nat)  # jokers outside the naturals' span
    below = xs[0] - p.minpos
    above = p.maxpos - xs[-1]
    run_min = p.run_min
    for i in range(need_nat, nat - need_nat + 1):
        span1 = xs[i - 1] - xs[0] + 1
        span2 = xs[-1] - xs[i] + 1
        gap = xs[i] - xs[i - 1] - 1
        for e1 in range(max(0, e - above), min(e, below) + 1):
            # g1 of the gap's jokers go to the lower run, the rest to the upper one
            low_g = max(0, run_min - span1 - e1)
            high_g = gap + (e - e1) + span2 - run_min
            if low_g <= min(gap, high_g):
                return True
    return False


def _run_window(p: _Params, P: int, C: tuple, k: int) -> tuple[int, int, tuple]:
    """A window for a run of the natural at P, the naturals at C and k jokers: (lo, hi, joker places);
    jokers go above the naturals first, then below."""
    taken = set(C)
    taken.add(P)
    length = len(taken) + k
    lo0, hi0 = min(taken), max(taken)
    for lo in range(lo0, hi0 - length, -1):
        hi = lo + length - 1
        if p.window_ok(lo, hi):
            return lo, hi, tuple(q for q in range(lo, hi + 1) if q not in taken)
    raise AssertionError("no window for a run the search chose")


_conv_code: dict[tuple[int, int, bool], tuple] = {}


def _convolutions(n: int, L: int, discard: bool):
    """Unrolled min-plus convolutions for vectors of L entries per half, of which the first n count:
    (full convolution, the answer's entry alone, the sum of four vectors' least counting entries).
    Generated once per shape (code, not results)."""
    hit = _conv_code.get((n, L, discard))
    if hit is not None:
        return hit

    def entry(j: int, half: bool) -> str:
        if not half:
            terms = [f"A[{i}] + B[{j - i}]" for i in range(j + 1)]
        else:
            terms = [f"A[{L + i}] + B[{j - i}]" for i in range(j + 1)]
            terms += [f"A[{i}] + B[{L + j - i}]" for i in range(j + 1)]
        return terms[0] if len(terms) == 1 else f"min({', '.join(terms)})"

    pad = ["INF"] * (L - n)
    items = [entry(j, False) for j in range(n)] + pad
    if discard:
        items += [entry(j, True) for j in range(n)] + pad
    least = " + ".join(
        (f"min({', '.join(f'{v}[{j}]' for j in range(n))})" if n > 1 else f"{v}[0]") for v in "abcd"
    )
    src = (
        f"def conv(A, B):\n    return [{', '.join(items)}]\n"
        f"def final(A, B):\n    return {entry(n - 1, discard)}\n"
        f"def least(a, b, c, d):\n    return {least}\n"
    )
    scope: dict = {"INF": _INF}
    exec(src, scope)  # noqa: S102 - generated from integers only
    hit = _conv_code[(n, L, discard)] = (scope["conv"], scope["final"], scope["least"])
    return hit


class _General:
    """The general search for one hand (duplicates, jokers; see the module docstring).

    The hand is split into components whose costs only meet through the jokers they take: the sets
    (chosen per rank, the only thing tying suits together), the runs of each suit, and a pool of jokers
    melded alone or left over. For every choice of sets, each suit's least deadwood for 0..J jokers (a
    memoised search over that suit's pattern, shared by equal patterns within this call) and the pool's
    are combined by a min-plus convolution over the jokers. In discard mode each vector has a second
    half, "one card of this component is the discard".

    Costs are integers: ``points * scale`` for deadwood, and in discard mode ``-value`` for the
    discarded card, so minimising the cost minimises the points left and then prefers discarding the
    highest card.
    """

    def __init__(
        self, p: _Params, rank_sets: _RankSets | None, values: tuple[int, ...], jokers: int, discard: bool,
        width: int = 0, table: dict | None = None,
    ):
        self.p = p
        self.rank_sets = rank_sets
        self.values = values
        self.discard = discard
        self.scale = S = (max(max(values), 0) + 1) if discard else 1
        self.J = jokers
        # vectors run over 0..width jokers given (width >= jokers: a shared suit table is that wide)
        width = max(width, jokers)
        self.L = L = width + 1
        self.jmax = min(jokers, p.max_jokers)
        self.n = jokers + 1
        self.table = table if table is not None else {}
        vJ = values[0] * S
        self.cover = cover = _joker_cover(width, p)
        left = [j - sum(size for _, size in cover[j]) for j in range(L)]
        pool = [left[j] * vJ for j in range(L)]
        base = [j * vJ for j in range(L)]
        if discard:
            pool += [_INF] + [left[j - 1] * vJ - values[0] for j in range(1, L)]
            base += [_INF] * L
        self.pool = pool
        self._conv, self.final, self.least = _convolutions(jokers + 1, L, discard)
        self.memo: dict[int, tuple] = {0: (base, None)}

    def suit(self, m: int) -> list:
        """Least cost of one suit's pattern m for each (discard flag, jokers given) index."""
        hit = self.table.get(m)
        if hit is not None:
            return hit[0]
        hit = self.memo.get(m)
        if hit is not None:
            return hit[0]
        low = m & -m
        i = (low.bit_length() - 1) // 3
        r = i + 1
        rest = m - (1 << (3 * i))
        v = self.values[r]
        L = self.L
        sub = self.suit(rest)
        vS = v * self.scale
        vec = [x + vS for x in sub]
        # each choice as one int: (pattern left << 8) | (jokers << 3) | (ace high << 2) | kind
        ch: list = [rest << 8] * len(vec)
        # entries past the hand's own jokers are never read: they are left as they are
        n = self.n
        if self.discard:
            for j in range(n):
                c = sub[j] - v
                if c < vec[L + j]:
                    vec[L + j] = c
                    ch[L + j] = (rest << 8) | 1
        halves = (0, L) if self.discard else (0,)
        for m2, kmin, kmax, P, C in _suit_runs(self.p, rest, r, self.jmax):
            sub = self.suit(m2)
            code = (m2 << 8) | (6 if P == 14 else 2)
            for h in halves:
                for k in range(kmin, kmax + 1):
                    for j in range(k, n):
                        c = sub[h + j - k]
                        if c < vec[h + j]:
                            vec[h + j] = c
                            ch[h + j] = code | (k << 3)
        self.memo[m] = (vec, ch)
        return vec

    def conv(self, A: list, B: list) -> list:
        """Min-plus convolution over the jokers (and the discard flag); entries past the hand's own
        jokers are never needed and stay infinite."""
        return self._conv(A, B)

    def set_vector(self, kmask: int) -> list:
        vec = [0 if kmask >> j & 1 else _INF for j in range(self.L)]
        return vec + [_INF] * self.L if self.discard else vec

    def solve(self, ms: list[int]):
        """Search every choice of sets; return (cost, suit patterns left, the set choices)."""
        J, L = self.J, self.L
        options = []
        fits = (1 << (J + 1)) - 1  # joker counts the sets may take
        for r in range(1, 14):
            sh = 3 * (r - 1)
            c = ((ms[0] >> sh) & 7) | ((ms[1] >> sh) & 7) << 3 | ((ms[2] >> sh) & 7) << 6 | ((ms[3] >> sh) & 7) << 9
            if c:
                opts = self.rank_sets.options(c)
                if len(opts) > 1:
                    opts = [o for o in opts if o[1] & fits]
                    if len(opts) > 1:
                        options.append((sh, opts))
        target = (L if self.discard else 0) + J
        simple = J == 0 and not self.discard
        # removing a card lowers a suit's deadwood by its value at most: a discard gains (scale+1)*vmax
        slack = (self.scale + 1) * max(max(self.values), 0) if self.discard else 0
        suit = self.suit
        conv = self._conv
        final = self.final
        least = self.least
        best = [_INF, None, None]
        # Suits that fewer set choices touch come first in the convolutions, whose prefixes are shared
        # between choices (by the sets' joker mask and the suit patterns so far).
        touched = [sum(1 for sh, _ in options if (ms[s] >> sh) & 7) for s in range(4)]
        o0, o1, o2, o3 = self.order = sorted(range(4), key=touched.__getitem__)
        prefix: dict = {}
        self.prefix = prefix
        self.simple = simple

        def leaf(m0, m1, m2, m3, kmask, chosen):
            if simple:
                cost = suit(m0)[0] + suit(m1)[0] + suit(m2)[0] + suit(m3)[0] + self.pool[0]
            else:
                q = (m0, m1, m2, m3)
                a, b, c = q[o0], q[o1], q[o2]
                v0, v1, v2, B = suit(a), suit(b), suit(c), suit(q[o3])
                # a lower bound first: each suit with the jokers it likes best, the discard's most
                if least(v0, v1, v2, B) - slack >= best[0]:
                    return
                key3 = (kmask, a, b, c)
                A = prefix.get(key3)
                if A is None:
                    key2 = (kmask, a, b)
                    X2 = prefix.get(key2)
                    if X2 is None:
                        key1 = (kmask, a)
                        X1 = prefix.get(key1)
                        if X1 is None:
                            X0 = prefix.get(kmask)
                            if X0 is None:
                                X0 = prefix[kmask] = conv(self.pool, self.set_vector(kmask))
                            X1 = prefix[key1] = conv(X0, v0)
                        X2 = prefix[key2] = conv(X1, v1)
                    A = prefix[key3] = conv(X2, v2)
                cost = final(A, B)
            if cost < best[0]:
                best[:] = [cost, (m0, m1, m2, m3, kmask), chosen]

        def go(n, m0, m1, m2, m3, kmask, chosen):
            if n == len(options):
                leaf(m0, m1, m2, m3, kmask, chosen)
                return
            sh, opts = options[n]
            for R, km in opts:
                if R == 0:
                    go(n + 1, m0, m1, m2, m3, kmask, chosen)
                    continue
                k2 = _sumset(kmask, km) & fits
                if not k2:
                    continue
                go(
                    n + 1,
                    m0 - ((R & 7) << sh),
                    m1 - (((R >> 3) & 7) << sh),
                    m2 - (((R >> 6) & 7) << sh),
                    m3 - (((R >> 9) & 7) << sh),
                    k2,
                    chosen + ((sh // 3 + 1, R, km),),
                )

        go(0, ms[0], ms[1], ms[2], ms[3], 1, ())
        assert target is not None
        return best

    def reconstruct(self, found):
        """The melds, deadwood and discard of the best choice found by ``solve``."""
        cost, (m0, m1, m2, m3, kmask), chosen = found
        suits = (m0, m1, m2, m3)
        L = self.L
        # which (discard half, jokers) index each component got: pool, sets, then the suits
        idx = [0] * 6
        if not self.simple:
            o = self.order
            a, b, c = suits[o[0]], suits[o[1]], suits[o[2]]
            pre = self.prefix
            prefix = [self.pool, pre[kmask], pre[(kmask, a)], pre[(kmask, a, b)], pre[(kmask, a, b, c)]]
            comps = [self.pool, self.set_vector(kmask)] + [self.suit(suits[s]) for s in o]
            # walk back from the answer through the convolutions the search made
            want = (L if self.discard else 0) + self.J
            total = cost
            at = [0] * 6
            for n in range(5, 0, -1):
                A, B = prefix[n - 1], comps[n]
                d, j = divmod(want, L)
                found_split = None
                for i in range(j + 1):
                    if A[d * L + i] + B[j - i] == total:
                        found_split = (d * L + i, j - i)
                        break
                    if d and A[i] + B[L + j - i] == total:
                        found_split = (i, L + j - i)
                        break
                assert found_split is not None
                want, at[n] = found_split
                total = A[want]
            at[0] = want
            idx[0], idx[1] = at[0], at[1]
            for k, s in enumerate(o):
                idx[2 + s] = at[2 + k]
        melds: list[tuple[Card, ...]] = []
        dead: list[Card] = []
        discard: Card | None = None
        # the pool
        d, j = divmod(idx[0], L)
        if d:
            discard = Card.joker()
            j -= 1
        for gkind, size in self.cover[j]:
            melds.append(_joker_only_meld(gkind, size, self.p))
            j -= size
        dead.extend(Card.joker() for _ in range(j))
        # the sets
        melds.extend(self._set_melds(chosen, idx[1]))
        # the runs of each suit
        for s, m in enumerate(suits):
            at = idx[2 + s]
            while m:
                vec, ch = self.table.get(m) or self.memo[m]
                x = ch[at]
                kind = x & 3
                m2 = x >> 8
                low = m & -m
                i = (low.bit_length() - 1) // 3
                r = i + 1
                card = _CARD[s][r]
                if kind == 0:
                    dead.append(card)
                elif kind == 1:
                    discard = card
                    at -= L
                else:
                    k = (x >> 3) & 31
                    P = 14 if x & 4 else r
                    # the run's other naturals: what it took from the suit besides this card
                    taken = m - (1 << (3 * i)) - m2
                    C = tuple(
                        (1 if P == 14 else 14) if f == 0 else f + 1
                        for f in range(13)
                        if (taken >> (3 * f)) & 7
                    )
                    lo, hi, jpos = _run_window(self.p, P, C, k)
                    melds.append(
                        tuple(
                            Card.joker(_CARD[s][_rank_at(q)]) if q in jpos else _CARD[s][_rank_at(q)]
                            for q in range(lo, hi + 1)
                        )
                    )
                    at -= k
                m = m2
            dead.extend(Card.joker() for _ in range(at % L))
        return melds, dead, discard

    def _set_melds(self, chosen, k_total: int) -> list[tuple[Card, ...]]:
        """Split the jokers given to the sets among the chosen ranks, then each rank into sets."""
        rs = self.rank_sets
        melds: list[tuple[Card, ...]] = []

        def share(n: int, k: int):
            if n == len(chosen):
                return [] if k == 0 else None
            r, R, km = chosen[n]
            for kr in range(k + 1):
                if km >> kr & 1:
                    rest = share(n + 1, k - kr)
                    if rest is not None:
                        return [kr] + rest
            return None

        ks = share(0, k_total)
        assert ks is not None
        for (r, R, _), k in zip(chosen, ks):
            while R:
                s0 = next(s for s in range(4) if (R >> (3 * s)) & 7)
                for t in _subpatterns(R, s0):
                    km = rs.set_mask(t)
                    rest = rs.ways(R - t)
                    kt = next((x for x in range(k + 1) if km >> x & 1 and rest >> (k - x) & 1), None)
                    if kt is not None:
                        suits = [s for s in range(4) for _ in range((t >> (3 * s)) & 7)]
                        melds.append(_set_cards(r, suits, kt, self.p.distinct))
                        R -= t
                        k -= kt
                        break
                else:
                    raise AssertionError("no split of the chosen sets")
        return melds


def _set_cards(r: int, suits: list[int], k: int, distinct: bool) -> tuple[Card, ...]:
    cards = [_CARD[t][r] for t in suits]
    # jokers play as the missing suits first, so a distinct-suit set stays distinct
    missing = [t for t in range(4) if t not in suits] or [0]
    for n in range(k):
        cards.append(Card.joker(_CARD[missing[n % len(missing)]][r]))
    return tuple(cards)


def _joker_only_meld(kind: str, size: int, p: _Params) -> tuple[Card, ...]:
    # Any declaration will do for a meld of jokers alone: kings for a set, the lowest legal run of spades.
    if kind == "set":
        return tuple(Card.joker(_CARD[n % 4][13]) for n in range(size))
    return tuple(Card.joker(_CARD[0][_rank_at(q)]) for q in range(p.minpos, p.minpos + size))


_TABLE_JOKERS = 4  # suit tables cover hands of up to this many jokers
_TABLE_CARDS = 6  # ... and suits of up to this many cards, one copy of each


def _suit_table(p: _Params, values: tuple[int, ...], width: int, discard: bool) -> dict:
    """Per rule configuration, values and mode: the general search's answer for every suit holding at most
    ``_TABLE_CARDS`` cards, one copy of each, for 0..width jokers. Built once on first use (about 0.1 s),
    keyed by the suit pattern alone: it holds no result of any hand, only of suits in isolation."""
    key = ("suits", p.run_min, p.run_max, p.low, p.high, p.both, p.max_jokers, p.min_naturals, values, width,
           discard)

    def build() -> dict:
        builder = _General(p, None, values, width, discard)
        for mask in range(1 << 13):
            if mask.bit_count() <= _TABLE_CARDS:
                builder.suit(sum(1 << (3 * i) for i in range(13) if mask >> i & 1))
        # tuples of ints, which the garbage collector stops tracking: a full collection stays quick
        vectors: dict[tuple, tuple] = {}  # equal vectors shared: the table stays a few MB
        table = {}
        for m, (vec, ch) in builder.memo.items():
            vec = tuple(vec)
            table[m] = (vectors.setdefault(vec, vec), tuple(ch) if ch else None)
        return table

    return _cache.get(key, build)


def _rank_sets_for(p: _Params, decks: int) -> _RankSets:
    """The set splits of every rank pattern under these rules (they depend on no card value)."""
    key = ("ranks", p.set_min, p.set_max, p.distinct, p.run_min, p.run_max, p.low, p.high, p.both,
           p.max_jokers, p.min_naturals, decks)

    def build() -> _RankSets:
        rank_sets = _RankSets(p)
        rank_sets.build(max(decks, 1))
        return rank_sets

    return _cache.get(key, build)


def _general(cards: Sequence[Card], rules: MeldRules, values: tuple[int, ...], discard: bool):
    p = _Params(rules)
    rank_sets = _rank_sets_for(p, rules.decks)
    ms = [0, 0, 0, 0]
    jokers = 0
    for c in cards:
        if c.rank == 0:
            jokers += 1
        else:
            ms[_SUIT_INDEX[c.suit]] += 1 << (3 * (c.rank - 1))
    width = min(rules.jokers_in_deck, _TABLE_JOKERS)
    table = _suit_table(p, values, width, discard) if jokers <= width else None
    search = _General(p, rank_sets, values, jokers, discard, width if table is not None else 0, table)
    found = search.solve(ms)
    melds, dead, disc = search.reconstruct(found)
    points = sum(values[c.rank] for c in dead)
    return Arrangement(tuple(melds), tuple(dead), points), disc


# -- the fast path: no jokers, no duplicates -------------------------------------------------------------


class _Tables:
    """Per rule configuration: the best run cover of every suit mask, and the set choices per rank.

    Built once per (run rules, values) and shared by every later hand with the same rules: these are
    tables keyed by suit masks, never results of earlier hands.
    """

    def __init__(self, p: _Params, values: tuple[int, ...]) -> None:
        # naturals only: the table is shared by rules that differ in the joker's value alone
        self.values = values = (0,) + tuple(values[1:])
        self.scale = max(max(values), 0) + 1
        run_min = max(p.run_min, p.min_naturals)
        self.set_min = max(p.set_min, p.min_naturals, 1)
        self.set_max = min(p.set_max, 4)
        lines = []
        if p.low:
            lines.append(False)
        if p.high:
            lines.append(True)
        # dw[m]: least deadwood of suit mask m (bit r-1 = rank r) using runs only, and how.
        size = 1 << 13
        best_dw = [0] * size
        best_plan: list[tuple] = [((), ())] * size
        first = True
        for high in lines:
            dw, plan = self._line_dp(high, run_min, p.run_max, values)
            for m in range(size):
                if first or dw[m] < best_dw[m]:
                    best_dw[m], best_plan[m] = dw[m], plan[m]
            first = False
        self.dw = best_dw
        # Card tuples for every (suit, mask), so a hand's answer is a few tuple concatenations.
        self.melds = []
        self.dead = []
        for s in range(4):
            cards = _CARD[s]
            self.melds.append([tuple(tuple(cards[r] for r in run) for run in runs) for runs, _ in best_plan])
            self.dead.append([tuple(cards[r] for r in dead) for _, dead in best_plan])
        # For best_discard: dropping card d from mask m leaves dw[m ^ d]; key orders by points then by
        # the discard's value (higher first). delta = key - scale*dw[m], so a hand adds one term.
        K = self.scale
        self.disc_delta = [_INF] * size
        self.disc_bit = [0] * size
        for m in range(1, size):
            best = _INF
            bit = 0
            mm = m
            while mm:
                b = mm & -mm
                mm ^= b
                r = b.bit_length()
                v = values[r]
                key = best_dw[m ^ b] * K - v
                if key < best:
                    best, bit = key, b
            self.disc_delta[m] = best - K * best_dw[m]
            self.disc_bit[m] = bit
        # For best_discard_mask, per suit s: the discard of mask m packed in one int that orders as
        # (delta, card index): the least over the four suits is the discard best_discard picks, and
        # its low bits carry the card's index (13*s + rank - 1) and the change in deadwood (+512).
        self.disc_packed = []
        for s in range(4):
            packed = [1 << 60] * size
            for m in range(1, size):
                bit = self.disc_bit[m]
                change = best_dw[m ^ bit] - best_dw[m]
                packed[m] = ((self.disc_delta[m] << 6) + 13 * s + bit.bit_length() - 1 << 10) + change + 512
            self.disc_packed.append(packed)
        # Set choices for a rank whose suits are q (4 bits): no set first, then every legal subset.
        self.subsets = []
        for q in range(16):
            opts = [0]
            for sub in range(1, 16):
                if sub & q == sub and self.set_min <= sub.bit_count() <= self.set_max:
                    opts.append(sub)
            self.subsets.append(opts)
        self.set_cards = [
            [tuple(_CARD[t][r] for t in range(4) if sub >> t & 1) for sub in range(16)] for r in range(14)
        ]
        self.suit_tables = tuple(self.melds) + tuple(self.dead)
        # Sets need three or more cards here, so only ranks held in three suits or more can hold one
        # (the four-card case is checked again when subsets are enumerated).
        self.sets = self.set_max >= self.set_min
        # removals[r][q]: for rank r held in suits q, each set choice as the bits it takes from the
        # four suit masks, plus (rank, subset) to name it
        self.removals = [
            [
                [tuple((1 << r >> 1) if sub >> i & 1 else 0 for i in range(4)) + ((r, sub),)
                 for sub in self.subsets[q]]
                for q in range(16)
            ]
            for r in range(14)
        ]
        # The mask-level searches (_mask_points, _mask_discard_key) read these. Which sizes a set of one
        # rank may have (3: three suits, or four suits but one; 4: all four suits):
        self.allow3 = self.set_min <= 3 <= self.set_max
        self.allow4 = self.set_min <= 4 <= self.set_max
        # ... the set choices of every rank but the last as bare removals (the first, removing nothing,
        # is "no set"): rm[r][q] for rank r held in suits q
        self.rm = [[[x[:4] for x in per_q] for per_q in per_r] for per_r in self.removals]
        # ... and deadwood scaled to line up with disc_packed: dwk[m] = (scale * dw[m]) << 16, so a
        # discard key is dwk[a] + dwk[b] + dwk[c] + dwk[d] + min(p0[a], p1[b], p2[c], p3[d]).
        self.dwk = [(K * x) << 16 for x in best_dw]
        # points can be read back from such a key only when no card is worth less than nothing
        self.keys_decode = min(values[1:]) >= 0
        # sets of three and of four both legal (Gin): a rank in no run then always gives its whole set
        # (and no card worth less than nothing)
        self.any_size = self.allow3 and self.allow4 and self.keys_decode
        # ... and when every card is worth something, taking it is strictly best (see _fast_arrange)
        self.sure_sets = self.any_size and min(values[1:]) > 0
        # linked[m]: the cards of suit mask m that some run could hold, i.e. that lie in run_min
        # consecutive cards all in m (the ace follows the king when it plays high, comes before the 2
        # when it plays low): a run holding a card holds such a stretch around it. Every card when a
        # single card would make a run.
        windows = []
        if run_min <= p.run_max:
            span = (1 << run_min) - 1
            windows = [span << i for i in range(1, 14 - run_min)]  # 2 up to K
            if p.low:
                windows.append(span)  # from the low ace
            if p.high:
                windows.append(((span << 14 - run_min) & 0x1FFF) | 1)  # up to the high ace
        linked = [0] * size
        for m in range(size):
            if run_min < 2:
                linked[m] = m
            else:
                x = 0
                for w in windows:
                    if m & w == w:
                        x |= w
                linked[m] = x
        self.linked = linked

    @staticmethod
    def _line_dp(high: bool, run_min: int, run_max: int, values: tuple[int, ...]):
        """Best run cover along one line of positions: ace low (1..13) or ace high (2..14)."""
        # line bit i holds rank rank_of[i]
        rank_of = [r for r in range(2, 14)] + [1] if high else list(range(1, 14))
        size = 1 << 13
        dw = [0] * size
        plan: list[tuple] = [((), ())] * size
        for lm in range(1, size):
            b = lm & -lm
            i = b.bit_length() - 1
            rest_runs, rest_dead = plan[lm ^ b]
            best = values[rank_of[i]] + dw[lm ^ b]
            best_plan = (rest_runs, (rank_of[i],) + rest_dead)
            seg = b
            for length in range(2, min(run_max, 13 - i) + 1):
                seg |= b << (length - 1)
                if lm & seg != seg:
                    break
                if length >= run_min and dw[lm ^ seg] < best:
                    rr, rd = plan[lm ^ seg]
                    best = dw[lm ^ seg]
                    best_plan = ((tuple(rank_of[i + n] for n in range(length)),) + rr, rd)
            dw[lm] = best
            plan[lm] = best_plan
        if not high:
            return dw, plan
        # re-index from line masks to suit masks (suit bit 0 = ace = line bit 12)
        sdw = [0] * size
        splan: list[tuple] = [((), ())] * size
        for m in range(size):
            lm = (m >> 1) | ((m & 1) << 12)
            sdw[m] = dw[lm]
            splan[m] = plan[lm]
        return sdw, splan


def _get_tables(rules: MeldRules, values) -> _Tables | None:
    if rules is _last[0] and values is _last[1]:
        return _last[2]
    values = _check_values(values)
    p = _Params(rules)
    # The fast path reads no joker's value (its hands hold none), and a meld of naturals alone needs
    # min_naturals only as a least size: rules that differ only in what a joker counts (Rumino's
    # joker_value) or in how many naturals a meld needs below its least size share one table.
    key = ("fast", max(p.set_min, p.min_naturals, 1), min(p.set_max, 4), max(p.run_min, p.min_naturals), p.run_max,
           p.low, p.high, values[1:])
    # The fast path assumes a set holds at least three cards, so two cards of one rank never meld.
    if max(p.set_min, p.min_naturals) < 3 and p.set_max >= max(p.set_min, p.min_naturals):
        tables = None
    else:
        tables = _cache.get(key, lambda: _Tables(p, values))
    if isinstance(values, tuple):
        _last[:] = [rules, values, tables]
    return tables


# bit of each card in a 64-bit hand mask: 16 bits per suit, rank r at bit r; a joker sets bit 0
_BIT = {s: [1 << (16 * i + r) for r in range(14)] for i, s in enumerate(SUITS)}
_BIT[""] = [1]


# An Arrangement built without the frozen dataclass's __init__ (which sets each field through
# object.__setattr__): the slots' own setters, a third of the cost, the same object.
_new_arrangement = Arrangement.__new__
_set_melds_slot = Arrangement.melds.__set__  # type: ignore[attr-defined]
_set_dead_slot = Arrangement.deadwood.__set__  # type: ignore[attr-defined]
_set_points_slot = Arrangement.points.__set__  # type: ignore[attr-defined]
_set_laid_slot = Arrangement.laid_off.__set__  # type: ignore[attr-defined]


def _arrangement(melds: tuple, deadwood: tuple, points: int) -> Arrangement:
    a = _new_arrangement(Arrangement)
    _set_melds_slot(a, melds)
    _set_dead_slot(a, deadwood)
    _set_points_slot(a, points)
    _set_laid_slot(a, ())
    return a


def _last_rank(a: int, b: int, c: int, d: int, low: int, x0: int, x1: int, x2: int, x3: int, t: _Tables):
    """The best set of the one rank whose bit is ``low``, from suit masks a-d whose run-only deadwood is
    x0-x3: (change in deadwood, suit subset), (0, 0) for no set. Sets here hold 3 or 4 cards (one deck,
    distinct suits), so a set is every suit holding the rank or, from four, all but one."""
    dw = t.dw
    n = 0
    total = 0
    worst = -1 << 30
    ws = 0
    q = 0
    if a & low:
        g = dw[a ^ low] - x0
        n += 1
        total += g
        q |= 1
        if g > worst:
            worst, ws = g, 1
    if b & low:
        g = dw[b ^ low] - x1
        n += 1
        total += g
        q |= 2
        if g > worst:
            worst, ws = g, 2
    if c & low:
        g = dw[c ^ low] - x2
        n += 1
        total += g
        q |= 4
        if g > worst:
            worst, ws = g, 4
    if d & low:
        g = dw[d ^ low] - x3
        n += 1
        total += g
        q |= 8
        if g > worst:
            worst, ws = g, 8
    best = 0
    sub = 0
    if t.set_min <= n <= t.set_max and total < 0:
        best, sub = total, q
    if n == 4 and t.set_min <= 3 <= t.set_max and total - worst < best:
        best, sub = total - worst, q ^ ws
    return best, sub


def _set_search(a: int, b: int, c: int, d: int, ranks: int, t: _Tables) -> tuple:
    """(points, the four suit masks left for runs, ((rank, suit subset), ...)) for the best set choice
    over the ranks in ``ranks``: every choice of the other ranks, the last one in closed form."""
    dw = t.dw
    low = ranks & -ranks
    r = low.bit_length()
    if low != ranks:
        q = (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)
        rest = ranks ^ low
        best: tuple | None = None
        for x0, x1, x2, x3, rs in t.removals[r][q]:
            found = _set_search(a ^ x0, b ^ x1, c ^ x2, d ^ x3, rest, t)
            if best is None or found[0] < best[0]:
                best = found[:5] + (((rs,) if rs[1] else ()) + found[5],)
        assert best is not None
        return best
    x0, x1, x2, x3 = dw[a], dw[b], dw[c], dw[d]
    best_gain, sub = _last_rank(a, b, c, d, low, x0, x1, x2, x3, t)
    if not sub:
        return (x0 + x1 + x2 + x3, a, b, c, d, ())
    return (
        x0 + x1 + x2 + x3 + best_gain,
        a ^ low if sub & 1 else a,
        b ^ low if sub & 2 else b,
        c ^ low if sub & 4 else c,
        d ^ low if sub & 8 else d,
        ((r, sub),),
    )


def _fast_arrange(a: int, b: int, c: int, d: int, t: _Tables) -> Arrangement:
    m0, m1, m2, m3, d0, d1, d2, d3 = t.suit_tables
    ranks = ((a & b & (c | d)) | (c & d & (a | b))) if t.sets else 0
    if not ranks:
        dw = t.dw
        return _arrangement(
            m0[a] + m1[b] + m2[c] + m3[d], d0[a] + d1[b] + d2[c] + d3[d], dw[a] + dw[b] + dw[c] + dw[d]
        )
    free = 0
    if t.sure_sets:
        # Ranks in no run (see _mask_points) give their whole set: with every card worth something that
        # is strictly best, so the search would choose it too. The highest rank stays in the search
        # unless all are free: the search's last rank breaks ties its own way, and keeping it there
        # keeps every choice (and so the arrangement) exactly what the full search makes.
        linked = t.linked
        free = ranks & ~(linked[a] | linked[b] | linked[c] | linked[d])
        if free and free != ranks:
            free &= ~(1 << (ranks.bit_length() - 1))
    if not free:
        points, a, b, c, d, chosen = _set_search(a, b, c, d, ranks, t)
        sets = tuple(t.set_cards[r][sub] for r, sub in chosen)
        return _arrangement(sets + m0[a] + m1[b] + m2[c] + m3[d], d0[a] + d1[b] + d2[c] + d3[d], points)
    taken = []
    f = free
    while f:
        bit = f & -f
        f ^= bit
        taken.append((bit.bit_length(), (a & bit and 1) | (b & bit and 2) | (c & bit and 4) | (d & bit and 8)))
    nf = ~free
    a, b, c, d = a & nf, b & nf, c & nf, d & nf
    ranks ^= free
    if ranks:
        points, a, b, c, d, chosen = _set_search(a, b, c, d, ranks, t)
        taken.extend(chosen)
        taken.sort()  # sets in rank order, as the search lists them
    else:
        dw = t.dw
        points = dw[a] + dw[b] + dw[c] + dw[d]
    sets = tuple(t.set_cards[r][sub] for r, sub in taken)
    return _arrangement(sets + m0[a] + m1[b] + m2[c] + m3[d], d0[a] + d1[b] + d2[c] + d3[d], points)


def _set_choices(ranks: int, ms, t: _Tables):
    """Every combination of set choices over the ranks that can hold a set, as the suit masks left
    for runs and the choice itself: (a, b, c, d, ((rank, suit subset), ...))."""
    a, b, c, d = ms
    per_rank = []
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        r = bit.bit_length()
        q = (a & bit and 1) | (b & bit and 2) | (c & bit and 4) | (d & bit and 8)
        per_rank.append(t.removals[r][q])
    if len(per_rank) == 1:
        return [(a ^ x0, b ^ x1, c ^ x2, d ^ x3, (rs,)) for x0, x1, x2, x3, rs in per_rank[0]]
    out = []
    for combo in product(*per_rank):
        aa, bb, cc, dd = a, b, c, d
        for x0, x1, x2, x3, _ in combo:
            aa ^= x0
            bb ^= x1
            cc ^= x2
            dd ^= x3
        out.append((aa, bb, cc, dd, tuple(x[4] for x in combo)))
    return out


def _discard_search(a: int, b: int, c: int, d: int, ranks: int, t: _Tables) -> tuple:
    """(key, suit masks, ((rank, suit subset), ...)) of the best set choice over ``ranks`` when one card
    is then discarded: key = (scale * deadwood << 16) + the least packed discard of the four suits (see
    ``_Tables.disc_packed``), so keys order by points left, then the discard's value, then its index."""
    dw = t.dw
    p0, p1, p2, p3 = t.disc_packed
    low = ranks & -ranks
    q = (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)
    rest = ranks ^ low
    best: tuple | None = None
    K = t.scale
    for x0, x1, x2, x3, rs in t.removals[low.bit_length()][q]:
        aa, bb, cc, dd = a ^ x0, b ^ x1, c ^ x2, d ^ x3
        if rest:
            found = _discard_search(aa, bb, cc, dd, rest, t)
            if best is None or found[0] < best[0]:
                best = found[:5] + (((rs,) if rs[1] else ()) + found[5],)
        else:
            key = (K * (dw[aa] + dw[bb] + dw[cc] + dw[dd]) << 16) + min(p0[aa], p1[bb], p2[cc], p3[dd])
            if best is None or key < best[0]:
                best = (key, aa, bb, cc, dd, (rs,) if rs[1] else ())
    assert best is not None
    return best


def _fast_discard_masks(ms, t: _Tables):
    """(suit of the discard, its bit, points left, suit masks kept, set choices), or None."""
    a, b, c, d = ms
    ranks = ((a & b & (c | d)) | (c & d & (a | b))) if t.sets else 0
    chosen: tuple = ()
    if ranks:
        _, a, b, c, d, chosen = _discard_search(a, b, c, d, ranks, t)
    if not (a or b or c or d):
        return None
    # the discard comes from the one suit where dropping a card gains the most (the first on a tie)
    p0, p1, p2, p3 = t.disc_packed
    k = min(p0[a], p1[b], p2[c], p3[d])
    s, r0 = divmod((k >> 10) & 63, 13)
    bit = 1 << r0
    masks = [a, b, c, d]
    masks[s] ^= bit
    dw = t.dw
    return s, bit, dw[a] + dw[b] + dw[c] + dw[d] + (k & 1023) - 512, masks, chosen


def _fast_discard(ms, t: _Tables) -> tuple[Card, Arrangement] | None:
    found = _fast_discard_masks(ms, t)
    if found is None:
        return None
    s, bit, points, (aa, bb, cc, dd), best_sets = found
    discard = _CARD[s][bit.bit_length()]
    sets = tuple(t.set_cards[r][sub] for r, sub in best_sets if sub)
    m0, m1, m2, m3, d0, d1, d2, d3 = t.suit_tables
    arrangement = _arrangement(
        sets + m0[aa] + m1[bb] + m2[cc] + m3[dd], d0[aa] + d1[bb] + d2[cc] + d3[dd], points
    )
    return discard, arrangement


# -- the public API --------------------------------------------------------------------------------------


def arrange(cards: Iterable[Card], rules: MeldRules, values: Sequence[int]) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood under ``rules`` (exact).

    ``values[0]`` is a joker's value, ``values[r]`` the value of rank ``r``. Jokers are free: each plays
    wherever it saves most, and the melds say what it stands for. Ties between equal arrangements are
    broken the same way for the same cards in any order.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> values = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> a = arrange(parse_cards("QS KS AS 4H 4C JK 9S"), rumino, values)
    >>> a.points, format_cards(a.deadwood)
    (18, 'A♠ 9♠ 4♥ 4♣')
    >>> [format_cards(m) for m in a.melds]
    ['JKR=J♠ Q♠ K♠']
    """
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    tables = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if tables is not None:
        bit = _BIT
        # a sum, not an or: a duplicate carries into another bit, so the bit count falls short
        m = sum([bit[c.suit][c.rank] for c in cards])
        if m.bit_count() == len(cards) and not m & 0x0001000100010001:
            return _fast_arrange(
                (m >> 1) & 0x1FFF, (m >> 17) & 0x1FFF, (m >> 33) & 0x1FFF, (m >> 49) & 0x1FFF, tables
            )
    values = _check_values(values)
    return _general(cards, rules, values, discard=False)[0]


def best_discard(cards: Iterable[Card], rules: MeldRules, values: Sequence[int]) -> tuple[Card, Arrangement]:
    """The discard that leaves the least deadwood, and the arrangement of the cards kept.

    One search over the whole hand (not one ``arrange`` per card): it minimises the deadwood left after
    throwing one card away. Among equal results the highest-valued card is discarded.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> discard, a = best_discard(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD 9D"), MeldRules(),
    ...                           (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
    >>> discard, a.points
    (Card.parse('9D'), 1)
    """
    cards = cards if isinstance(cards, (list, tuple)) else list(cards)
    if not cards:
        raise ValueError("best_discard needs at least one card")
    tables = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if tables is not None:
        bit = _BIT
        m = sum([bit[c.suit][c.rank] for c in cards])
        if m.bit_count() == len(cards) and not m & 0x0001000100010001:
            ms = (m >> 1) & 0x1FFF, (m >> 17) & 0x1FFF, (m >> 33) & 0x1FFF, (m >> 49) & 0x1FFF
            found = _fast_discard(ms, tables)
            if found is not None:
                return found
    values = _check_values(values)
    arrangement, discard = _general(cards, rules, values, discard=True)
    assert discard is not None
    return discard, arrangement


# -- the mask-level entry points: one deck, no jokers, ints only -----------------------------------------


def hand_mask(cards: Iterable[Card]) -> int:
    """A hand of distinct natural cards as a 52-bit mask: card (rank r, suit index s in ``SUITS``) is
    bit ``13 * s + r - 1``. The input of ``deadwood_mask`` and ``best_discard_mask``.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> hand_mask(parse_cards("AS 2S KC")) == (1 << 0) | (1 << 1) | (1 << 51)
    True
    """
    m = 0
    for c in cards:
        if c.rank == 0:
            raise ValueError("a hand mask holds natural cards only, not jokers")
        bit = 1 << (13 * _SUIT_INDEX[c.suit] + c.rank - 1)
        if m & bit:
            raise ValueError(f"{c.symbol} twice: a hand mask holds one copy of each card")
        m |= bit
    return m


def mask_cards(mask: int) -> list[Card]:
    """The cards of a 52-bit hand mask (the inverse of ``hand_mask``), in suit then rank order."""
    return [_CARD[i // 13][i % 13 + 1] for i in range(52) if mask >> i & 1]


def _tables_for_masks(rules: MeldRules, values) -> _Tables | None:
    if rules is _last[0] and values is _last[1]:
        return _last[2]
    return _get_tables(rules, values)


def _set_points(a: int, b: int, c: int, d: int, ranks: int, t: _Tables) -> int:
    """Least deadwood of suit masks a-d when the ranks in ``ranks`` could hold sets: every set choice
    of the other ranks, then the last rank in closed form (each suit either gives its card or not)."""
    dw = t.dw
    low = ranks & -ranks
    if low != ranks:
        q = (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)
        rest = ranks ^ low
        best = _INF
        for x0, x1, x2, x3, _ in t.removals[low.bit_length()][q]:
            cost = _set_points(a ^ x0, b ^ x1, c ^ x2, d ^ x3, rest, t)
            if cost < best:
                best = cost
        return best
    # the last rank inline (as in _last_rank, points only): a set is every suit holding the rank or, from
    # four, all but the one that loses most by giving its card
    x0, x1, x2, x3 = dw[a], dw[b], dw[c], dw[d]
    n = 0
    total = 0
    worst = -1 << 30
    if a & low:
        g = dw[a ^ low] - x0
        n += 1
        total += g
        worst = g
    if b & low:
        g = dw[b ^ low] - x1
        n += 1
        total += g
        if g > worst:
            worst = g
    if c & low:
        g = dw[c ^ low] - x2
        n += 1
        total += g
        if g > worst:
            worst = g
    if d & low:
        g = dw[d ^ low] - x3
        n += 1
        total += g
        if g > worst:
            worst = g
    best = 0
    if t.set_min <= n <= t.set_max and total < 0:
        best = total
    if n == 4 and t.set_min <= 3 <= t.set_max and total - worst < best:
        best = total - worst
    return x0 + x1 + x2 + x3 + best


def _set_states(a: int, b: int, c: int, d: int, ranks: int, t: _Tables) -> list:
    """The four suit masks left by every combination of set choices over ``ranks`` (the first entry:
    no set at all). Built breadth-first by list comprehensions: in CPython a comprehension over a few
    dozen tuples costs far less than a recursive call per choice."""
    rm = t.rm
    states = [(a, b, c, d)]
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        # the suits holding this rank are the same in every state: other ranks never touch its bit
        q = (a & bit and 1) | (b & bit and 2) | (c & bit and 4) | (d & bit and 8)
        opts = rm[bit.bit_length()][q]
        states = [(sa ^ x0, sb ^ x1, sc ^ x2, sd ^ x3) for sa, sb, sc, sd in states for x0, x1, x2, x3 in opts]
    return states


def _other_states(a: int, b: int, c: int, d: int, rest: int, t: _Tables):
    """The suit masks left by every set choice of the ranks in ``rest`` (all set ranks but the one
    solved in closed form). One rank, the usual case, is listed directly rather than by _set_states's
    loop."""
    if not rest:
        return ((a, b, c, d),)
    if rest & (rest - 1):
        return _set_states(a, b, c, d, rest, t)
    nr = ~rest
    if not a & b & c & d & rest:
        # held in three suits: no set, or the set of three
        return ((a, b, c, d), (a & nr, b & nr, c & nr, d & nr))
    if t.allow3 and t.allow4:
        # held in four suits: no set, the four, or three of them
        a1, b1, c1, d1 = a & nr, b & nr, c & nr, d & nr
        return ((a, b, c, d), (a1, b1, c1, d1), (a, b1, c1, d1), (a1, b, c1, d1), (a1, b1, c, d1), (a1, b1, c1, d))
    return _set_states(a, b, c, d, rest, t)


def _mask_points(a: int, b: int, c: int, d: int, ranks: int, t: _Tables, link: int = -1) -> int:
    """Least deadwood of suit masks a-d when the ranks in ``ranks`` (held in three suits or more) could
    hold sets: every combination of set choices of all ranks but one, and the last rank in closed form.

    The last rank is one held in all four suits when there is one, since it has the most choices (no
    set, the four, or the three that leave out any one suit). Its closed form: with x_s the deadwood of
    suit s as it is and y_s once it gives the rank's card, "no set" costs sum(x), the four sum(y), and
    the three leaving out suit s sum(y) - (y_s - x_s): the best three keeps the card in the suit that
    loses most by giving it. Eight table look-ups per state, no enumeration.

    ``link``: the cards some run could hold (``_Tables.linked`` of the four suits), when the caller has
    it already."""
    dw = t.dw
    four = a & b & c & d & ranks
    if not t.allow3:
        ranks = four  # three cards of a rank make no set under these rules
    # A rank none of whose cards lies in run_min consecutive cards of its suit (``_Tables.linked``) is in
    # no run: its cards are deadwood unless they make a set, and taking them out changes nothing else. Its largest set is then always best,
    # whatever the other ranks do: it is taken at once and left out of the search.
    if link < 0:
        linked = t.linked
        link = linked[a] | linked[b] | linked[c] | linked[d]
    free = ranks & ~link if t.keys_decode else 0  # (a set saves something only if cards are worth it)
    if free:
        if not t.allow4:
            free &= ~four  # (the best three of four is then still a choice: the search makes it)
        a &= ~free
        b &= ~free
        c &= ~free
        d &= ~free
        ranks ^= free
        four &= ranks
    if not ranks:
        return dw[a] + dw[b] + dw[c] + dw[d]
    last = four & -four if four else ranks & -ranks
    rest = ranks ^ last
    states = _other_states(a, b, c, d, rest, t)
    nl = ~last
    best = 1 << 30
    if four & last:
        allow3, allow4 = t.allow3, t.allow4
        for a, b, c, d in states:
            x0, x1, x2, x3 = dw[a], dw[b], dw[c], dw[d]
            y0, y1, y2, y3 = dw[a & nl], dw[b & nl], dw[c & nl], dw[d & nl]
            # off: what keeping one suit's card back saves (0: the set of four)
            off = max(y0 - x0, y1 - x1, y2 - x2, y3 - x3) if allow3 else 0
            if allow4 and off < 0:
                off = 0
            v = y0 + y1 + y2 + y3 - off
            x = x0 + x1 + x2 + x3
            if x < v:
                v = x
            if v < best:
                best = v
    else:
        # held in three suits: no set or the set of three (the fourth suit's look-ups are equal)
        for a, b, c, d in states:
            x = dw[a] + dw[b] + dw[c] + dw[d]
            y = dw[a & nl] + dw[b & nl] + dw[c & nl] + dw[d & nl]
            v = y if y < x else x
            if v < best:
                best = v
    return best


def _mask_discard_key(a: int, b: int, c: int, d: int, ranks: int, t: _Tables) -> int:
    """The least discard key of suit masks a-d when the ranks in ``ranks`` could hold sets: as
    ``_mask_points``, every set choice of all ranks but the last, that one in closed form.

    A key is dwk[a] + dwk[b] + dwk[c] + dwk[d] + min(p0[a], p1[b], p2[c], p3[d]) for the masks a set choice
    leaves (see ``_Tables.disc_packed``): (scale * points left - value of the discard) << 16, then the
    discard's card index << 10. The least key is the answer ``best_discard`` gives: fewest points, then
    the highest card, then the lowest index. A set of four needs no case of its own for the discard:
    dropping one of its cards leaves the three that keep that card out, which is one of the choices."""
    four = a & b & c & d & ranks
    if not t.allow3:
        ranks = four
    # Ranks in no run (see _mask_points): each one's set, or one of its cards as the discard. Keeping
    # its cards and discarding another card never beats the same discard with the set taken, so each
    # such rank adds one candidate to the search over the others: it stays out (three of four when
    # there are four: the fourth is the discard) while every other such rank gives its set, and one
    # of its cards is the discard. All its cards are worth the same: the lowest index is the one chosen.
    if not ranks & (ranks - 1):
        # one rank: its closed form is quicker than what follows
        return _mask_discard_search(a, b, c, d, ranks, four, t)
    linked = t.linked
    free = ranks & ~(linked[a] | linked[b] | linked[c] | linked[d])
    if free and not t.allow4:
        free &= ~four
    if not free:
        return _mask_discard_search(a, b, c, d, ranks, four, t)
    a0 = a
    a &= ~free
    b &= ~free
    c &= ~free
    d &= ~free
    ranks ^= free
    values, K, allow3 = t.values, t.scale, t.allow3
    dwk = t.dwk
    # best: the least key with every such set taken; kept: the least points then (as a key's dwk part)
    if not ranks:
        p0, p1, p2, p3 = t.disc_packed
        kept = dwk[a] + dwk[b] + dwk[c] + dwk[d]
        best = kept + min(p0[a], p1[b], p2[c], p3[d])
    elif not ranks & (ranks - 1):
        # one rank left (the usual case): both from its closed form, as in _mask_discard_search
        p0, p1, p2, p3 = t.disc_packed
        nl = ~ranks
        a1, b1, c1, d1 = a & nl, b & nl, c & nl, d & nl
        P0, P1, P2, P3 = p0[a], p1[b], p2[c], p3[d]
        Q0, Q1, Q2, Q3 = p0[a1], p1[b1], p2[c1], p3[d1]
        x0, x1, x2, x3 = dwk[a], dwk[b], dwk[c], dwk[d]
        y0, y1, y2, y3 = dwk[a1], dwk[b1], dwk[c1], dwk[d1]
        kept = x0 + x1 + x2 + x3
        m01 = P0 if P0 < P1 else P1
        m23 = P2 if P2 < P3 else P3
        best = kept + (m01 if m01 < m23 else m23)
        y = y0 + y1 + y2 + y3
        m01 = Q0 if Q0 < Q1 else Q1
        m23 = Q2 if Q2 < Q3 else Q3
        if not four & ranks:
            # three suits (so sets of three are legal): no set or the set of three
            v = y + (m01 if m01 < m23 else m23)
            if v < best:
                best = v
            if y < kept:
                kept = y
        else:
            if t.allow4:
                v = y + (m01 if m01 < m23 else m23)
                if v < best:
                    best = v
                if y < kept:
                    kept = y
            if allow3:
                kept3 = y - max(y0 - x0, y1 - x1, y2 - x2, y3 - x3)
                if kept3 < kept:
                    kept = kept3
                e = Q1 if Q1 < m23 else m23
                v = y - y0 + x0 + (P0 if P0 < e else e)
                if v < best:
                    best = v
                e = Q0 if Q0 < m23 else m23
                v = y - y1 + x1 + (P1 if P1 < e else e)
                if v < best:
                    best = v
                e = Q3 if Q3 < m01 else m01
                v = y - y2 + x2 + (P2 if P2 < e else e)
                if v < best:
                    best = v
                e = Q2 if Q2 < m01 else m01
                v = y - y3 + x3 + (P3 if P3 < e else e)
                if v < best:
                    best = v
    else:
        best = _mask_discard_search(a, b, c, d, ranks, four & ranks, t)
        kept = (K * _mask_points(a, b, c, d, ranks, t)) << 16
    while free:
        bit = free & -free
        free ^= bit
        r = bit.bit_length()
        v = values[r]
        if four & bit:
            extra = 0 if allow3 else 3 * v
            s = 0
        else:
            extra = 2 * v
            # the lowest suit holding it (of three suits, the first or the second)
            s = 0 if a0 & bit else 1
        key = kept + ((K * extra - v) << 16) + ((13 * s + r - 1) << 10)
        if key < best:
            best = key
    return best


def _mask_discard_search(a: int, b: int, c: int, d: int, ranks: int, four: int, t: _Tables) -> int:
    """``_mask_discard_key`` by enumeration: every combination of set choices of all ranks but the last,
    the last one in closed form."""
    dwk = t.dwk
    p0, p1, p2, p3 = t.disc_packed
    if not ranks:
        return dwk[a] + dwk[b] + dwk[c] + dwk[d] + min(p0[a], p1[b], p2[c], p3[d])
    last = four & -four if four else ranks & -ranks
    rest = ranks ^ last
    states = _other_states(a, b, c, d, rest, t)
    nl = ~last
    best = 1 << 100
    if four & last:
        allow3, allow4 = t.allow3, t.allow4
        for a, b, c, d in states:
            a1, b1, c1, d1 = a & nl, b & nl, c & nl, d & nl
            P0, P1, P2, P3 = p0[a], p1[b], p2[c], p3[d]
            Q0, Q1, Q2, Q3 = p0[a1], p1[b1], p2[c1], p3[d1]
            x0, x1, x2, x3 = dwk[a], dwk[b], dwk[c], dwk[d]
            y0, y1, y2, y3 = dwk[a1], dwk[b1], dwk[c1], dwk[d1]
            # (comparisons rather than min(): a builtin call costs more than the three it replaces)
            m01 = P0 if P0 < P1 else P1
            m23 = P2 if P2 < P3 else P3
            k = x0 + x1 + x2 + x3 + (m01 if m01 < m23 else m23)
            y = y0 + y1 + y2 + y3
            m01 = Q0 if Q0 < Q1 else Q1
            m23 = Q2 if Q2 < Q3 else Q3
            if allow4:
                v = y + (m01 if m01 < m23 else m23)
                if v < k:
                    k = v
            if allow3:
                # the three that leave suit s out: suit s as it is, the other three without the card;
                # the discard is suit s's best or the best of the other three
                e = Q1 if Q1 < m23 else m23
                v = y - y0 + x0 + (P0 if P0 < e else e)
                if v < k:
                    k = v
                e = Q0 if Q0 < m23 else m23
                v = y - y1 + x1 + (P1 if P1 < e else e)
                if v < k:
                    k = v
                e = Q3 if Q3 < m01 else m01
                v = y - y2 + x2 + (P2 if P2 < e else e)
                if v < k:
                    k = v
                e = Q2 if Q2 < m01 else m01
                v = y - y3 + x3 + (P3 if P3 < e else e)
                if v < k:
                    k = v
            if k < best:
                best = k
    else:
        # held in three suits: no set or the set of three (the fourth suit's look-ups are equal)
        for a, b, c, d in states:
            a1, b1, c1, d1 = a & nl, b & nl, c & nl, d & nl
            P0, P1, P2, P3 = p0[a], p1[b], p2[c], p3[d]
            m01 = P0 if P0 < P1 else P1
            m23 = P2 if P2 < P3 else P3
            k = dwk[a] + dwk[b] + dwk[c] + dwk[d] + (m01 if m01 < m23 else m23)
            P0, P1, P2, P3 = p0[a1], p1[b1], p2[c1], p3[d1]
            m01 = P0 if P0 < P1 else P1
            m23 = P2 if P2 < P3 else P3
            v = dwk[a1] + dwk[b1] + dwk[c1] + dwk[d1] + (m01 if m01 < m23 else m23)
            if v < k:
                k = v
            if k < best:
                best = k
    return best


def deadwood_mask(mask: int, rules: MeldRules, values: Sequence[int]) -> int:
    """The least deadwood of a hand given as a 52-bit mask (see ``hand_mask``): the points of
    ``arrange(mask_cards(mask), rules, values)``, computed on ints alone, for bulk work (statistics,
    simulations). Same exactness; no result of one hand is kept for another.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> gin, values = MeldRules(), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> deadwood_mask(hand_mask(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD")), gin, values)
    1
    """
    # the tables of the previous call's rules, checked inline: a call costs as much as the look-ups
    t = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if t is None:
        return arrange(mask_cards(mask), rules, values).points
    a = mask & 0x1FFF
    b = (mask >> 13) & 0x1FFF
    c = (mask >> 26) & 0x1FFF
    d = (mask >> 39) & 0x1FFF
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    dw = t.dw
    if ranks and t.sets:
        if t.any_size:
            linked = t.linked
            link = linked[a] | linked[b] | linked[c] | linked[d]
            if not ranks & link:
                # (a common case, worth a shortcut) every such rank is in no run: its set is taken
                # whole, as _mask_points would
                ranks = ~ranks
                return dw[a & ranks] + dw[b & ranks] + dw[c & ranks] + dw[d & ranks]
            if not ranks & (ranks - 1):
                # one rank (the usual case): _mask_points's closed form inline, sets of 3 and 4 legal
                x0, x1, x2, x3 = dw[a], dw[b], dw[c], dw[d]
                nl = ~ranks
                x = x0 + x1 + x2 + x3
                if a & b & c & d & ranks:
                    y0, y1, y2, y3 = dw[a & nl], dw[b & nl], dw[c & nl], dw[d & nl]
                    off = max(y0 - x0, y1 - x1, y2 - x2, y3 - x3, 0)
                    v = y0 + y1 + y2 + y3 - off
                else:
                    v = dw[a & nl] + dw[b & nl] + dw[c & nl] + dw[d & nl]
                return v if v < x else x
            return _mask_points(a, b, c, d, ranks, t, link)
        return _mask_points(a, b, c, d, ranks, t)
    return dw[a] + dw[b] + dw[c] + dw[d]


def deadwood_masks(masks: Iterable[int], rules: MeldRules, values: Sequence[int]) -> list[int]:
    """``deadwood_mask`` of many hands at once (the rules are looked up once).

    >>> from scorekeeper.engine.cards import parse_cards
    >>> gin, values = MeldRules(), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> deadwood_masks([hand_mask(parse_cards("AS 2S 3S")), hand_mask(parse_cards("AS 2H"))], gin, values)
    [0, 3]
    """
    t = _tables_for_masks(rules, values)
    if t is None:
        return [arrange(mask_cards(m), rules, values).points for m in masks]
    dw = t.dw
    sets = t.sets
    linked, any_size = t.linked, t.any_size
    out = []
    append = out.append
    for m in masks:
        a = m & 0x1FFF
        b = (m >> 13) & 0x1FFF
        c = (m >> 26) & 0x1FFF
        d = (m >> 39) & 0x1FFF
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        if ranks and sets:
            if any_size:
                link = linked[a] | linked[b] | linked[c] | linked[d]
                if ranks & link:
                    append(_mask_points(a, b, c, d, ranks, t, link))
                else:
                    ranks = ~ranks  # (as in deadwood_mask)
                    append(dw[a & ranks] + dw[b & ranks] + dw[c & ranks] + dw[d & ranks])
            else:
                append(_mask_points(a, b, c, d, ranks, t))
        else:
            append(dw[a] + dw[b] + dw[c] + dw[d])
    return out


def best_discard_mask(mask: int, rules: MeldRules, values: Sequence[int]) -> tuple[int, int]:
    """``best_discard`` on a 52-bit hand mask: (bit index of the discard, least deadwood left). The same
    card as ``best_discard`` chooses (among equal results the highest-valued card).

    >>> from scorekeeper.engine.cards import parse_cards
    >>> gin, values = MeldRules(), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> i, points = best_discard_mask(hand_mask(parse_cards("3H 4H 5H 8S 8D 8C JC QC KC AD 9D")), gin, values)
    >>> mask_cards(1 << i), points
    ([Card.parse('9D')], 1)
    """
    if not mask:
        raise ValueError("best_discard needs at least one card")
    t = _last[2] if rules is _last[0] and values is _last[1] else _get_tables(rules, values)
    if t is not None:
        a = mask & 0x1FFF
        b = (mask >> 13) & 0x1FFF
        c = (mask >> 26) & 0x1FFF
        d = (mask >> 39) & 0x1FFF
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        if not (ranks and t.sets):
            dw = t.dw
            p0, p1, p2, p3 = t.disc_packed
            # the least of four by comparisons: quicker than a call to min()
            k = p0[a]
            x = p1[b]
            if x < k:
                k = x
            x = p2[c]
            if x < k:
                k = x
            x = p3[d]
            if x < k:
                k = x
            return (k >> 10) & 63, dw[a] + dw[b] + dw[c] + dw[d] + (k & 1023) - 512
        if t.keys_decode:
            if ranks & (ranks - 1) or not t.allow3:
                k = _mask_discard_key(a, b, c, d, ranks, t)
            else:
                # one rank (the usual case): its closed form (as in _mask_discard_search), inline
                dwk = t.dwk
                p0, p1, p2, p3 = t.disc_packed
                nl = ~ranks
                a1, b1, c1, d1 = a & nl, b & nl, c & nl, d & nl
                P0, P1, P2, P3 = p0[a], p1[b], p2[c], p3[d]
                Q0, Q1, Q2, Q3 = p0[a1], p1[b1], p2[c1], p3[d1]
                x0, x1, x2, x3 = dwk[a], dwk[b], dwk[c], dwk[d]
                y0, y1, y2, y3 = dwk[a1], dwk[b1], dwk[c1], dwk[d1]
                m01 = P0 if P0 < P1 else P1
                m23 = P2 if P2 < P3 else P3
                k = x0 + x1 + x2 + x3 + (m01 if m01 < m23 else m23)
                y = y0 + y1 + y2 + y3
                m01 = Q0 if Q0 < Q1 else Q1
                m23 = Q2 if Q2 < Q3 else Q3
                if not a & b & c & d & ranks:
                    # three suits: no set or the set of three (allow3 holds here)
                    v = y + (m01 if m01 < m23 else m23)
                    if v < k:
                        k = v
                else:
                    if t.allow4:
                        v = y + (m01 if m01 < m23 else m23)
                        if v < k:
                            k = v
                    e = Q1 if Q1 < m23 else m23
                    v = y - y0 + x0 + (P0 if P0 < e else e)
                    if v < k:
                        k = v
                    e = Q0 if Q0 < m23 else m23
                    v = y - y1 + x1 + (P1 if P1 < e else e)
                    if v < k:
                        k = v
                    e = Q3 if Q3 < m01 else m01
                    v = y - y2 + x2 + (P2 if P2 < e else e)
                    if v < k:
                        k = v
                    e = Q2 if Q2 < m01 else m01
                    v = y - y3 + x3 + (P3 if P3 < e else e)
                    if v < k:
                        k = v
            # k >> 16 = scale * points - value of the discard, with 0 <= value < scale
            return (k >> 10) & 63, -(-(k >> 16) // t.scale)
        if not ranks & (ranks - 1):
            # one rank could hold a set: each choice as in _discard_search, inline
            dw = t.dw
            K = t.scale
            p0, p1, p2, p3 = t.disc_packed
            q = (a & ranks and 1) | (b & ranks and 2) | (c & ranks and 4) | (d & ranks and 8)
            best = 1 << 200
            points = 0
            for x0, x1, x2, x3, _ in t.removals[ranks.bit_length()][q]:
                aa, bb, cc, dd = a ^ x0, b ^ x1, c ^ x2, d ^ x3
                left = dw[aa] + dw[bb] + dw[cc] + dw[dd]
                key = (K * left << 16) + min(p0[aa], p1[bb], p2[cc], p3[dd])
                if key < best:
                    best, points = key, left
            # (the first choice sets no cards aside, so some card is always there to discard)
            return (best >> 10) & 63, points + (best & 1023) - 512
        found = _fast_discard_masks((a, b, c, d), t)
        if found is not None:
            s, bit, points = found[:3]
            return 13 * s + bit.bit_length() - 1, points
    card, arrangement = best_discard(mask_cards(mask), rules, values)
    return 13 * _SUIT_INDEX[card.suit] + card.rank - 1, arrangement.points


# -- declared melds: their shape, checking them, laying off on them -------------------------------------


def _layout(meld: Sequence[Card], p: _Params) -> tuple | str:
    """What a declared meld is: ``("set", rank, suits, jokers)`` or ``("run", suit, lo, hi, jokers)``,
    with run positions 1..14 (14 = ace high); or, when it is no meld, the reason as a string.

    A joker with ``stands_for`` must play as that card; a joker without one plays wherever it fits (in a
    run, gaps first, then above the naturals, then below).
    """
    size = len(meld)
    jokers = [c for c in meld if c.is_joker]
    naturals = [c for c in meld if not c.is_joker]
    k = len(jokers)
    if k > p.max_jokers:
        return _("holds {count} jokers; a meld may hold at most {limit}", count=k, limit=p.max_jokers)
    if len(naturals) < max(p.min_naturals, 0):
        return _("needs at least {count} natural card(s)", count=p.min_naturals)
    effective = naturals + [c.stands_for for c in jokers if c.stands_for is not None]
    ranks = {c.rank for c in effective}
    suits = {c.suit for c in effective}
    set_reason = run_reason = ""
    # a set?
    if len(ranks) > 1:
        set_reason = _("is not all one rank")
    elif not p.set_min <= size <= p.set_max:
        set_reason = (_("has {size} cards; a set has {low}-{high}", size=size, low=p.set_min, high=p.set_max)
                      if p.set_max < 10**6
                      else _("has {size} cards; a set has at least {low}", size=size, low=p.set_min))
    elif p.distinct and len(suits) != len(effective):
        set_reason = _("repeats a suit; a set needs different suits")
    else:
        rank = next(iter(ranks), 0)
        return ("set", rank, [_SUIT_INDEX[c.suit] for c in effective], k)
    # a run?
    if len(suits) > 1:
        run_reason = _("is not all one suit")
    elif not p.run_min <= size <= p.run_max:
        run_reason = _("has {size} cards; a run has {low}-{high}", size=size, low=p.run_min, high=p.run_max)
    else:
        fixed = sorted(c.rank for c in effective if c.rank != 1)
        aces = sum(1 for c in effective if c.rank == 1)
        if len(set(fixed)) != len(fixed):
            run_reason = _("repeats a card")
        else:
            windows = []
            for lo in range(p.minpos, p.maxpos - size + 2):
                hi = lo + size - 1
                if not p.window_ok(lo, hi):
                    continue
                if fixed and (fixed[0] < lo or fixed[-1] > hi):
                    continue
                if aces > sum(1 for x in (1, 14) if lo <= x <= hi):
                    continue
                windows.append(lo)
            if windows:
                # free jokers fill gaps, then extend upwards: the lowest window that starts at a natural
                low_nat = fixed[0] if fixed else 14
                if aces and 1 in [lo for lo in windows] and p.low:
                    low_nat = 1
                starts = [lo for lo in windows if lo >= min(low_nat, windows[-1])]
                lo = starts[0] if starts else windows[0]
                suit = _SUIT_INDEX[next(iter(suits))] if suits else 0
                return ("run", suit, lo, lo + size - 1, k)
            run_reason = (
                _("is not consecutive") if not aces or (p.high and p.low)
                else _("is not consecutive (the ace is low only)") if p.low
                else _("is not consecutive (the ace is high only)")
            )
    if len(ranks) <= 1:
        return set_reason
    if len(suits) <= 1:
        return run_reason
    return _("is neither a set nor a run")


def check_declared(
    melds: Iterable[Iterable[Card]], deadwood: Iterable[Card], rules: MeldRules, values: Sequence[int]
) -> DeclaredCheck:
    """Check a knocker's declared arrangement: every meld legal, no card more often than the deck holds.

    ``points`` is the deadwood's value, given even when the arrangement is refused.

    >>> from scorekeeper.engine.cards import parse_cards
    >>> rumino = MeldRules(set_distinct_suits=False, run_max=4, decks=2, jokers_in_deck=4)
    >>> values = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> check_declared([parse_cards("AS 2S 3S"), parse_cards("8H 8C 8D")], parse_cards("6D"), rumino, values)
    DeclaredCheck(valid=True, reason='', points=6)
    >>> check_declared([parse_cards("QS KS AS")], parse_cards("6D"), rumino, values).reason
    'meld 1 (Q♠ K♠ A♠) is not consecutive (the ace is low only)'
    """
    values = _check_values(values)
    melds = [tuple(m) for m in melds]
    deadwood = tuple(deadwood)
    points = sum(values[c.rank] for c in deadwood)
    p = _Params(rules)
    for n, meld in enumerate(melds, 1):
        shape = _layout(meld, p)
        if isinstance(shape, str):
            return DeclaredCheck(False, _("meld {number} ({cards}) {why}", number=n, cards=format_cards(meld),
                                          why=shape), points)
    counts = Counter(Card.joker() if c.is_joker else c for m in melds for c in m)
    counts.update(Card.joker() if c.is_joker else c for c in deadwood)
    for card, n in sorted(counts.items(), key=lambda item: item[0].sort_key()):
        limit = rules.jokers_in_deck if card.is_joker else rules.decks
        if n > limit:
            what = _("jokers") if card.is_joker else card.symbol
            return DeclaredCheck(False, _("{count} × {what} declared, but the deck holds {limit}", count=n, what=what,
                                          limit=limit), points)
    return DeclaredCheck(True, "", points)


def _decode(state: int, jokers: int) -> list[Card]:
    cards = []
    for i in range(52):
        n = (state >> (_FIELD * i)) & _FIELD_MASK
        cards.extend([_CARD[i // 13][i % 13 + 1]] * n)
    return cards + [Card.joker() for _ in range(jokers)]


def _layoff_options(shape: tuple, st: int, j: int, p: _Params):
    """Every way to lay off on one knocker meld from (st, j): (new state, new jokers, cards laid off)."""
    out = [(st, j, ())]
    if shape[0] == "set":
        _, r, suits, k = shape
        if r == 0:
            return out  # a set of jokers alone: its rank is anybody's guess, nothing is laid off
        room = p.set_max - (len(suits) + k)
        caps = []
        for t in range(4):
            c = (st >> (_FIELD * (t * 13 + r - 1))) & _FIELD_MASK
            if p.distinct:
                c = 0 if t in suits else min(c, 1)
            caps.append(c)
        out = []
        for combo in product(*(range(c + 1) for c in caps)):
            nat = sum(combo)
            for jk in range(min(j, p.max_jokers - k) + 1):
                if nat + jk > room:
                    break
                st2 = st
                cards: list[Card] = []
                for t, n in enumerate(combo):
                    st2 -= n << (_FIELD * (t * 13 + r - 1))
                    cards.extend([_CARD[t][r]] * n)
                used = suits + [t for t, n in enumerate(combo) for _ in range(n)]
                cards.extend(_set_cards(r, used, jk, p.distinct)[len(used):])
                out.append((st2, j - jk, tuple(cards)))
        return out
    _, s, lo, hi, k = shape
    jmax = min(j, p.max_jokers - k)

    def grow(partials, q):
        shift = _FIELD * (s * 13 + _rank_at(q) - 1)
        nxt = []
        for st1, used, cards in partials:
            if (st1 >> shift) & _FIELD_MASK:
                nxt.append((st1 - (1 << shift), used, cards + (_CARD[s][_rank_at(q)],)))
            if used < jmax:
                nxt.append((st1, used + 1, cards + (Card.joker(_CARD[s][_rank_at(q)]),)))
        return nxt

    out = []
    # chained lay-offs: a cards below the run, then b above it, each one touching the last
    down = [(st, 0, ())]
    a = 0
    while down:
        up = down
        b = 0
        while up:
            if a + b == 0 or p.window_ok(lo - a, hi + b):
                out.extend((st1, j - used, cards) for st1, used, cards in up)
            b += 1
            q = hi + b
            if q > p.maxpos or (lo - a == 1 and q == 14 and not p.both) or hi + b - (lo - a) + 1 > p.run_max:
                break
            up = grow(up, q)
        a += 1
        q = lo - a
        if q < p.minpos or (q == 1 and hi == 14 and not p.both) or hi - q + 1 > p.run_max:
            break
        down = grow(down, q)
    return out


def layoff(
    defender_cards: Iterable[Card],
    knocker_melds: Iterable[Iterable[Card]],
    rules: MeldRules,
    values: Sequence[int],
) -> Arrangement:
    """The defender's least deadwood after forming their own melds and laying off on the knocker's.

    A run is extended at either end, card after card, up to the ace or king its ace rule allows and to
    the longest run the rules allow; a set takes more cards up to its largest size. Each card is used
    in the defender's own meld or laid off, whichever leaves less deadwood (the search is exact).

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> gin = MeldRules()
    >>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> knocker = [parse_cards(m) for m in ("3H 4H 5H", "8S 8D 8C", "JC QC KC")]
    >>> a = layoff(parse_cards("9D 9H 9S 5C 6C 7C 6H 10C KD 4S"), knocker, gin, values)
    >>> a.points, format_cards(a.laid_off), format_cards(a.deadwood)
    (14, '6♥ 10♣', '4♠ K♦')
    """
    values = _check_values(values)
    p = _Params(rules)
    shapes = []
    for n, meld in enumerate(knocker_melds, 1):
        meld = tuple(meld)
        shape = _layout(meld, p)
        if isinstance(shape, str):
            raise ValueError(f"knocker's meld {n} ({format_cards(meld)}) {shape}")
        shapes.append(shape)
    st0, j0 = _encode(defender_cards)
    best: list = [None, None]  # (points, laid-off count), arrangement

    def dfs(n: int, st: int, j: int, laid: tuple[Card, ...]) -> None:
        if n == len(shapes):
            own = arrange(_decode(st, j), rules, values)
            rank = (own.points, len(laid))
            if best[0] is None or rank < best[0]:
                best[0] = rank
                best[1] = Arrangement(own.melds, own.deadwood, own.points, laid)
            return
        for st2, j2, cards in _layoff_options(shapes[n], st, j, p):
            dfs(n + 1, st2, j2, laid + cards)

    dfs(0, st0, j0, ())
    return best[1]


def arrangements(
    cards: Iterable[Card], rules: MeldRules, values: Sequence[int], max_points: int
) -> list[Arrangement]:
    """Every way to lay ``cards`` out in disjoint legal melds whose deadwood is at most ``max_points``.

    A knocker who declared no melds may show any of these (docs/rules/gin.md#knock: the one best for the knocker
    once the defenders' lay-offs are counted, which ``layoff`` works out for each). Melds are the shapes
    ``check_declared`` accepts; identical cards from two decks give each layout once. Least deadwood comes
    first; melds and cards keep the order the cards were given in, so a layout reads as the player typed.

    >>> from scorekeeper.engine.cards import parse_cards, format_cards
    >>> values = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    >>> found = arrangements(parse_cards("3C 4C 5C 6C 6D 6H 6S"), MeldRules(), values, 3)
    >>> [(" | ".join(format_cards(m) for m in a.melds), a.points) for a in found]
    [('3♣ 4♣ 5♣ | 6♣ 6♦ 6♥ 6♠', 0), ('3♣ 4♣ 5♣ 6♣ | 6♦ 6♥ 6♠', 0), ('4♣ 5♣ 6♣ | 6♦ 6♥ 6♠', 3)]
    """
    values = _check_values(values)
    p = _Params(rules)
    cards = tuple(cards)
    # naturals first, jokers last: the first card left is the one placed next
    cards = tuple(c for c in cards if not c.is_joker) + tuple(c for c in cards if c.is_joker)
    biggest = max(p.set_max, p.run_max if p.run_max < 10**6 else 14)
    found: dict[tuple, Arrangement] = {}

    def key(c: Card) -> tuple:
        return c.sort_key()

    def melds_with(first: Card, rest: tuple[Card, ...]):
        """Legal melds holding ``first`` and some of ``rest``: (the meld, what is left), each once."""
        seen: set[tuple] = set()
        if first.is_joker:
            groups = [[i for i, c in enumerate(rest) if c.is_joker]]
        else:
            groups = [
                [i for i, c in enumerate(rest) if c.is_joker or c.rank == first.rank],
                [i for i, c in enumerate(rest) if c.is_joker or c.suit == first.suit],
            ]
        for group in groups:
            for size in range(2, min(len(group), biggest - 1) + 1):
                for combo in combinations(group, size):
                    meld = (first,) + tuple(rest[i] for i in combo)
                    sig = tuple(sorted(key(c) for c in meld))
                    if sig in seen:
                        continue
                    seen.add(sig)
                    if isinstance(_layout(meld, p), str):
                        continue
                    chosen = set(combo)
                    yield meld, tuple(c for i, c in enumerate(rest) if i not in chosen)

    def walk(rest: tuple[Card, ...], melds: tuple, dead: tuple, points: int) -> None:
        if points > max_points:
            return
        if not rest:
            sig = (tuple(sorted(tuple(sorted(key(c) for c in m)) for m in melds)), tuple(sorted(key(c) for c in dead)))
            if sig not in found:
                found[sig] = Arrangement(tuple(melds), tuple(dead), points)
            return
        first, others = rest[0], rest[1:]
        for meld, left in melds_with(first, others):
            walk(left, melds + (meld,), dead, points)
        walk(others, melds, dead + (first,), points + values[first.rank])

    walk(cards, (), (), 0)
    return sorted(found.values(), key=lambda a: (a.points, -len(a.melds)))
