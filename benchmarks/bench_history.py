"""Benchmark of the history pages and the spectator poll (issue 6). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_history.py [--quick]

It fills a throwaway SQLite database with one table of 1,000 free-scoring matches of 100 hands and
6 players (``--quick``: 100 matches), plus one 200-hand 6-player match, then times each page through
Flask's test client (the whole request: routing, SQL, replay, template) and counts the SQL statements
it runs. Each figure is the median of several runs after a warm-up, printed beside the health route's
median from the same run; the issue's targets are checked and reported as ratios.
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

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def fill(app, matches: int, hands: int) -> dict:
    """One table, six players, ``matches`` matches of ``hands`` hands, and a 200-hand match."""
    rng = random.Random(6)
    with app.app_context():
        table = Table(name="Bench night", token=new_token())
        db.session.add(table)
        db.session.flush()
        players = [Player(table_id=table.id, name=n, name_key=n.casefold()) for n in NAMES]
        db.session.add_all(players)
        db.session.flush()
        ids = [p.id for p in players]
        start = dt.datetime(2024, 1, 1)

        def add_match(n_hands: int, when: dt.datetime, status: str) -> int:
            match = Match(table_id=table.id, variant="free", rules={}, seats=ids, first_dealer_id=ids[0],
                          status=status, created_at=when, version=n_hands + 1, view_token=new_token())
            db.session.add(match)
            db.session.flush()
            db.session.execute(sa.insert(Entry), [
                {"match_id": match.id, "position": i, "kind": "hand", "history": [], "created_at": when,
                 "payload": {"kind": "hand", "end": "scores",
                             "held": {str(pid): {"points": rng.randint(0, 60)} for pid in ids}}}
                for i in range(1, n_hands + 1)])
            return match.id

        statuses = ["finished"] * 8 + ["abandoned", "active"]
        for i in range(matches):
            add_match(hands, start + dt.timedelta(hours=i), statuses[i % len(statuses)])
        big = add_match(200, start + dt.timedelta(hours=matches + 1), "active")
        db.session.commit()
        view_token = db.session.get(Match, big).view_token
        some = db.session.scalar(sa.select(Match.id).where(Match.id != big).order_by(Match.id.desc()))
        return {"token": table.token, "big": big, "match": some, "view_token": view_token}


def measure(app, client, url: str, runs: int, headers: dict | None = None, status: int = 200):
    with app.app_context():
        engine = db.engine
    statements: list[str] = []

    def count(conn, cursor, statement, *rest):
        statements.append(statement)

    response = client.get(url, headers=headers)  # warm-up
    assert response.status_code == status, (url, response.status_code)
    sa.event.listen(engine, "before_cursor_execute", count)
    response = client.get(url, headers=headers)
    sa.event.remove(engine, "before_cursor_execute", count)
    assert response.status_code == status, (url, response.status_code)
    # Interleaved with the health route, so that a busy machine slows both alike.
    times, health = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        client.get("/health")
        t1 = time.perf_counter()
        response = client.get(url, headers=headers)
        t2 = time.perf_counter()
        health.append(t1 - t0)
        times.append(t2 - t1)
        assert response.status_code == status
    sql = len([s for s in statements if not s.lstrip().upper().startswith("PRAGMA")])
    return statistics.median(times) * 1000, sql, statistics.median(health) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 matches instead of 1,000")
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    matches = 100 if args.quick else 1000
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3"})
    with app.app_context():
        alembic.upgrade()
    t0 = time.perf_counter()
    data = fill(app, matches, 100)
    print(f"filled {matches} matches x 100 hands x 6 players + one 200-hand match "
          f"in {time.perf_counter() - t0:.1f} s (SQLite, {tmp})")
    client = app.test_client()
    token = data["token"]
    etag = client.get(f"/v/{data['view_token']}/sheet").headers["ETag"]
    cases = [
        ("health route", "/health", None, 200),
        ("history page (20 of 1,000 matches)" if not args.quick else "history page (20 matches)",
         f"/t/{token}/history", None, 200),
        ("history page 5, filtered by player", f"/t/{token}/history?player=1&page=5", None, 200),
        ("match page (100 hands)", f"/t/{token}/m/{data['match']}/history", None, 200),
        ("chart SVG (100 hands)", f"/t/{token}/m/{data['match']}/chart.svg", None, 200),
        ("match page (200 hands, 6 players)", f"/t/{token}/m/{data['big']}/history", None, 200),
        ("scoreboard (200 hands, 6 players)", f"/t/{token}/m/{data['big']}", None, 200),
        ("spectator sheet (200 hands, changed)", f"/v/{data['view_token']}/sheet", None, 200),
        ("spectator poll, unchanged (304)", f"/v/{data['view_token']}/sheet", {"If-None-Match": etag}, 304),
    ]
    ratios = {}
    print(f"\n{'':40} {'median ms':>10} {'SQL':>5} {'health ms':>10} {'x health':>9}")
    for label, url, headers, status in cases:
        ms, sql, health = measure(app, client, url, args.runs, headers, status)
        ratios[label] = ms / health
        print(f"{label:40} {ms:10.2f} {sql:5d} {health:10.2f} {ms / health:9.1f}")
    big = ratios["match page (200 hands, 6 players)"]
    poll = ratios["spectator poll, unchanged (304)"]
    print(f"\ntarget: 200-hand match page <= 20x health: {big:.1f}x {'OK' if big <= 20 else 'MISSED'}")
    print(f"target: unchanged spectator poll <= 2x health: {poll:.1f}x {'OK' if poll <= 2 else 'MISSED'}")

if __name__ == "__main__":
    main()
