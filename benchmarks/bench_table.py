"""Benchmark of a table's pages as the table grows (issue 20). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_table.py [--small 10] [--large 500] [--hands 200] [--runs 3]

In one process (one worker), on a throwaway SQLite file, it fills a table of ``--small`` matches of
``--hands`` hands (4 players, free scoring, filled straight into the database as bench_history.py
does), opens each of the table's pages once (the first view after an import: its time is printed too)
and reads the process's resident memory; then it fills a second table of ``--large`` matches and does
the same. Then each page is requested ``--runs`` times at each size in turn (so that a busy machine
slows both alike): the median time of the whole answer is printed, and of its first chunk (a streamed
export sends its first bytes at once and the rest as it is read). The issue's targets: every page at the large table within 3x of the same page at the small one,
and the worker's memory within 50 MB of its size after the small one.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402
from scorekeeper.service import new_token  # noqa: E402
from scorekeeper.service.models import Entry, Match, Player, Table  # noqa: E402

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def fill(app, name: str, matches: int, hands: int) -> dict:
    """One table with ``matches`` matches of ``hands`` hands each (8 in 10 finished)."""
    rng = random.Random(matches)
    with app.app_context():
        table = Table(name=name, token=new_token())
        db.session.add(table)
        db.session.flush()
        players = [Player(table_id=table.id, name=n, name_key=n.casefold()) for n in NAMES]
        db.session.add_all(players)
        db.session.flush()
        ids = [p.id for p in players]
        start = dt.datetime(2024, 1, 1)
        statuses = ["finished"] * 8 + ["abandoned", "active"]
        some = None
        for i in range(matches):
            when = start + dt.timedelta(hours=i)
            match = Match(table_id=table.id, variant="free", rules={}, seats=ids, first_dealer_id=ids[0],
                          status=statuses[i % len(statuses)], created_at=when, version=hands + 1,
                          view_token=new_token())
            db.session.add(match)
            db.session.flush()
            some = match.id
            db.session.execute(sa.insert(Entry), [
                {"match_id": match.id, "position": k, "kind": "hand", "history": [], "created_at": when,
                 "payload": {"kind": "hand", "end": "scores",
                             "held": {str(pid): {"points": rng.randint(0, 60)} for pid in ids}}}
                for k in range(1, hands + 1)])
        db.session.commit()
        return {"token": table.token, "match": some}


def pages(data: dict) -> list[tuple[str, str]]:
    t, m = data["token"], data["match"]
    return [("table page", f"/t/{t}"), ("history", f"/t/{t}/history"), ("stats", f"/t/{t}/stats"),
            ("table export.json", f"/t/{t}/export.json"), ("match export.csv", f"/t/{t}/m/{m}/export.csv"),
            ("match export.json", f"/t/{t}/m/{m}/export.json")]


def once(client, url: str) -> tuple[float, float, int]:
    """One request: the time to its first chunk and to its last, and its size (a streamed answer is
    made while it is read)."""
    t0 = time.perf_counter()
    response = client.get(url, buffered=False)
    chunks = iter(response.response)
    first = next(chunks, b"")
    t1 = time.perf_counter()
    size = len(first) + sum(len(chunk) for chunk in chunks)
    t2 = time.perf_counter()
    response.close()
    assert response.status_code == 200, (url, response.status_code)
    return (t1 - t0) * 1000, (t2 - t0) * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=500)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
                      "RATELIMIT_ENABLED": False, "WARM_SOLVERS": False})
    with app.app_context():
        alembic.upgrade()
    client = app.test_client()
    client.get("/health")
    urls: dict[int, list[tuple[str, str]]] = {}
    first_view: dict[int, dict[str, tuple[float, float, int]]] = {}
    memory: dict[int, float] = {}
    for count in (args.small, args.large):
        t0 = time.perf_counter()
        data = fill(app, f"Bench {count}", count, args.hands)
        print(f"filled {count} matches x {args.hands} hands in {time.perf_counter() - t0:.1f} s")
        urls[count] = pages(data)
        # the first view of each page after the import, then the worker's memory
        first_view[count] = {label: once(client, url) for label, url in urls[count]}
        memory[count] = rss_mb()
    # then each page at each size in turn, so that a busy machine slows both sizes alike
    timed: dict[int, dict[str, list[tuple[float, float, int]]]] = {n: {} for n in urls}
    for _ in range(args.runs):
        for i in range(len(urls[args.small])):
            for count in urls:
                label, url = urls[count][i]
                timed[count].setdefault(label, []).append(once(client, url))
    memory["end"] = rss_mb()
    header = " ".join(f"{f'{n} matches ms':>16} {'1st chunk':>9} {'1st view':>9} {'kB':>8}" for n in urls)
    print(f"\n{'page (median of ' + str(args.runs) + ')':24} {header} {'ratio':>6}")
    medians = {n: {label: (statistics.median(r[1] for r in runs), statistics.median(r[0] for r in runs), runs[0][2])
                   for label, runs in timed[n].items()} for n in urls}
    for label in medians[args.small]:
        cells = " ".join(f"{medians[n][label][0]:16.1f} {medians[n][label][1]:9.1f} {first_view[n][label][1]:9.1f} "
                         f"{medians[n][label][2] / 1000:8.1f}" for n in urls)
        ratio = medians[args.large][label][0] / medians[args.small][label][0]
        print(f"{label:24} {cells} {ratio:5.1f}x {'OK' if ratio <= 3 else 'MISSED'}")
    grew = memory[args.large] - memory[args.small]
    print(f"\nworker resident memory: after the pages at {args.small} matches {memory[args.small]:.0f} MB, "
          f"at {args.large} matches {memory[args.large]:.0f} MB (+{grew:.0f} MB, target <= 50 MB: "
          f"{'OK' if grew <= 50 else 'MISSED'}), after every run {memory['end']:.0f} MB")


if __name__ == "__main__":
    main()
