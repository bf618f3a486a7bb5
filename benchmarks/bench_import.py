"""Benchmark: what the dearest import costs to check. A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_import.py [--hands 5941]

Builds the document the hardening probe of issue 29 sent (a table document of ``--hands`` Pool Rummy hands in
matches of at most 2,000, six players, five of them giving 13 cards each, the last match invalid at its
end, about 2 MB) and checks it as the
import page does (``read_document`` then ``plan_import``, in this process on a fresh SQLite file),
printing the CPU it took: once with the bound on hands typed as cards lifted (as before the bound) and
once as the app is (refused before any hand is arranged). Then the dearest document the bound lets
through (``limits.IMPORT_CARD_HANDS`` hands as cards, Pool Rummy at 13 cards) and its CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import limits  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402
from scorekeeper.service import importing  # noqa: E402
from scorekeeper.service.models import Table  # noqa: E402

DECK = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"] * 2 + ["JK"] * 2


def pool(hands: int, players: int, invalid_last: bool = False) -> dict:
    """A Pool Rummy match of ``hands`` deals, each dealt from a shuffled double pack (the same deals every
    run): the declarer gives 0, every other player the 13 cards they hold."""
    rng = random.Random(29)
    names = list("ABCDEF"[:players])
    entries = []
    for _ in range(hands):
        deal = rng.sample(DECK, 13 * (players - 1))
        entries.append({"kind": "hand", "end": "declare", "by": names[0],
                        "held": {names[0]: {"points": 0},
                                 **{n: {"cards": " ".join(deal[13 * k:13 * k + 13])} for k, n in enumerate(names[1:])}}})
    if invalid_last:
        entries[-1]["held"][names[0]] = {"points": 7}  # the declarer scores 0: refused at the very end
    # nobody is out before the end: the line is as high as a rule may be
    return {"format": "scorekeeper.match/1", "variant": "pool_rummy", "players": names,
            "rules": {"elimination_limit": limits.POINTS_CEILING}, "entries": entries}


def check(app, raw: bytes) -> tuple[float, str]:
    with app.app_context():
        table = Table(token="bench", name="Bench")
        start = time.process_time()
        try:
            importing.plan_import(table, importing.read_document(raw))
            said = "accepted"
        except importing.ImportRefused as exc:
            said = "refused: " + str(exc)[:90]
        return time.process_time() - start, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5941)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/b.db", "SECRET_KEY": "bench", "WARM_SOLVERS": False})
        with app.app_context():
            alembic.upgrade()
        # a table document of matches of at most MATCH_ENTRIES hands each; the last one invalid at its end
        sizes = [min(limits.MATCH_ENTRIES, args.hands - k) for k in range(0, args.hands, limits.MATCH_ENTRIES)]
        probe = json.dumps({"format": "scorekeeper.table/1", "players": [],
                            "matches": [pool(n, 6, invalid_last=i == len(sizes) - 1) for i, n in enumerate(sizes)]},
                           separators=(",", ":")).encode()
        card_hands = args.hands * 5
        print(f"the probe's document: {len(probe) / 1e6:.2f} MB, {args.hands:,} Pool hands, {card_hands:,} hands as cards")
        bound = limits.IMPORT_CARD_HANDS
        limits.IMPORT_CARD_HANDS = 10**9
        cpu, said = check(app, probe)
        print(f"  without the bound (before):  {cpu:6.2f} s CPU, {said}")
        limits.IMPORT_CARD_HANDS = bound
        cpu, said = check(app, probe)
        print(f"  with the bound ({bound:,}):  {cpu:6.2f} s CPU, {said}")
        # the dearest document let through: every hand as cards up to the bound, in matches of the most entries
        per_match = limits.MATCH_ENTRIES * 5
        matches = [pool(limits.MATCH_ENTRIES, 6) for _ in range(bound // per_match)]
        left = bound - len(matches) * per_match
        if left:
            matches.append(pool(left // 5, 6))
        table = json.dumps({"format": "scorekeeper.table/1", "players": [], "matches": matches},
                           separators=(",", ":")).encode()
        cpu, said = check(app, table)
        print(f"the dearest document the bound lets through: {len(table) / 1e6:.2f} MB, "
              f"{sum(len(m['entries']) * 5 for m in matches):,} hands as cards")
        print(f"  {cpu:6.2f} s CPU, {said}")
        with app.app_context():
            db.engine.dispose()


if __name__ == "__main__":
    main()
