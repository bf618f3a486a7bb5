"""Benchmark of the ratings (issue 34). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_ratings.py [--matches 500] [--runs 15]

It fills a throwaway SQLite database with one table of eight players and ``--matches`` finished
free-scoring matches (three to six of them seated, three hands and a finish each, some shared places),
lets the stats page make and keep each match's summary once, then times:

- rating the table from its kept summaries (the table's version read, the summaries read, openskill run),
  with the process's memo emptied before each run: what the first view after a finish, an edit, a reopen
  or a deletion costs;
- openskill alone over the same results (``ratings.rate``), carrying the ratings of all but the last
  on by the last (what a match's finish costs when the ratings before it are kept), and what the stats page's part of them
  costs to draw once they are kept;
- the stats page with its ratings, the memo warm (every later view) and emptied before each run,
  each as a ratio to the health route's median from the same run.
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
from scorekeeper.web.ratings import views  # noqa: E402
from scorekeeper.service import new_token, ratings  # noqa: E402
from scorekeeper.service.models import Entry, Match, Player, Table  # noqa: E402

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fill(app, matches: int) -> str:
    rng = random.Random(34)
    with app.app_context():
        table = Table(name="Bench night", token=new_token())
        db.session.add(table)
        db.session.flush()
        players = [Player(table_id=table.id, name=n, name_key=n.casefold()) for n in NAMES]
        db.session.add_all(players)
        db.session.flush()
        ids = [p.id for p in players]
        start = dt.datetime(2024, 1, 1)
        for i in range(matches):
            seats = rng.sample(ids, rng.randint(3, 6))
            when = start + dt.timedelta(hours=i)
            match = Match(table_id=table.id, variant="free", rules={}, seats=seats, first_dealer_id=seats[0],
                          status="finished", created_at=when, finished_at=when, version=5, view_token=new_token())
            db.session.add(match)
            db.session.flush()
            rows = [{"match_id": match.id, "position": h, "kind": "hand", "history": [], "created_at": when,
                     "payload": {"kind": "hand", "end": "scores",
                                 "held": {str(pid): {"points": rng.choice([0, 5, 10, 10, 20, 30])} for pid in seats}}}
                    for h in range(1, 4)]
            rows.append({"match_id": match.id, "position": 4, "kind": "finish", "history": [], "created_at": when,
                         "payload": {"kind": "finish"}})
            db.session.execute(sa.insert(Entry), rows)
        db.session.commit()
        return table.token


def timed(runs: int, make, before=lambda: None) -> float:
    times = []
    for _ in range(runs):
        before()
        t0 = time.perf_counter()
        make()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def page_against_health(client, url: str, runs: int, before=lambda: None) -> tuple[float, float]:
    pages, health = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        assert client.get("/health").status_code == 200
        before()
        t1 = time.perf_counter()
        assert client.get(url).status_code == 200
        t2 = time.perf_counter()
        health.append(t1 - t0)
        pages.append(t2 - t1)
    return statistics.median(pages) * 1000, statistics.median(health) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3"})
    with app.app_context():
        alembic.upgrade()
    t0 = time.perf_counter()
    token = fill(app, args.matches)
    print(f"filled {args.matches} finished matches (3-6 of 8 players, 3 hands and a finish) "
          f"in {time.perf_counter() - t0:.1f} s")
    client = app.test_client()
    t0 = time.perf_counter()
    assert client.get(f"/t/{token}/stats").status_code == 200  # every summary made once and kept
    print(f"first stats page (every summary made from a replay and kept): {time.perf_counter() - t0:.2f} s")
    with app.app_context():
        table = db.session.scalar(sa.select(Table).where(Table.token == token))
        rated = ratings.for_table(table)
        assert rated.counted == args.matches, rated.counted
        results = [ratings.result_of(m.id, m.variant, m.seats, m.summary["stats"])
                   for m in db.session.scalars(sa.select(Match).where(Match.table_id == table.id)
                                               .order_by(Match.finished_at, Match.id))]
        from_summaries = timed(args.runs, lambda: ratings.for_table(table), ratings.cache_clear)
        alone = timed(args.runs, lambda: ratings.rate(results))
        base = ratings.rate(results[:-1])
        carried = timed(args.runs, lambda: ratings.rate(results[-1:], base))
        kept = timed(args.runs, lambda: ratings.for_table(table))
        with app.test_request_context():
            drawn = timed(args.runs, lambda: views.table_ratings(table))
    print(f"\nratings of {args.matches} finished matches:")
    print(f"  from the kept summaries (memo empty)   {from_summaries:8.1f} ms")
    print(f"  openskill alone over the same results  {alone:8.1f} ms")
    print(f"  carried on by one more finished match  {carried:8.2f} ms (the kept ratings copied, one match rated)")
    print(f"  kept for the table's version (memo)    {kept:8.2f} ms (the version's one query)")
    print(f"  the stats page's part, ratings kept    {drawn:8.2f} ms (names, numbers, sparklines)")
    url = f"/t/{token}/stats"
    warm, health = page_against_health(client, url, args.runs)
    cold, health_cold = page_against_health(client, url, args.runs, ratings.cache_clear)
    # the same page with no ratings drawn: what the ratings add to it
    drawn_ratings = app.jinja_env.globals["table_ratings"]
    app.jinja_env.globals["table_ratings"] = lambda table: {"games": [], "left_out": 0, "settled": ratings.SETTLED}
    bare, health_bare = page_against_health(client, url, args.runs)
    app.jinja_env.globals["table_ratings"] = drawn_ratings
    print(f"\n{'':44} {'median ms':>10} {'health ms':>10} {'x health':>9}")
    print(f"{'stats page without its ratings':44} {bare:10.1f} {health_bare:10.2f} {bare / health_bare:9.1f}")
    print(f"{'stats page, ratings kept (every later view)':44} {warm:10.1f} {health:10.2f} {warm / health:9.1f}")
    print(f"{'stats page, ratings made (after a change)':44} {cold:10.1f} {health_cold:10.2f} {cold / health_cold:9.1f}")


if __name__ == "__main__":
    main()
