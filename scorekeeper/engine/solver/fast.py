"""The fast path: hands with no jokers and no duplicate cards (Gin, Oklahoma, most single-deck hands).

Runs live inside one suit, so the best run cover of every 13-bit suit mask is precomputed once per rule
configuration (a table of 8192 entries per suit, built on first use and kept in the solver's bounded
cache); only the choice of sets, which ties suits together, is searched per hand, and only for ranks
held in three suits or more (the last such rank in closed form). A rank with no card in a run of its
suit gives its whole set without a search when that is strictly best.

Each ``_Tables`` also carries its compiled lane (``compiled``): the same search in C (``_lane.c``), built
from these very tables, which ``search.arrange`` asks first. It is None where the extension was not built
(a machine with no C compiler) or is switched off (``SCOREKEEPER_SOLVER_PURE=1``); the Python here then
answers every hand, and it stays the reference the compiled lane is tested against.
"""

from __future__ import annotations

import os
import struct

from ..cards import SUITS, Card
from ..melds import MeldRules
from .common import _CARD, _INF, Arrangement, _cache, _check_values, _last, _Params

try:
    from . import _lane
except ImportError:  # built at install where a C compiler is found (pyproject.toml); else pure Python
    _lane = None


class _Tables:
    """Per rule configuration: the best run cover of every suit mask, and the set choices per rank.

    Built once per (run rules, values) and shared by every later hand with the same rules: these are
    tables keyed by suit masks, never results of earlier hands.
    """

    def __init__(self, p: _Params, values: tuple[int, ...]) -> None:
        # naturals only: the table is shared by rules that differ in the joker's value alone
        values = (0,) + tuple(values[1:])
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
        # Card tuples for every (suit, mask), so a hand's answer is a few tuple concatenations: the runs
        # of the four suits, then their deadwood.
        melds = []
        dead = []
        for s in range(4):
            cards = _CARD[s]
            melds.append([tuple(tuple(cards[r] for r in run) for run in runs) for runs, _ in best_plan])
            dead.append([tuple(cards[r] for r in d) for _, d in best_plan])
        # (tuples, which the compiled lane then holds as they are instead of copying them)
        self.suit_tables = tuple(tuple(table) for table in melds + dead)
        # For best_discard: dropping card d from mask m leaves dw[m ^ d]; key orders by points then by
        # the discard's value (higher first). delta = key - scale*dw[m], so a hand adds one term.
        K = self.scale
        delta = [_INF] * size
        chosen = [0] * size
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
            delta[m] = best - K * best_dw[m]
            chosen[m] = bit
        # Per suit s: the discard of mask m packed in one int that orders as (delta, card index): the
        # least over the four suits is the discard best_discard picks, and its low bits carry the card's
        # index (13*s + rank - 1) and the change in deadwood (+512).
        self.disc_packed = []
        for s in range(4):
            packed = [1 << 60] * size
            for m in range(1, size):
                bit = chosen[m]
                change = best_dw[m ^ bit] - best_dw[m]
                packed[m] = ((delta[m] << 6) + 13 * s + bit.bit_length() - 1 << 10) + change + 512
            self.disc_packed.append(packed)
        # Set choices for a rank whose suits are q (4 bits): no set first, then every legal subset.
        subsets = []
        for q in range(16):
            opts = [0]
            for sub in range(1, 16):
                if sub & q == sub and self.set_min <= sub.bit_count() <= self.set_max:
                    opts.append(sub)
            subsets.append(opts)
        self.set_cards = tuple(
            tuple(tuple(_CARD[t][r] for t in range(4) if sub >> t & 1) for sub in range(16)) for r in range(14)
        )
        # Sets need three or more cards here, so only ranks held in three suits or more can hold one
        # (the four-card case is checked again when subsets are enumerated).
        self.sets = self.set_max >= self.set_min
        # removals[r][q]: for rank r held in suits q, each set choice as the bits it takes from the
        # four suit masks, plus (rank, subset) to name it
        self.removals = [
            [
                [tuple((1 << r >> 1) if sub >> i & 1 else 0 for i in range(4)) + ((r, sub),)
                 for sub in subsets[q]]
                for q in range(16)
            ]
            for r in range(14)
        ]
        # Sets of three and of four both legal (Gin) and every card worth something: a rank in no run
        # then always gives its whole set, strictly best (see _fast_arrange)
        self.sure_sets = self.set_min <= 3 and 4 <= self.set_max and min(values[1:]) > 0
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
        # The lane (search.arrange) for rules whose runs are three cards or more with the ace playing low
        # (and high as well when ``lane`` is True): a hand with no three cards in sequence in any suit holds
        # no run at all, and its deadwood is then every card left out of a set, in suit and rank order, read
        # from small tables a byte of the hand mask at a time (they stay in the processor's cache, where the
        # 8192-entry tables would not). None where the rules allow no lane.
        self.lane = p.high if p.low and run_min == 3 <= p.run_max and min(values[1:]) >= 0 else None
        # Each card's bit in a hand mask (_BIT_OF) with, for the lane, its value above the 64 bits: a hand's
        # sum then carries its cards' points as well (none is negative, so none borrows from the cards).
        self.bit_of = _BIT_OF if self.lane is None else [
            bit + (values[(p_ - 1) // 4] << 64 if p_ else 0) for p_, bit in enumerate(_BIT_OF)]
        # dead_bytes[k][x]: the cards of byte k of a hand mask (suit k // 2, ranks 1-8 or 9-13) whose bits
        # are x, in rank order (the guard bits are never set when it is read)
        self.dead_bytes = tuple(
            [tuple(_CARD[k // 2][r] for r in range(8 * (k % 2) + 1, min(8 * (k % 2) + 9, 14))
                   if x >> (r - 1 - 8 * (k % 2)) & 1) for x in range(256)]
            for k in range(8)
        )
        self.compiled = self._compile()

    def _compile(self):
        """The compiled lane on these tables (``_lane.Lane``), or None: no extension, switched off, or
        values too large for its 64-bit sums (the Python path then answers every hand)."""
        if _lane is None or os.environ.get("SCOREKEEPER_SOLVER_PURE") == "1":
            return None
        try:
            return _lane.Lane(Card, Arrangement, _BIT_OF, self.dw, self.linked, self.suit_tables,
                              self.set_cards, self.set_min, self.set_max, self.sure_sets, self.sets)
        except (OverflowError, TypeError, ValueError):
            return None

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


# A hand as one 64-bit integer, the sum of its cards' bits: 16 bits per suit (suit i from bit 16*i, rank r
# at bit r-1), read by each card's ``physical`` number. A joker sets bit 13, the first of the three guard
# bits above each suit's 13; two copies of one card carry into another bit, so the bit count falls short.
_BIT_OF = [1 << 13] + [0] * (13 * 4 + 4)
for _i, _cards in enumerate(_CARD):
    for _r in range(1, 14):
        _BIT_OF[_cards[_r].physical] = 1 << (16 * _i + _r - 1)
del _i, _cards, _r
#: a hand mask holding a joker or a duplicate card there (the guard bits)
_GUARD = 0xE000E000E000E000
#: the cards' bits of a hand's sum (above them, the lane's points: _Tables.bit_of)
_HAND = (1 << 64) - 1
#: the four suit masks of a hand mask's eight bytes
_split = struct.Struct("<4H").unpack
#: the eight bytes of a hand mask, as numbers
_bytes = struct.Struct("8B").unpack
#: the aces of a hand mask, and each suit's copy of a 13-bit rank mask
_ACES = 0x0001000100010001


class _Blank:
    """An Arrangement's slots, filled before the object becomes an Arrangement (``_arrangement``)."""

    __slots__ = Arrangement.__slots__


def _arrangement(melds: tuple, deadwood: tuple, points: int) -> Arrangement:
    """An Arrangement built without the frozen dataclass's __init__ (which sets each field through
    ``object.__setattr__``): a blank object of the same layout is filled, then made an Arrangement, the
    very object the dataclass makes (equal, hashed and printed alike) at a third of the cost."""
    a = _Blank()
    a.melds = melds
    a.deadwood = deadwood
    a.points = points
    a.laid_off = ()
    a.__class__ = Arrangement  # type: ignore[assignment]
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
    """The arrangement of the hand whose suit masks are ``a``-``d`` (no joker, no duplicate)."""
    m0, m1, m2, m3, d0, d1, d2, d3 = t.suit_tables
    ranks = ((a & b & (c | d)) | (c & d & (a | b))) if t.sets else 0
    if not ranks:
        dw = t.dw
        return _arrangement(
            m0[a] + m1[b] + m2[c] + m3[d], d0[a] + d1[b] + d2[c] + d3[d], dw[a] + dw[b] + dw[c] + dw[d]
        )
    free = 0
    if t.sure_sets:
        # Ranks in no run (no card of theirs in _Tables.linked) give their whole set: with every card
        # worth something that is strictly best, so the search would choose it too. The highest rank
        # stays in the search unless all are free: the search's last rank breaks ties its own way, and
        # keeping it there keeps every choice (and so the arrangement) exactly what the full search makes.
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
