"""A worker's memory while visitors choose house rules (issue 19). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_solver_memory.py [--matches 200] [--cold]

The solver keeps tables per rule configuration (``scorekeeper.engine.solver``), and house rules are a
visitor's choice. This replays one Rumino match (``scorekeeper.engine.replay``, hands by cards, with and
without jokers) under each of ``--matches`` different combinations of house rules (the joker's value,
the longest run, the natural cards a lay needs, the jokers in the deck), and asks the meld checker's
question (the best discard) of one hand of each, as a worker serving those matches would. It prints the
process's resident memory after the first match and then periodically: with the tables in a bounded cache
(``limits.SOLVER_TABLES``) it stays flat (the goal: within 20 MB of the first), where keeping every table
grew by about 12 MB a combination.

The worker warms up first as a server's does (``warm_solvers``: every built-in game's standard tables);
``--cold`` skips that.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine import find_variant, replay  # noqa: E402
from scorekeeper.engine.solver.common import _cache as solver_tables  # noqa: E402
from scorekeeper.engine.limits import SOLVER_TABLES  # noqa: E402
from scorekeeper.engine.variants import warm_solvers  # noqa: E402

# Every hand is legal under every combination below: the knocker's melds need no joker and no run longer
# than three, and what the others hold is only counted.
ENTRIES = [
    {"kind": "hand", "end": "knock", "by": "A", "held": {
        "A": {"cards": "5H 5S 5D 9C 10C JC 4D"},
        "B": {"cards": "KS KH KD 2C 3D 8H QS"},
        "C": {"cards": "7S 8S 9S 10S AH AD 6C"},
        "D": {"cards": "QH QD JK 2H 4S 6D 9H"}}},
    {"kind": "hand", "end": "knock", "by": "B", "held": {
        "A": {"cards": "2S 3S 4S 5S 9D 9D JK"},
        "B": {"cards": "6H 6C 6D AD 2D 3D 2C"},
        "C": {"cards": "KC KC JK 7D 8D 10D QD"},
        "D": {"cards": "AH 3H 5H 7H 9H JH KH"}}},
]
CHECKED = "7H 7H JK 9H 10H QS QD QC"  # the meld checker's hand: a duplicate and a joker (the general search)


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def combinations():
    """Distinct Rumino house rules that change the solver's tables, in a fixed order."""
    for joker_value, run, naturals, jokers in itertools.product(
        range(0, 51), (4, 5, 3, None), (1, 0, 2), (4, 2),
    ):
        yield {"joker_value": joker_value, "max_run_length": run, "min_naturals_per_meld": naturals,
               "jokers_in_deck": jokers}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--cold", action="store_true", help="skip warm_solvers")
    args = parser.parse_args()
    rumino = find_variant("rumino")
    print(f"Python {sys.version.split()[0]}, solver cache bound {SOLVER_TABLES} tables")
    print(f"after import: {rss_mb():.1f} MB")
    if not args.cold:
        t0 = time.perf_counter()
        warm_solvers()
        print(f"after warm_solvers: {rss_mb():.1f} MB ({len(solver_tables)} tables, "
              f"{time.perf_counter() - t0:.2f} s)")
    every = max(1, args.matches // 10)
    first = None
    peak = 0.0
    slowest = 0.0
    times = []
    for n, rules in enumerate(itertools.islice(combinations(), args.matches), 1):
        t0 = time.perf_counter()
        standings = replay({"variant": "rumino", "rules": rules, "players": ["A", "B", "C", "D"],
                            "entries": ENTRIES})
        assert len(standings.hands) == len(ENTRIES)
        rumino.best_discard(CHECKED, rumino.rules(4, **rules))
        elapsed = time.perf_counter() - t0
        times.append(elapsed)
        slowest = max(slowest, elapsed)
        rss = rss_mb()
        peak = max(peak, rss)
        if first is None:
            first = rss
        if n == 1 or n % every == 0 or n == args.matches:
            print(f"after match {n:>4} ({len(solver_tables):>2} tables): {rss:7.1f} MB "
                  f"({rss - first:+.1f} MB from the first)")
    times.sort()
    print(f"peak {peak:.1f} MB, {peak - first:+.1f} MB from the first (goal: within 20 MB); per match "
          f"(tables built when new): median {times[len(times) // 2] * 1e3:.0f} ms, max {slowest * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
