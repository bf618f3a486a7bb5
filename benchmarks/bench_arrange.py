"""Benchmark of the least-deadwood solver (issue 3). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_arrange.py [--quick]

Each figure is the median of several timed runs over a fixed list of pre-dealt hands, after a warm-up
run (the warm-up also builds the per-rule suit tables, which are built whole once per rule configuration
and keyed by suit masks; no result of one hand is ever reused for another).

The variant-level API (``find_variant("gin").arrange(cards)``, ``.best_discard(cards)``) is measured
against the module-level functions on the same hands, the two timed in alternate runs so that a loaded
machine slows both alike; the ratio is the figure to read (goal: at most 1.5).

Gin is measured through ``arrange``/``best_discard`` (Card objects in, an ``Arrangement`` out: the fast
path). The 13-card cases from two decks (the general search) give per-hand wall-clock times and, because
a loaded machine preempts the process, the CPU time of the thread as well.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine.solver import arrange, best_discard  # noqa: E402
from scorekeeper.engine.cards import SUITS, Card  # noqa: E402
from scorekeeper.engine.melds import MeldRules  # noqa: E402
from scorekeeper.engine.variants import find_variant  # noqa: E402

GIN = MeldRules()
GIN_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
# two decks, four jokers, Ramino-style melds (ace either end, one joker per meld would be easier; allow any)
TWO_DECKS = MeldRules(set_distinct_suits=False, ace_run="either_end", decks=2, jokers_in_deck=4)
TWO_DECK_VALUES = (25, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
NATURALS = [Card(r, s) for s in SUITS for r in range(1, 14)]


def meld_rich(rng: random.Random, n: int, decks: int = 1) -> list[Card]:
    """Sets, overlapping runs, 4-card sets and long runs, topped up with strays."""
    pool = Counter(NATURALS * decks)
    hand: list[Card] = []

    def take(card: Card) -> None:
        if len(hand) < n and pool[card] > 0:
            pool[card] -= 1
            hand.append(card)

    while len(hand) < n:
        roll = rng.random()
        if roll < 0.4:
            rank = rng.randint(1, 13)
            for s in rng.sample(SUITS, rng.choice([3, 3, 4])):
                take(Card(rank, s))
        elif roll < 0.85:
            suit = rng.choice(SUITS)
            start = rng.randint(1, 11)
            for r in range(start, min(13, start + rng.choice([2, 3, 4, 5])) + 1):
                take(Card(r, suit))
        else:
            take(rng.choice(NATURALS))
    rng.shuffle(hand)
    return hand


def rate(fn, hands, rules, values, runs: int) -> float:
    fn(hands[0], rules, values)
    for h in hands:  # warm-up
        fn(h, rules, values)
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for h in hands:
            fn(h, rules, values)
        rates.append(len(hands) / (time.perf_counter() - t0))
    return statistics.median(rates)


def per_hand_times(fn, hands, rules, values) -> tuple[list[float], list[float]]:
    """Sorted wall-clock and thread CPU times of each hand."""
    for h in hands[:50]:
        fn(h, rules, values)
    wall = []
    cpu = []
    for h in hands:
        c0 = time.thread_time()
        t0 = time.perf_counter()
        fn(h, rules, values)
        t1 = time.perf_counter()
        cpu.append(time.thread_time() - c0)
        wall.append(t1 - t0)
    return sorted(wall), sorted(cpu)


def paired_rates(module_fn, variant_fn, hands, runs: int) -> tuple[float, float]:
    """Median hands/s of two ways of asking the same thing, timed in alternate runs (thread CPU time)."""
    for h in hands:  # warm-up, both ways
        module_fn(h)
        variant_fn(h)
    a, b = [], []
    for _ in range(runs):
        for fn, out in ((module_fn, a), (variant_fn, b)):
            t0 = time.thread_time()
            for h in hands:
                fn(h)
            out.append(len(hands) / (time.thread_time() - t0))
    return statistics.median(a), statistics.median(b)


def main() -> None:
    quick = "--quick" in sys.argv
    rng = random.Random(2024)
    n = 2_000 if quick else 20_000
    runs = 3 if quick else 7
    uniform10 = [rng.sample(NATURALS, 10) for _ in range(n)]
    rich10 = [meld_rich(rng, 10) for _ in range(n)]
    uniform11 = [rng.sample(NATURALS, 11) for _ in range(n)]
    rich11 = [meld_rich(rng, 11) for _ in range(n)]
    print(f"Python {sys.version.split()[0]}, {n} hands per case, median of {runs} runs after warm-up")
    for label, fn, hands, target in [
        ("gin 10 cards, uniform       arrange", arrange, uniform10, 2_000_000),
        ("gin 10 cards, meld-rich     arrange", arrange, rich10, 1_000_000),
        ("gin 11 cards, uniform  best_discard", best_discard, uniform11, 1_000_000),
        ("gin 11 cards, meld-rich best_discard", best_discard, rich11, 500_000),
    ]:
        r = rate(fn, hands, GIN, GIN_VALUES, runs)
        print(f"{label}: {r:>12,.0f} hands/s   (target {target:,})")
    gin = find_variant("gin")
    meld_rules, values = gin.meld_rules(), gin.values()
    for label, module_fn, variant_fn, hands in [
        ("arrange     ", lambda h: arrange(h, meld_rules, values), gin.arrange, rich10),
        ("best_discard", lambda h: best_discard(h, meld_rules, values), gin.best_discard, rich11),
    ]:
        m, v = paired_rates(module_fn, variant_fn, hands, runs)
        print(f"gin meld-rich {label}: module {m:>10,.0f} hands/s, variant {v:>10,.0f} hands/s, "
              f"module/variant {m / v:.2f} (goal <= 1.5)")

    m = 300 if quick else 2_000
    deck = NATURALS * 2
    for jokers in (0, 2, 4):
        hands13 = [rng.sample(deck, 13 - jokers) + [Card.joker()] * jokers for _ in range(m)]
        times, cpu = per_hand_times(arrange, hands13, TWO_DECKS, TWO_DECK_VALUES)
        med = statistics.median(times)
        p99 = times[int(len(times) * 0.99) - 1]
        print(
            f"13 cards, two decks, {jokers} jokers  arrange: {1 / statistics.mean(times):>9,.0f} hands/s, "
            f"median {med * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, max {times[-1] * 1e3:.3f} ms"
            + ("   (target p99 <= 0.5 ms)" if jokers == 4 else "")
        )
        print(
            f"    thread CPU time per hand: median {statistics.median(cpu) * 1e3:.3f} ms, "
            f"p99 {cpu[int(len(cpu) * 0.99) - 1] * 1e3:.3f} ms, max {cpu[-1] * 1e3:.3f} ms"
        )


if __name__ == "__main__":
    main()
