"""Benchmark: how soon a follower of the live sheet sees a new hand, and what the followers cost the server.

    .venv/bin/python benchmarks/bench_live.py                       # 50 tables, 200 followers, 40 s
    .venv/bin/python benchmarks/bench_live.py --poll 3 --seconds 40 # today's poll interval, to compare

A script, not a test: it prints figures. It starts the documented server (``gunicorn -w 4`` with sync
workers, on a fresh SQLite file; ``benchmarks/load.py``'s helpers), makes ``--tables`` free-scoring matches,
and opens ``--followers`` followers spread over them. Each follower polls ``/v/<view>/sheet`` the way the
spectator page does (htmx every ``--poll`` seconds, the sheet's ETag sent back, 304 while nothing changed;
the first poll of each follower at a random point of one interval, as people open the page at different
times). Each table's phone saves a hand every ``--every`` seconds on average (Save posted as the page
posts it). The delay of a follower is the time from the save's answer to that follower's first poll
that brings the new version.

It prints the delay p50 / p95 / max, polls per second, the server's CPU (user + system of the gunicorn
processes, read from /proc) per follower, the connections held at once on average (polls in flight:
a short poll holds none between two polls), and the share of a worker the followers keep busy.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import CSRF_RE, VERSION_RE, Client, Stats, free_port, percentile, setup_tables, wait_ready  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ETAG_VERSION = re.compile(r"-(\d+)\"?$")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and its children still running (the gunicorn master and workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        pids += [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


class Saves:
    """When each version of each match was saved (the save's answer received)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.at: dict[tuple[int, int], float] = {}

    def saved(self, match: int, version: int, when: float) -> None:
        with self.lock:
            self.at[(match, version)] = when

    def when(self, match: int, version: int) -> float | None:
        with self.lock:
            return self.at.get((match, version))


def phone(port, table, stats, stop, saves: Saves, every: float) -> None:
    me = Client(port, stats)
    base = f"/t/{table['token']}/m/{table['match']}"
    status, page, _ = me.request("scoreboard", "GET", base)
    found = CSRF_RE.search(page) if status == 200 else None
    if not found:
        return
    csrf = found.group(1)
    i = 0
    while not stop.wait(every * (0.5 + random.random())):
        status, page, _ = me.request("scoreboard", "GET", base)
        version = VERSION_RE.search(page) if status == 200 else None
        if not version:
            continue
        form = {"csrf_token": csrf, "version": version.group(1), "key": uuid.uuid4().hex}
        for n, pid in enumerate(table["players"]):
            form[f"points_{pid}"] = str((i * 7 + n * 3) % 25)
        status, _, _ = me.request("save", "POST", base + "/hands/new", form, expect=(302,))
        if status == 302:
            saves.saved(table["match"], int(version.group(1)) + 1, time.perf_counter())
        i += 1


def follower(port, table, stats, stop, saves: Saves, poll: float, delays: list, lock) -> None:
    me = Client(port, stats)
    path = f"/v/{table['view']}/sheet"
    etag, seen = "", 0
    if stop.wait(poll * random.random()):
        return
    while not stop.is_set():
        headers = {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        status, _, got = me.request("poll", "GET", path, headers=headers, expect=(200, 304))
        arrived = time.perf_counter()
        if status == 200:
            etag = got.get("etag", "")
            found = ETAG_VERSION.search(etag)
            version = int(found.group(1)) if found else 0
            if seen and version > seen:
                saved = saves.when(table["match"], version)
                if saved is not None:
                    with lock:
                        delays.append(arrived - saved)
            seen = version
        stop.wait(poll)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--followers", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers, as README says")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--poll", type=float, default=None, help="seconds between polls (default: the app's)")
    parser.add_argument("--every", type=float, default=8.0, help="mean seconds between two hands at a table")
    args = parser.parse_args(argv)
    if args.poll is None:
        sys.path.insert(0, str(REPO))
        from scorekeeper.spectate.routes import POLL_SECONDS
        args.poll = POLL_SECONDS

    bin_dir = str(Path(sys.executable).parent)
    gunicorn = shutil.which("gunicorn", path=bin_dir) or shutil.which("gunicorn")
    if not gunicorn:
        print("gunicorn is not installed: .venv/bin/pip install gunicorn", file=sys.stderr)
        return 2
    flask = shutil.which("flask", path=bin_dir) or "flask"
    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'live.sqlite3'}"
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "live bench secret"}
        subprocess.run([flask, "--app", "scorekeeper", "db", "upgrade"], cwd=REPO, env=env, check=True,
                       capture_output=True)
        tables = setup_tables(env, args.tables)
        port = free_port()
        with open(Path(tmp) / "gunicorn.log", "wb") as log:
            server = subprocess.Popen([gunicorn, "-w", str(args.workers), "-b", f"127.0.0.1:{port}",
                                       "scorekeeper:create_app({'RATELIMIT_ENABLED': False})"], cwd=REPO,
                                      env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_ready(port, server, 180)  # four workers each build the solver tables as they start
            stats, saves, stop = Stats(), Saves(), threading.Event()
            delays: list[float] = []
            lock = threading.Lock()
            threads = [threading.Thread(target=phone, args=(port, t, stats, stop, saves, args.every))
                       for t in tables]
            threads += [threading.Thread(target=follower, args=(port, tables[i % len(tables)], stats, stop, saves,
                                                                args.poll, delays, lock))
                        for i in range(args.followers)]
            for t in threads:
                t.start()
            time.sleep(min(5.0, args.seconds / 4))  # every follower past its first poll
            cpu0, polls0, started = cpu_seconds(server.pid), len(stats.latency["poll"]), time.perf_counter()
            time.sleep(args.seconds)
            cpu1, polls1, elapsed = cpu_seconds(server.pid), len(stats.latency["poll"]), time.perf_counter() - started
            stop.set()
            for t in threads:
                t.join(timeout=60)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
    polls = stats.latency["poll"]
    rate = (polls1 - polls0) / elapsed
    cpu = (cpu1 - cpu0) / elapsed
    held = rate * statistics.fmean(polls) if polls else 0.0  # Little's law: polls in flight at once
    errors = sum(stats.errors.values())
    print(f"Live sheet: {args.followers} followers of {args.tables} tables, short conditional polling every "
          f"{args.poll:g}s (ETag, 304 while unchanged); a hand every ~{args.every:g}s at each table; "
          f"gunicorn -w {args.workers} (sync); SQLite; {os.cpu_count()} CPUs; {elapsed:.0f}s measured")
    if delays:
        print(f"  delay save -> follower sees it: p50 {statistics.median(delays) * 1000:.0f} ms, "
              f"p95 {percentile(delays, 95) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms ({len(delays)} seen)")
    else:
        print("  delay: no new hand seen")
    print(f"  polls: {rate:.0f}/s, p50 {percentile(polls, 50) * 1000:.1f} ms, p95 {percentile(polls, 95) * 1000:.1f} ms")
    print(f"  server CPU: {cpu * 100:.0f}% of one core in all, {cpu / args.followers * 1000:.2f} ms per second "
          f"per follower; connections held at once: {held:.1f} on average (none between polls); "
          f"workers busy with polls: {held:.1f} of {args.workers}")
    print(f"  errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
