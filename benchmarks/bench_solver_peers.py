"""Benchmark: the public solver beside two other libraries' Gin solvers, on the same 10-card hands in one
run. A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_solver_peers.py [--quick] [--hands N] [--before-tree DIR]

Each hand is ten different cards of one standard pack (no jokers), dealt at random from a fixed seed;
every library gets the same hands, already in its own card type (building them is not timed):

- ours: ``find_variant("gin").arrange(cards)``, ``Card`` objects in, a whole ``Arrangement`` out (the
  melds, the deadwood cards and their points), twice: with the solver's compiled lane (``solver/_lane.c``,
  built at install) and in pure Python (the same tables with their compiled lane switched off before each
  of those rounds, untimed: the fallback where no C compiler was found);
- OpenSpiel (C++ through its Python bindings, ``pyspiel.gin_rummy.GinRummyUtils``): ``min_deadwood``
  (the least deadwood's points only) and ``best_meld_group`` (the melds only);
- RLCard (pure Python): ``melding.get_best_meld_clusters`` and the deadwood count of the first cluster.

Neither peer is a dependency of the project: a peer that is not installed is reported as such and
skipped (``pip install open_spiel rlcard`` in a scratch virtual environment to see them). Every contender
is timed in rounds taken in turn, so that a loaded machine slows them alike; each figure is the thread's
CPU time per hand, the least over the rounds (the one least disturbed by other work: the figure compared)
and the median, with the median wall-clock time beside them to show how loaded the machine was.
``--before-tree DIR`` times ``arrange`` again as it is in another checkout of the project (an export of
an earlier commit, say) on the same hands, in a child process, and this checkout's the same way (each
alone, three times in turn), and prints them alongside; without it, the figure recorded before the
compiled lane (``BEFORE``) is printed in their place.

Figures (CPython 3.11, 10,000 hands, 7 rounds, the project's 2-core machine under a load average of
about 0.7, CPU µs a hand, the least of the rounds, three runs): ``arrange`` before the compiled lane (an
export of the commit before it, with ``--before-tree``) 2.9-3.1; now, with the compiled lane, 0.66-0.74,
and in pure Python 2.8-3.4; OpenSpiel ``min_deadwood`` 1.5-1.7, ``best_meld_group`` 1.5-1.7; RLCard
21-24. So ours went from about half of OpenSpiel's speed to 2.2-2.3 times it, and from 7 to 31 times
RLCard's; the compiled lane is 4.3-4.6 times the pure-Python path. Of ours' 0.66 µs, measured apart: the
C search and building the ``Arrangement`` (and freeing it) about 0.23, ``solver.arrange``'s own Python
about 0.1, ``Variant.arrange``'s about 0.2 (its checks of the bound rules, its ``**deal``), the timing
loop the rest. (An earlier run, before the pure-Python lane, under a load average of about 25: 4.0
before, 2.6-2.9 after, OpenSpiel 1.1.) The deadwood points of every hand agree across all of them.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: ``arrange``'s CPU µs a hand on these hands before the compiled lane (the least of 7 rounds, measured
#: with ``--before-tree`` in the runs the docstring records)
BEFORE = 2.9
COMPILED = "ours: variant.arrange, compiled lane"
PURE = "ours: variant.arrange, pure Python"

RANKS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"


def deal(n: int, seed: int = 2030) -> list[list[tuple[int, str]]]:
    """``n`` hands of ten different cards, each card as (rank 1-13, suit letter)."""
    rng = random.Random(seed)
    pack = [(r, s) for s in SUIT_LETTERS for r in range(1, 14)]
    return [rng.sample(pack, 10) for _ in range(n)]


def time_rounds(contenders: dict[str, tuple], rounds: int) -> dict[str, tuple[float, float]]:
    """µs per hand of each contender ``name: (fn, hands)`` or ``(fn, hands, setup)``, rounds in turn: the
    least and the median thread CPU time, and the median wall-clock time. ``setup()`` runs, untimed,
    before each of the contender's rounds (ours switches its compiled lane on or off there)."""
    for fn, hands, *setup in contenders.values():  # warm-up: tables built, code specialised
        for do in setup:
            do()
        for h in hands:
            fn(h)
    cpu: dict[str, list[float]] = {name: [] for name in contenders}
    wall: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, (fn, hands, *setup) in contenders.items():
            for do in setup:
                do()
            c0, w0 = time.thread_time(), time.perf_counter()
            for h in hands:
                fn(h)
            w1, c1 = time.perf_counter(), time.thread_time()
            cpu[name].append((c1 - c0) / len(hands) * 1e6)
            wall[name].append((w1 - w0) / len(hands) * 1e6)
    return {name: (min(cpu[name]), statistics.median(cpu[name]), statistics.median(wall[name]))
            for name in contenders}


def ours(hands):
    sys.path.insert(0, str(ROOT))
    from scorekeeper.engine.cards import Card
    from scorekeeper.engine.variants import find_variant

    gin = find_variant("gin")
    # as the app reads them: one Card per card of the pack, whatever hand holds it (as OpenSpiel's ints are)
    pack = {(r, s): Card.parse(RANKS[r - 1] + s) for r in range(1, 14) for s in SUIT_LETTERS}
    return gin.arrange, [[pack[card] for card in h] for h in hands], lambda h: gin.arrange(h).points


def compiled_switch():
    """(switch on, switch off) for the compiled lane of Gin's tables, or None where it was not built: the
    same tables then answer in C or in Python alone (``fast._Tables.compiled``)."""
    from scorekeeper.engine.solver import fast
    from scorekeeper.engine.variants import find_variant

    tables = fast._get_tables(*find_variant("gin").melds_and_values())
    lane = getattr(tables, "compiled", None)
    if lane is None:
        return None

    def on():
        tables.compiled = lane

    def off():
        tables.compiled = None

    return on, off


def open_spiel(hands):
    try:
        from pyspiel import gin_rummy
    except ImportError:
        return None
    utils = gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size
    converted = [[utils.card_int(RANKS[r - 1] + s.lower()) for r, s in h] for h in hands]
    return utils, converted


def rlcard(hands):
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    converted = [[utils.card_from_text(RANKS[r - 1] + s) for r, s in h] for h in hands]

    def best(hand):
        clusters = melding.get_best_meld_clusters(hand)
        return utils.get_deadwood_count(hand, clusters[0] if clusters else [])

    return best, converted


def child(tree: str, n: int, rounds: int) -> dict | None:
    """``arrange`` as it is in the checkout ``tree``, timed in a child process on the same hands."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import bench_solver_peers as b; b.ROOT = b.Path(sys.argv[1]);"
        "fn, hands, _ = b.ours(b.deal(int(sys.argv[3])));"
        "print(json.dumps(b.time_rounds({'ours': (fn, hands)}, int(sys.argv[4]))['ours']))"
    )
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", code, tree, str(Path(__file__).parent), str(n), str(rounds)],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "the child process failed")
        return None
    return json.loads(done.stdout)


def main() -> None:
    args = sys.argv[1:]
    quick = "--quick" in args
    n = int(args[args.index("--hands") + 1]) if "--hands" in args else (2_000 if quick else 20_000)
    rounds = 3 if quick else 7
    before_tree = args[args.index("--before-tree") + 1] if "--before-tree" in args else None
    hands = deal(n)

    arrange_fn, our_hands, our_points = ours(hands)
    answers = {"ours": [our_points(h) for h in our_hands]}
    switch = compiled_switch()
    if switch is None:
        print("ours, compiled lane: not built (pip install -e . with a C compiler)")
        contenders: dict[str, tuple] = {PURE: (arrange_fn, our_hands)}
    else:
        on, off = switch
        contenders = {COMPILED: (arrange_fn, our_hands, on), PURE: (arrange_fn, our_hands, off)}
        off()
        answers["ours in pure Python"] = [our_points(h) for h in our_hands]
        on()
    found = open_spiel(hands)
    if found is None:
        print("OpenSpiel: not installed (pip install open_spiel)")
    else:
        utils, os_hands = found
        contenders["OpenSpiel: min_deadwood"] = (utils.min_deadwood, os_hands)
        contenders["OpenSpiel: best_meld_group"] = (utils.best_meld_group, os_hands)
        answers["OpenSpiel"] = [utils.min_deadwood(h) for h in os_hands]
    found = rlcard(hands)
    if found is None:
        print("RLCard: not installed (pip install rlcard)")
    else:
        best, rl_hands = found
        # pure Python and some 40 times slower: a tenth of the hands keeps the run short
        contenders["RLCard: get_best_meld_clusters"] = (best, rl_hands[: max(n // 10, 1)])
        answers["RLCard"] = [best(h) for h in rl_hands]

    print(f"Python {sys.version.split()[0]}, {n} random 10-card Gin hands, median of {rounds} rounds taken "
          f"in turn; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    figures = time_rounds(contenders, rounds)
    if switch is not None:
        switch[0]()  # the compiled lane on again, for the child processes' figures
    mine = figures[COMPILED if switch is not None else PURE][0]
    if before_tree:
        # both trees alike, each alone in a child process, in turn
        alone: dict[str, list] = {"before": [], "now": []}
        for _ in range(3):
            for label, tree in (("before", before_tree), ("now", str(ROOT))):
                found = child(tree, n, rounds)
                if found is not None:
                    alone[label].append(found)
        before = {f"ours {label}, alone ({tree})": (min(f[0] for f in runs), statistics.median(f[1] for f in runs),
                                                    statistics.median(f[2] for f in runs))
                  for (label, runs), tree in zip(alone.items(), (before_tree, ROOT.name)) if runs}
        figures = {**before, **figures}
    else:
        figures = {"ours before the compiled lane (recorded)": (BEFORE, float("nan"), float("nan")), **figures}
    print(f"  {'µs a hand':<44} {'CPU least':>9} {'median':>8} {'wall':>8}   ours is, by the least")
    for name, (least, cpu, wall) in figures.items():
        print(f"  {name:<44} {least:9.2f} {cpu:8.2f} {wall:8.2f}   {least / mine:5.2f}× as fast")
    agreed = sum(len(set(points)) == 1 for points in zip(*answers.values()))
    print(f"deadwood points agree across {', '.join(answers)} on {agreed} of {n} hands")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
