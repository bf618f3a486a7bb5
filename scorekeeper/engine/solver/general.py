"""The general search: the least deadwood of any hand (two or three decks, jokers, duplicates).

Sets are the only melds that tie suits together, so the hand splits into components that meet only
through the jokers they take: the sets of each rank (every way a rank's cards split into legal sets,
with the joker counts each way can hold: a table per rule configuration keyed by the rank's pattern of
copies), the runs of each suit, and a pool of jokers melded alone or left over. For each choice of sets,
each suit's least deadwood for 0..J jokers comes from a table (every suit of at most six single cards,
built once per rules and values) or from a search over that suit's pattern memoised within the call; a
min-plus convolution over the jokers combines the components, with a lower bound and shared prefixes to
skip work. A set of one natural card and jokers is never searched where a run of the same size is legal:
the run search finds the same card with the same jokers.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card
from ..melds import MeldRules
from .common import _CARD, _INF, _SUIT_INDEX, Arrangement, _cache, _last_general, _Params, _rank_at


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
    last = _last_general
    if rules is last[0] and values is last[1] and discard is last[2]:
        rank_sets, p = last[3], last[5]
    else:
        p = _Params(rules)
        rank_sets = _rank_sets_for(p, rules.decks)
        last[:] = [rules, values, discard, rank_sets, None, p]
    ms = [0, 0, 0, 0]
    jokers = 0
    for c in cards:
        if c.rank == 0:
            jokers += 1
        else:
            ms[_SUIT_INDEX[c.suit]] += 1 << (3 * (c.rank - 1))
    width = min(rules.jokers_in_deck, _TABLE_JOKERS)
    table = None
    if jokers <= width:
        table = last[4] if last[0] is rules else None
        if table is None:
            table = _suit_table(p, values, width, discard)
            if last[0] is rules:
                last[4] = table
    search = _General(p, rank_sets, values, jokers, discard, width if table is not None else 0, table)
    found = search.solve(ms)
    melds, dead, disc = search.reconstruct(found)
    points = sum(values[c.rank] for c in dead)
    return Arrangement(tuple(melds), tuple(dead), points), disc
