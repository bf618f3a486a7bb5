"""Benchmark: what the dearest import costs to check. A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_import.py [--hands 5941]

Builds the document the hardening probe of issue 29 sent (a match of ``--hands`` Pool Rummy hands, six
players, five of them giving 13 cards each and the last match invalid, about 2 MB) and checks it as the
import page does (``read_document`` then ``plan_import``, in this process on a fresh SQLite file),
printing the CPU it took: once with the bound on hands typed as cards lifted (as before the bound) and
once as the app is (refused before any hand is arranged). Then the dearest document the bound lets
through (``limits.IMPORT_CARD_HANDS`` hands as cards, Pool Rummy at 13 cards) and its CPU.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import limits  # noqa: E402
from scorekeeper.extensions import alembic, db  # noqa: E402
from scorekeeper.service import importing  # noqa: E402
from scorekeeper.service.models import Table  # noqa: E402

HANDS = ["AS KS QS 2D 3D 4D 7H 8H JK 4C 4D 4S 10D", "2H 3H 4H 5S 6S 7S JK 9C 9D 9H KC KD KH",
         "AS KD 2D 3C 7H 8S 9H 4C 5D 6S 10H 10D JC", "5S 5H 5D 6C 6D 6H 7S 7H 7D 8C 8D 8H JK"]


WILD = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def pool(hands: int, players: int, invalid_last: bool = False) -> dict:
    names = [f"P{i}" for i in range(players)]
    entries = [{"kind": "hand", "end": "declare", "by": names[0], "wild_rank": WILD[i % 13],
                "held": {names[0]: {"points": 0},
                         **{n: {"cards": HANDS[(i + k) % len(HANDS)]} for k, n in enumerate(names[1:])}}}
               for i in range(hands)]
    if invalid_last:
        entries[-1]["held"][names[0]] = {"points": 7}  # the declarer scores 0: refused at the very end
    return {"format": "scorekeeper.match/1", "variant": "pool_rummy", "players": names, "entries": entries}


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
        probe = json.dumps(pool(args.hands, 6, invalid_last=True), separators=(",", ":")).encode()
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
