"""Benchmark: how soon a follower of the live sheet sees a new hand, and what the followers cost the server.

    .venv/bin/python benchmarks/bench_live.py                                  # streams: 50 tables, 200 followers, 40 s
    .venv/bin/python benchmarks/bench_live.py --threads 1                      # sync workers: every follower polls
    .venv/bin/python benchmarks/bench_live.py --threads 1 --poll 3             # the old 3 s polling, to compare

A script, not a test: it prints figures. It starts the documented server (``MALLOC_ARENA_MAX=2 gunicorn -w 4 -k gthread
--threads 128 --preload``, on a fresh SQLite file; ``benchmarks/server.py``; ``--threads 1`` gives sync
workers; the workers skip building the card solver's tables as they start, which free scoring never
uses and whose seconds of CPU would otherwise be counted against the followers), makes ``--tables``
free-scoring matches, and opens ``--followers`` followers spread over them,
each the way the spectator page (static/js/live.js) follows: it opens ``/v/<view>/stream``, and asks for
``/v/<view>/sheet`` when the stream says a version newer than the one it shows; where the server answers
the stream with 204 (no thread to hold it), it polls the sheet every ``--poll`` seconds with the sheet's
ETag (304 while nothing changed), and asks for the stream again after 1 s, then 2 s, and so on up to a minute; a sheet drawn with no stream
link (a server of one thread per worker) is only ever polled. Followers start at random
points of one interval, as people open the page at different times. Each table's phone saves a hand
every ``--every`` seconds on average (Save posted as the page posts it). The delay of a follower is the
time from the save's answer to that follower's sheet answer that brings the new version.

It prints the delay p50 / p95 / max, the requests per second (sheets, polls, streams opened), the
server's CPU (user + system of the gunicorn processes, read from /proc) per follower, and the
connections held at once on average (streams open, and polls in flight).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import CSRF_RE, VERSION_RE, Client, Stats, percentile, setup_tables  # noqa: E402
from server import REPO, Server  # noqa: E402

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


class Held:
    """Streams open at once, sampled."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.samples: list[int] = []

    def add(self, n: int) -> None:
        with self.lock:
            self.now += n

    def sample(self) -> None:
        with self.lock:
            self.samples.append(self.now)


def follower(port, table, stats, stop, saves: Saves, poll: float, delays: list, lock, held: Held,
             fallbacks: list) -> None:
    me = Client(port, stats)
    path = f"/v/{table['view']}/sheet"
    state = {"etag": "", "seen": 0}

    def ask(kind: str) -> str:
        headers = {"HX-Request": "true"}
        if state["etag"]:
            headers["If-None-Match"] = state["etag"]
        status, body, got = me.request(kind, "GET", path, headers=headers, expect=(200, 304))
        arrived = time.perf_counter()
        if status == 200:
            state["etag"] = got.get("etag", "")
            found = ETAG_VERSION.search(state["etag"])
            version = int(found.group(1)) if found else 0
            if state["seen"] and version > state["seen"]:
                saved = saves.when(table["match"], version)
                if saved is not None:
                    with lock:
                        delays.append(arrived - saved)
            state["seen"] = version
        return body

    def stream() -> bool:
        """Follow one stream to its end; False when the server holds none (204)."""
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", f"/v/{table['view']}/stream", headers={"Accept": "text/event-stream"})
            response = conn.getresponse()
        except (OSError, http.client.HTTPException) as exc:
            stats.add("stream", time.perf_counter() - started, 0, False, repr(exc))
            return False
        stats.add("stream", time.perf_counter() - started, response.status, response.status in (200, 204), "")
        if response.status != 200:
            conn.close()
            return False
        held.add(1)
        try:
            while not stop.is_set():
                line = response.readline()
                if not line:
                    break  # the stream's time is up: the browser opens the next one
                if line.startswith(b"data: ") and int(line[6:]) != state["seen"]:
                    ask("sheet")
        except (OSError, http.client.HTTPException, ValueError):
            pass
        finally:
            held.add(-1)
            conn.close()
        return True

    if stop.wait(poll * random.random()):
        return
    if "data-live-stream" not in ask("sheet"):
        while not stop.is_set():  # no stream offered: the page polls
            ask("poll")
            stop.wait(poll)
        return
    retry = 1.0
    while not stop.is_set():
        if stream():
            retry = 1.0
            stop.wait(0.5)  # the stream's retry
            continue
        fallbacks.append(1)
        # polls, and asks for the stream again a while later (the wait doubles, as static/js/live.js's)
        until = time.perf_counter() + retry * (0.75 + random.random() / 2)
        retry = min(60.0, retry * 2)
        while not stop.is_set() and time.perf_counter() < until:
            ask("poll")
            stop.wait(poll)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--followers", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers, as README says")
    parser.add_argument("--threads", type=int, default=128, help="threads per worker, as README says (1: sync workers)")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--poll", type=float, default=None, help="seconds between polls (default: the app's)")
    parser.add_argument("--every", type=float, default=8.0, help="mean seconds between two hands at a table")
    args = parser.parse_args(argv)
    if args.poll is None:
        sys.path.insert(0, str(REPO))
        from scorekeeper.web.spectate.routes import POLL_SECONDS
        args.poll = POLL_SECONDS

    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-") as tmp:
        server = Server(Path(tmp), workers=args.workers, threads=args.threads, settings={"WARM_SOLVERS": False})
        server.migrate()
        tables = setup_tables(server.env, args.tables)
        with server:
            port = server.port
            stats, saves, stop = Stats(), Saves(), threading.Event()
            delays: list[float] = []
            fallbacks: list[int] = []
            held = Held()
            lock = threading.Lock()
            threads = [threading.Thread(target=phone, args=(port, t, stats, stop, saves, args.every))
                       for t in tables]
            threads += [threading.Thread(target=follower, args=(port, tables[i % len(tables)], stats, stop, saves,
                                                                args.poll, delays, lock, held, fallbacks))
                        for i in range(args.followers)]
            for t in threads:
                t.start()
            time.sleep(min(5.0, args.seconds / 4))  # every follower past its first poll
            kinds = ("poll", "sheet", "stream", "save")
            cpu0, counts0, started = cpu_seconds(server.pid), {k: len(stats.latency[k]) for k in kinds}, time.perf_counter()
            while time.perf_counter() - started < args.seconds:
                time.sleep(0.5)
                held.sample()
            cpu1, elapsed = cpu_seconds(server.pid), time.perf_counter() - started
            rates = {k: (len(stats.latency[k]) - counts0[k]) / elapsed for k in kinds}
            stop.set()
            for t in threads:
                t.join(timeout=60)
    polls = stats.latency["poll"]
    cpu = (cpu1 - cpu0) / elapsed
    in_flight = rates["poll"] * statistics.fmean(polls) if polls else 0.0  # Little's law: polls in flight
    streams = statistics.fmean(held.samples) if held.samples else 0.0
    errors = sum(stats.errors.values())
    print(f"Live sheet: {args.followers} followers of {args.tables} tables, a stream of versions each (polling "
          f"every {args.poll:g}s where none is held); a hand every ~{args.every:g}s at each table; "
          f"{server.described}; SQLite; {os.cpu_count()} CPUs; {elapsed:.0f}s measured")
    if delays:
        print(f"  delay save -> follower sees it: p50 {statistics.median(delays) * 1000:.0f} ms, "
              f"p95 {percentile(delays, 95) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms ({len(delays)} seen)")
    else:
        print("  delay: no new hand seen")
    print(f"  requests: saves {rates['save']:.1f}/s (each with its scoreboard), sheets {rates['sheet']:.1f}/s, polls {rates['poll']:.1f}/s, streams opened "
          f"{rates['stream']:.1f}/s; followers sent to polling (204) {len(fallbacks)} times")
    each = f", {cpu / args.followers * 1000:.2f} ms per second per follower" if args.followers else ""
    print(f"  server CPU: {cpu * 100:.0f}% of one core in all{each}; connections held at once: {streams:.0f} "
          f"streams and {in_flight:.1f} polls on average")
    print(f"  errors: {errors}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
