"""Benchmark: what one visitor's pictures cost everyone else, and where a worker's memory goes. A
script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_visitor.py [--seconds 20] [--soak 10000]

1. A share picture (``/v/<view>/summary.png``) of a match of 12 players with 40-letter names, in this
   process: its CPU drawn cold, asked again (kept in the worker), and asked with the ETag the phone
   has (a 304).
2. The README's server (``MALLOC_ARENA_MAX=2 gunicorn -w 4 -k gthread --threads 128 --preload``, a fresh SQLite file, rate
   limits off: nothing here counts them in a shared store) with 60 finished matches: ``/health`` p50
   from 127.0.0.1 alone, then while another address (127.0.0.2) fetches pictures of every match in
   both languages on 8 connections as fast as it can; the ratio of the two, the pictures served and
   the server's CPU.
3. A soak of ``--soak`` mixed requests (pages, sheets, pictures, exports, the meld checker, the card
   line, misses, health) on the same server, then each worker's resident memory (RSS) and unique
   memory (USS, the ``Private_*`` lines of ``/proc/PID/smaps_rollup``), before and after.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import REPO, Server  # noqa: E402

sys.path.insert(0, str(REPO))

PLAYERS = [f"{chr(65 + i)}{'abcdefghij' * 4}"[:40] for i in range(12)]

SETUP = """
import json, sys
from scorekeeper import create_app
from scorekeeper.web.extensions import db
from scorekeeper.service import importing, new_token
from scorekeeper.service.models import Table
players = json.loads(sys.argv[2])
app = create_app({"WARM_SOLVERS": False})
out = []
with app.app_context():
    table = Table(name="Bench", token=new_token())
    db.session.add(table)
    db.session.commit()
    for m in range(int(sys.argv[1])):
        doc = {"format": "scorekeeper.match/1", "variant": "free", "players": players, "rules": {"target": 100},
               "entries": [{"kind": "hand", "end": "scores",
                            "held": {p: {"points": (m + h + i) % 7 + (30 if h == 4 and i == 0 else 0)}
                                     for i, p in enumerate(players)}} for h in range(5)]}
        importing.import_document(table, doc, again=True)
    db.session.commit()
    out = {"token": table.token, "matches": [(m.id, m.view_token) for m in table.matches]}
    db.engine.dispose()
print(json.dumps(out))
"""


def picture_cpu() -> None:
    from scorekeeper import create_app
    from scorekeeper.web.extensions import alembic, db
    with tempfile.TemporaryDirectory() as folder:
        env_url = f"sqlite:///{folder}/p.db"
        app = create_app({"DATABASE_URL": env_url, "SECRET_KEY": "bench", "WARM_SOLVERS": False,
                          "RATELIMIT_ENABLED": False})
        with app.app_context():
            alembic.upgrade()
        made = json.loads(subprocess.run([sys.executable, "-c", SETUP, "1", json.dumps(PLAYERS)], cwd=REPO,
                                         env={**os.environ, "DATABASE_URL": env_url, "SECRET_KEY": "bench"},
                                         capture_output=True, text=True, check=True).stdout.splitlines()[-1])
        url = f"/v/{made['matches'][0][1]}/summary.png"
        client = app.test_client()

        def cpu(**headers) -> tuple[float, int]:
            start = time.process_time()
            response = client.get(url, headers=headers)
            return (time.process_time() - start) * 1000, response

        cold, first = cpu()
        cached, _ = cpu()
        not_modified, answer = cpu(**{"If-None-Match": first.headers["ETag"]})
        print(f"share picture, 12 players with 40-letter names ({len(first.data) / 1000:.0f} kB):")
        print(f"  drawn cold {cold:.0f} ms CPU; asked again (kept) {cached:.1f} ms; "
              f"with its ETag ({answer.status_code}) {not_modified:.1f} ms")
        with app.app_context():
            db.engine.dispose()


def get(port: int, path: str, source: str = "127.0.0.1", headers: dict | None = None) -> tuple[int, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        conn.close()


def health_p50(port: int, seconds: float, stop: threading.Event | None = None) -> float:
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not (stop and stop.is_set()):
        times.append(get(port, "/health")[1])
        time.sleep(0.05)
    return statistics.median(times) * 1000


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return total


def workers(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == master:
                    found.append(int(entry.name))
            except OSError:
                pass
    return sorted(found)


def memory(pid: int) -> tuple[float, float]:
    rss = uss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, value = line.partition(":")
        if name == "Rss":
            rss = int(value.split()[0])
        elif name.startswith("Private_"):
            uss += int(value.split()[0])
    return rss / 1024, uss / 1024


def soak(port: int, made: dict, n: int) -> dict:
    token, matches = made["token"], made["matches"]
    paths = [f"/t/{token}", f"/t/{token}/history", f"/t/{token}/stats", "/health", "/melds?variant=rummy&cards=5H+6H+7H+8H",
             "/melds?variant=pool_rummy&mode=hand&cards=2H+3H+4H+5S+6S+7S+JK", f"/t/{token}x/nothing", "/t/abc%00"]
    for match_id, view in matches:
        paths += [f"/t/{token}/m/{match_id}", f"/v/{view}", f"/v/{view}/sheet", f"/v/{view}/summary",
                  f"/v/{view}/summary.png", f"/t/{token}/m/{match_id}/export.json"]
    rng = random.Random(10)
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    left = [n]

    def run() -> None:
        while True:
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            status, _ = get(port, rng.choice(paths), headers={"Accept-Language": rng.choice(["en", "it"])})
            with lock:
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--soak", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=60)
    args = parser.parse_args()
    picture_cpu()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-visitor-") as tmp:
        server = Server(Path(tmp))
        server.migrate()
        made = json.loads(subprocess.run([sys.executable, "-c", SETUP, str(args.matches), json.dumps(PLAYERS)], cwd=REPO,
                                         env=server.env, capture_output=True, text=True, check=True).stdout.splitlines()[-1])
        with server:
            port = server.port
            time.sleep(2)
            pids = [server.pid] + workers(server.pid)
            quiet = health_p50(port, 5)
            stop = threading.Event()
            served = [0]

            def flood() -> None:
                i = 0
                while not stop.is_set():
                    _, view = made["matches"][i % len(made["matches"])]
                    lang = "it" if (i // len(made["matches"])) % 2 else "en"
                    if get(port, f"/v/{view}/summary.png", "127.0.0.2", {"Accept-Language": lang})[0] == 200:
                        served[0] += 1
                    i += 7

            cpu0 = cpu_seconds(pids)
            threads = [threading.Thread(target=flood) for _ in range(8)]
            for t in threads:
                t.start()
            busy = health_p50(port, args.seconds)
            stop.set()
            for t in threads:
                t.join()
            cpu = cpu_seconds(pids) - cpu0
            print(f"/health p50 quiet {quiet:.1f} ms; during a flood of pictures from another address "
                  f"{busy:.1f} ms ({busy / quiet:.1f}x quiet); {served[0]} pictures in {args.seconds:.0f} s "
                  f"on 8 connections, server CPU {cpu:.1f} s")
            before = {pid: memory(pid) for pid in workers(server.pid)}
            started = time.perf_counter()
            statuses = soak(port, made, args.soak)
            print(f"soak: {args.soak:,} mixed requests in {time.perf_counter() - started:.0f} s, statuses {statuses}")
            print("  worker   RSS MB before  after   USS MB before  after")
            for pid, (rss, uss) in before.items():
                rss1, uss1 = memory(pid)
                print(f"  {pid:>6}   {rss:12.1f} {rss1:6.1f}   {uss:12.1f} {uss1:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
