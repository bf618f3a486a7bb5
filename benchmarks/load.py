"""Load test: a gunicorn server on loopback, many tables recording hands at once, spectators polling.

    .venv/bin/python benchmarks/load.py                  # 20 tables, 4 workers, 30 s
    .venv/bin/python benchmarks/load.py --tables 40 --seconds 60 --workers 4

It migrates a fresh SQLite file in a temporary folder (``flask --app scorekeeper db upgrade``), or the
database named by ``--database-url`` (e.g. ``postgresql+psycopg://...``), starts
``gunicorn -w N 'scorekeeper:create_app()'`` (sync workers; ``benchmarks/server.py``) on a free port, makes one table with a free-scoring match
per simulated table (directly in the database, so table creation's rate limit is not part of the
load), then drives the server with a bounded client (plain threads and ``http.client``):

- each table is a phone recording hands: GET the scoreboard (the page after the previous save), then
  POST the hand form with its version and a fresh idempotency key, then wait ``--think`` seconds on
  average (default 1 s: a real table records a hand every few minutes; ``--think 0`` sends them back
  to back, which measures saturation throughput, not a table's wait);
- each table also has a spectator polling ``/v/<view token>/sheet`` every ``--poll`` seconds with
  ``If-None-Match``, as the spectator page does (the scoreboard if there is no spectator route).

It stops by itself after ``--seconds`` or ``--max-requests``, stops the server, and prints requests
per second, latency percentiles (p50/p95/p99) per kind of request and the error count. It exits with
status 1 if there were errors or p95 of recording a hand is over ``--target-ms``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import defaultdict
from pathlib import Path

from server import REPO, Server, probe

CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION_RE = re.compile(r'<input id="version" name="version" type="hidden" value="(\d+)"')


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.statuses: dict[tuple[str, int], int] = defaultdict(int)
        self.samples: list[str] = []

    def add(self, kind: str, seconds: float, status: int, ok: bool, detail: str = "") -> None:
        with self.lock:
            self.latency[kind].append(seconds)
            self.statuses[(kind, status)] += 1
            if not ok:
                self.errors[kind] += 1
                if len(self.samples) < 5:
                    self.samples.append(f"{kind} -> {status} {detail[:300]}")

    @property
    def total(self) -> int:
        with self.lock:
            return sum(len(v) for v in self.latency.values())


class Client:
    """One browser: its session cookie; a new connection per request (gunicorn's sync workers close
    them anyway)."""

    def __init__(self, port: int, stats: Stats):
        self.port, self.stats = port, stats
        self.cookie = ""

    def request(self, kind: str, method: str, path: str, form: dict | None = None,
                headers: dict | None = None, expect=(200,)) -> tuple[int, str, dict[str, str]]:
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookie:
            sent["Cookie"] = self.cookie
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        status, text, got = 0, "", {}
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                conn.request(method, path, body=body, headers=sent)
                response = conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                status = response.status
                got = {k.lower(): v for k, v in response.getheaders()}
                if "set-cookie" in got:
                    self.cookie = got["set-cookie"].split(";", 1)[0]
            finally:
                conn.close()
        except (OSError, http.client.HTTPException) as exc:
            text = repr(exc)
        self.stats.add(kind, time.perf_counter() - started, status, status in expect, text)
        return status, text, got


SETUP = """
import json
from scorekeeper import create_app
from scorekeeper.service import models
from scorekeeper.web.extensions import db
from scorekeeper.service import new_token
app = create_app()
out = []
with app.app_context():
    for i in range(int(__import__("sys").argv[1])):
        t = models.Table(name=f"Load table {i}", token=new_token())
        db.session.add(t)
        db.session.flush()
        ps = [models.Player(table_id=t.id, name=n, name_key=n.casefold()) for n in ("Ann", "Ben", "Cat")]
        db.session.add_all(ps)
        db.session.flush()
        m = models.Match(table_id=t.id, variant="free", rules={}, seats=[p.id for p in ps],
                         first_dealer_id=ps[0].id, stake=None, view_token=new_token(), version=1,
                         status="active")
        db.session.add(m)
        db.session.commit()
        out.append({"token": t.token, "match": m.id, "view": m.view_token, "players": [p.id for p in ps]})
    db.engine.dispose()
print(json.dumps(out))
"""


def setup_tables(env: dict, n: int) -> list[dict]:
    done = subprocess.run([sys.executable, "-c", SETUP, str(n)], cwd=REPO, env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def recorder(port: int, table: dict, stats: Stats, stop: threading.Event, budget: list,
             lock: threading.Lock, think: float) -> None:
    phone = Client(port, stats)
    base = f"/t/{table['token']}/m/{table['match']}"
    status, page, _ = phone.request("scoreboard", "GET", base)
    found = CSRF_RE.search(page) if status == 200 else None
    if not found:
        return
    csrf = found.group(1)
    i = 0
    while not stop.is_set():
        with lock:
            if budget[0] <= 0:
                return
            budget[0] -= 2
        status, page, _ = phone.request("scoreboard", "GET", base)
        found = VERSION_RE.search(page) if status == 200 else None
        if not found:
            continue
        form = {"csrf_token": csrf, "version": found.group(1), "key": uuid.uuid4().hex}
        for n, pid in enumerate(table["players"]):
            form[f"points_{pid}"] = str((i * 7 + n * 3) % 25)
        phone.request("record hand", "POST", base + "/hands/new", form, expect=(302,))
        i += 1
        if think:
            stop.wait(think * (0.5 + random.random()))


def spectator(port: int, table: dict, stats: Stats, stop: threading.Event, poll: float, route: str,
              budget: list, lock: threading.Lock) -> None:
    viewer = Client(port, stats)
    path = f"/v/{table['view']}/sheet" if route == "spectate" else f"/t/{table['token']}/m/{table['match']}"
    etag = ""
    # spread the first polls over one interval, as spectators open their pages at different times
    if stop.wait(poll * (hash(table["view"]) % 1000) / 1000):
        return
    while not stop.is_set():
        with lock:
            if budget[0] <= 0:
                return
            budget[0] -= 1
        headers = {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        status, _, got = viewer.request("spectator poll", "GET", path, headers=headers, expect=(200, 304))
        if status == 200:
            etag = got.get("etag", "")
        stop.wait(poll)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables recording hands")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs")
    parser.add_argument("--max-requests", type=int, default=200_000, help="stop after this many requests")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a table waits between two hands (0: back to back, a saturation test)")
    parser.add_argument("--poll", type=float, default=3.0, help="seconds between a spectator's polls")
    parser.add_argument("--target-ms", type=float, default=100.0, help="p95 target for recording a hand")
    parser.add_argument("--database-url", default="", help="default: a fresh SQLite file in a temp folder")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as tmp:
        # sync workers without --preload, as the figures in docs/hardening.md were measured
        server = Server(Path(tmp), workers=args.workers, threads=1, preload=False, arenas=None,
                        database_url=args.database_url or None, wait=30)
        server.migrate()
        tables = setup_tables(server.env, args.tables)
        with server:
            port = server.port
            stats = Stats()
            stop = threading.Event()
            budget, lock = [args.max_requests], threading.Lock()
            route = "spectate" if probe(port, f"/v/{tables[0]['view']}/sheet") == 200 else "scoreboard"
            threads = [threading.Thread(target=recorder, args=(port, t, stats, stop, budget, lock, args.think))
                       for t in tables]
            threads += [threading.Thread(target=spectator, args=(port, t, stats, stop, args.poll, route, budget, lock))
                        for t in tables]
            started = time.perf_counter()
            for t in threads:
                t.start()
            while time.perf_counter() - started < args.seconds and budget[0] > 0:
                time.sleep(0.1)
            stop.set()
            for t in threads:
                t.join(timeout=60)
            elapsed = time.perf_counter() - started
        server_log = server.log_text()
        url = server.database_url
    database = "PostgreSQL" if url.startswith("postgres") else "SQLite (temp file, WAL)"
    return report(args, stats, elapsed, route, database, server_log)


def report(args, stats: Stats, elapsed: float, route: str, database: str, server_log: str) -> int:
    total = stats.total
    errors = sum(stats.errors.values())
    polled = "/v/<view>/sheet" if route == "spectate" else "the scoreboard"
    pace = "back to back" if not args.think else f"one every ~{args.think:g}s each"
    print(f"Scorekeeper load: {args.tables} tables recording hands ({pace}), {args.tables} spectators "
          f"polling {polled} every {args.poll:g}s; gunicorn -w {args.workers}; {database}; "
          f"{os.cpu_count()} CPUs")
    print(f"{total} requests in {elapsed:.1f}s = {total / elapsed:.1f} req/s; errors: {errors}")
    print(f"{'kind':<16}{'count':>7}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}  statuses")
    for kind in sorted(stats.latency):
        values = stats.latency[kind]
        codes = ", ".join(f"{s}: {n}" for (k, s), n in sorted(stats.statuses.items()) if k == kind)
        print(f"{kind:<16}{len(values):>7}{len(values) / elapsed:>8.1f}{percentile(values, 50) * 1000:>9.1f}"
              f"{percentile(values, 95) * 1000:>9.1f}{percentile(values, 99) * 1000:>9.1f}"
              f"{max(values) * 1000:>9.1f}  {codes}")
    hands = stats.latency.get("record hand", [])
    p95 = percentile(hands, 95) * 1000 if hands else float("inf")
    tracebacks = server_log.count("Traceback")
    if tracebacks:
        print(f"server log: {tracebacks} tracebacks")
    for sample in stats.samples:
        print("  error:", sample)
    ok = errors == 0 and p95 <= args.target_ms and not tracebacks
    mean = statistics.fmean(hands) * 1000 if hands else float("nan")
    print(f"target (no errors, p95 of recording a hand <= {args.target_ms:g} ms): {'met' if ok else 'NOT met'} "
          f"(p95 {p95:.1f} ms, mean {mean:.1f} ms)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
