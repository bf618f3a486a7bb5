"""Benchmark: where a worker's memory goes over a soak of mixed requests, and what bounds it. A script,
not a test: it prints figures.

    .venv/bin/python benchmarks/bench_soak_memory.py [--requests 10000] [--arenas 2] [--server-args "..."] [--trace]

It migrates a fresh SQLite file, makes a table of ``--matches`` finished matches of 6 players and
``--hands`` hands each, a few matches being played and a second table that takes imports, and starts the
README's server (``MALLOC_ARENA_MAX=2 gunicorn -w 4 -k gthread --threads 128 --preload``; rate limits
off, since one address sends everything and no shared store is started here; ``--arenas 0`` leaves
glibc's own number of arenas) with ``--server-args`` added (such as ``--max-requests 2000
--max-requests-jitter 200``) and ``--env`` set.
It then sends ``--requests`` requests on 8 connections, drawn from a fixed mix: table, scoreboard,
history, stats and chart pages, spectator pages and sheets, share pictures, exports of a match (JSON,
CSV) and of the whole table, the meld checker, saved hands (the scoreboard, then the hand's form),
imports, misses and ``/health``, in English and Italian.

It prints each worker's resident memory (``VmRSS`` of ``/proc/PID/status``) and its own (USS: the
``Private_*`` lines of ``smaps_rollup``) as it started and after the soak, and what each worker holds
then (a hook of the server's, ``--report``): Python's live blocks, the C allocator's bytes in use and
freed but kept (glibc's ``mallinfo2``) and its arenas, the garbage collector's objects, and the size of
each cache the app keeps (replays, sheets, pictures, ratings, the solver's tables, templates, the
``lru_cache``s). ``--trace`` also starts ``tracemalloc`` in one worker and prints its largest
allocations still held.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import CSRF_RE, VERSION_RE, Client, Stats  # noqa: E402
from server import REPO, Server  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]

SETUP = """
import json, sys
from scorekeeper import create_app
from scorekeeper.web.extensions import db
from scorekeeper.service import importing, models, new_token
players = json.loads(sys.argv[3])
app = create_app({"WARM_SOLVERS": False})
with app.app_context():
    table = models.Table(name="Soak", token=new_token())
    inbox = models.Table(name="Imports", token=new_token())
    db.session.add_all([table, inbox])
    db.session.commit()
    for m in range(int(sys.argv[1])):
        doc = {"format": "scorekeeper.match/1", "variant": "free", "players": players, "rules": {},
               "entries": [{"kind": "hand", "end": "scores",
                            "held": {p: {"points": (m * 7 + h * 3 + i * 5) % 23} for i, p in enumerate(players)}}
                           for h in range(int(sys.argv[2]))]}
        importing.import_document(table, doc, again=True)
        db.session.commit()
    seats = sorted(table.players, key=lambda p: p.id)[:4]
    playing = []
    for _ in range(4):
        match = models.Match(table_id=table.id, variant="free", rules={}, seats=[p.id for p in seats],
                             first_dealer_id=seats[0].id, stake=None, view_token=new_token(), version=1,
                             status="active")
        db.session.add(match)
        db.session.commit()
        playing.append(match.id)
    out = {"token": table.token, "inbox": inbox.token, "matches": [[m.id, m.view_token] for m in table.matches],
           "playing": playing, "seats": [p.id for p in seats]}
    db.engine.dispose()
print(json.dumps(out))
"""

#: the server's hook (gunicorn's config file): a worker writes what it holds when asked (a file named for
#: it appears), from a thread of its own; with SOAK_TRACE=1 the first worker traces its allocations
HOOKS = r'''
import ctypes, functools, gc, json, os, sys, threading, time

FOLDER = os.environ["SOAK_REPORTS"]


class Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _malloc():
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = Mallinfo2
        info = libc.mallinfo2()
        size = ctypes.c_size_t()
        buf = ctypes.c_char_p()
        libc.open_memstream.restype = ctypes.c_void_p
        stream = libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
        libc.malloc_info(0, ctypes.c_void_p(stream))
        libc.fclose(ctypes.c_void_p(stream))
        arenas = buf.value.decode().count("<heap nr=")
        return {"in_use_mb": (info.uordblks + info.hblkhd) / 2**20, "freed_kept_mb": info.fordblks / 2**20,
                "mmapped_mb": info.hblkhd / 2**20, "arenas": arenas}
    except Exception as error:  # not glibc
        return {"error": repr(error)}


def _caches(app):
    found = {}
    try:
        from scorekeeper.service import matches, ratings
        from scorekeeper.web.spectate import routes
        from scorekeeper.engine.solver import common
        found["replays (entries)"] = (matches._replays.held, len(matches._replays._entries))
        found["sheets (chars)"] = (routes._sheets.held, len(routes._sheets._entries))
        found["pictures (bytes)"] = (routes._pictures.held, len(routes._pictures._entries))
        found["ratings (matches)"] = (ratings._memo.held, len(ratings._memo._entries))
        found["solver tables"] = (len(common._cache), common._cache.bound)
    except Exception as error:
        found["error"] = repr(error)
    try:
        found["templates"] = len(app.jinja_env.cache) if app.jinja_env.cache is not None else None
    except Exception as error:
        found["templates"] = repr(error)
    for name, module in list(sys.modules.items()):
        if not name.startswith("scorekeeper"):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == name:
                got = value.cache_info()
                found[f"{name}.{attr} (lru)"] = (got.currsize, got.maxsize)
    return found


def _report(worker):
    import tracemalloc
    app = worker.wsgi
    status = {}
    for line in open(f"/proc/{os.getpid()}/status"):
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM", "Threads"):
            status[key] = value.strip()
    out = {"pid": os.getpid(), "status": status, "malloc": _malloc(), "python_blocks": sys.getallocatedblocks(),
           "gc_objects": len(gc.get_objects()), "gc_frozen": gc.get_freeze_count(), "caches": _caches(app)}
    if tracemalloc.is_tracing():
        snapshot = tracemalloc.take_snapshot().filter_traces(
            (tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib._bootstrap>")))
        stats = snapshot.statistics("filename")
        out["traced_mb"] = sum(s.size for s in stats) / 2**20
        out["traced_top"] = [[str(s.traceback), s.size / 2**20, s.count] for s in stats[:15]]
        lines = snapshot.statistics("lineno")
        out["traced_lines"] = [[str(s.traceback), s.size / 2**20, s.count] for s in lines[:12]]
    return out


def _listen(worker):
    want = os.path.join(FOLDER, f"{os.getpid()}.want")
    while True:
        time.sleep(0.3)
        if os.path.exists(want):
            os.remove(want)
            try:
                report = _report(worker)
            except Exception as error:
                report = {"pid": os.getpid(), "error": repr(error)}
            path = os.path.join(FOLDER, f"{os.getpid()}.json")
            with open(path + ".part", "w") as f:
                json.dump(report, f)
            os.replace(path + ".part", path)


def post_fork(server, worker):
    if os.environ.get("SOAK_TRACE") == "1" and not any(name.endswith(".trace") for name in os.listdir(FOLDER)):
        open(os.path.join(FOLDER, f"{os.getpid()}.trace"), "w").close()
        import tracemalloc
        tracemalloc.start(1)
    threading.Thread(target=_listen, args=(worker,), daemon=True).start()
'''


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
    """(RSS, USS) in MB: VmRSS of /proc/PID/status, the Private_* lines of smaps_rollup."""
    rss = uss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, value = line.partition(":")
        if name.startswith("Private_"):
            uss += int(value.split()[0])
    return rss / 1024, uss / 1024


def reports(folder: Path, pids: list[int], seconds: float = 60) -> dict[int, dict]:
    for pid in pids:
        (folder / f"{pid}.want").touch()
    found: dict[int, dict] = {}
    deadline = time.monotonic() + seconds
    while len(found) < len(pids) and time.monotonic() < deadline:
        for pid in pids:
            path = folder / f"{pid}.json"
            if pid not in found and path.exists():
                found[pid] = json.loads(path.read_text())
                path.unlink()
        time.sleep(0.2)
    return found


def import_document(port: int, phone: Client, token: str, n: int) -> None:
    """POST one small match document to the table's import page, as the form does (multipart)."""
    status, page, _ = phone.request("import page", "GET", f"/t/{token}/import")
    found = CSRF_RE.search(page) if status == 200 else None
    if not found:
        return
    doc = json.dumps({"format": "scorekeeper.match/1", "variant": "free", "players": PLAYERS[:4], "rules": {},
                      "entries": [{"kind": "hand", "end": "scores",
                                   "held": {p: {"points": (n + h + i) % 17} for i, p in enumerate(PLAYERS[:4])}}
                                  for h in range(40)]})
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{found.group(1)}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"again\"\r\n\r\ny\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"document\"; filename=\"m.json\"\r\n"
            f"Content-Type: application/json\r\n\r\n{doc}\r\n--{boundary}--\r\n").encode()
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", f"/t/{token}/import", body=body,
                     headers={"Cookie": phone.cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        response = conn.getresponse()
        response.read()
        status = response.status
    finally:
        conn.close()
    phone.stats.add("import", time.perf_counter() - started, status, status == 302)


def soak(port: int, made: dict, n: int, connections: int = 8) -> Stats:
    token, matches = made["token"], made["matches"]
    melds = ["/melds?variant=rummy&cards=5H+6H+7H+8H", "/melds?variant=rummy&cards=QS+QH+QD+2C+3C+4C",
             "/melds?variant=pool_rummy&mode=hand&cards=2H+3H+4H+5S+6S+7S+JK",
             "/melds?variant=canasta&cards=KH+KS+KD+2C", "/melds?variant=rummy&cards=AS+2S+3S+4S+5S+6S+7S+8S"]

    def any_match() -> tuple[int, str]:
        return random.choice(matches)

    kinds = [  # (weight, kind, path maker); "save" and "import" are two requests each
        (8, "table", lambda: f"/t/{token}"),
        (14, "scoreboard", lambda: f"/t/{token}/m/{any_match()[0]}"),
        (6, "history", lambda: f"/t/{token}/history"),
        (4, "match history", lambda: f"/t/{token}/m/{any_match()[0]}/history"),
        (4, "stats", lambda: f"/t/{token}/stats"),
        (3, "chart", lambda: f"/t/{token}/m/{any_match()[0]}/chart.svg"),
        (5, "spectator page", lambda: f"/v/{any_match()[1]}"),
        (10, "sheet", lambda: f"/v/{any_match()[1]}/sheet"),
        (3, "summary", lambda: f"/v/{any_match()[1]}/summary"),
        (4, "picture", lambda: f"/v/{any_match()[1]}/summary.png"),
        (4, "export.json", lambda: f"/t/{token}/m/{any_match()[0]}/export.json"),
        (2, "export.csv", lambda: f"/t/{token}/m/{any_match()[0]}/export.csv"),
        (1, "table export", lambda: f"/t/{token}/export.json"),
        (8, "melds", lambda: random.choice(melds)),
        (12, "save", None),
        (1, "import", None),
        (2, "health", lambda: "/health"),
        (2, "miss", lambda: random.choice([f"/t/{token}x/nothing", "/v/nothing-here-at-all/sheet", "/t/abc%00"])),
    ]
    weights = [w for w, _, _ in kinds]
    stats = Stats()
    lock = threading.Lock()
    left = [n]

    def run(k: int) -> None:
        phone = Client(port, stats)
        language = "it" if k % 2 else "en"
        saved = 0
        while True:
            _, kind, make = random.choices(kinds, weights)[0]
            cost = 2 if kind in ("save", "import") else 1
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= cost
            headers = {"Accept-Language": language}
            if kind == "save":
                match_id = made["playing"][k % len(made["playing"])]
                base = f"/t/{token}/m/{match_id}"
                status, page, _ = phone.request("scoreboard", "GET", base, headers=headers)
                csrf, version = CSRF_RE.search(page), VERSION_RE.search(page)
                if status == 200 and csrf and version:
                    form = {"csrf_token": csrf.group(1), "version": version.group(1), "key": uuid.uuid4().hex}
                    for i, pid in enumerate(made["seats"]):
                        form[f"points_{pid}"] = str((saved * 7 + i * 3) % 25)
                    phone.request("save", "POST", base + "/hands/new", form, headers=headers, expect=(302, 409))
                    saved += 1
            elif kind == "import":
                import_document(port, phone, made["inbox"], random.randrange(10**6))
            else:
                phone.request(kind, "GET", make(), headers=headers, expect=(200, 404))

    threads = [threading.Thread(target=run, args=(k,)) for k in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return stats


def show(before: dict[int, tuple[float, float]], after: dict[int, tuple[float, float]], held: dict[int, dict]) -> None:
    print("  worker   RSS MB fresh  after   USS MB fresh  after   C heap in use / freed but kept MB, arenas;"
          " Python blocks; gc objects")
    for pid, (rss, uss) in before.items():
        rss1, uss1 = after.get(pid, (float("nan"), float("nan")))
        got = held.get(pid, {})
        heap = got.get("malloc", {})
        heap_words = (f"{heap.get('in_use_mb', 0):6.1f} / {heap.get('freed_kept_mb', 0):5.1f}, {heap.get('arenas', '?')}"
                      if "in_use_mb" in heap else heap.get("error", "?"))
        print(f"  {pid:>6}   {rss:11.1f} {rss1:6.1f}   {uss:11.1f} {uss1:6.1f}   {heap_words};"
              f" {got.get('python_blocks', 0):,}; {got.get('gc_objects', 0):,}")
    some = next(iter(held.values()), None)
    if some:
        print("  caches of worker", some["pid"], "(held, entries or bound):")
        for name, value in some["caches"].items():
            print(f"    {name}: {value}")
    for got in held.values():
        if "traced_top" in got:
            print(f"  tracemalloc in worker {got['pid']}: {got['traced_mb']:.1f} MB allocated since it forked"
                  " and still held; by file:")
            for where, mb, count in got["traced_top"]:
                print(f"    {mb:7.2f} MB {count:>8,} blocks  {where}")
            print("  by line:")
            for where, mb, count in got["traced_lines"]:
                print(f"    {mb:7.2f} MB {count:>8,} blocks  {where}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--threads", type=int, default=128, help="gunicorn threads per worker, as README says")
    parser.add_argument("--server-args", default="", help="more gunicorn arguments, e.g. '--max-requests 2000'")
    parser.add_argument("--env", action="append", default=[], help="K=V for the server")
    parser.add_argument("--arenas", default="2", help="MALLOC_ARENA_MAX, as the README sets it; 0: glibc's own "
                        "(eight per core), as before the README set it")
    parser.add_argument("--trace", action="store_true", help="tracemalloc in one worker (slower, and it holds more)")
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    random.seed(args.seed)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-soak-") as tmp:
        folder = Path(tmp)
        (folder / "reports").mkdir()
        (folder / "hooks.py").write_text(HOOKS)
        server = Server(folder, threads=args.threads, arenas=None if args.arenas == "0" else args.arenas,
                        args=[*shlex.split(args.server_args), "-c", str(folder / "hooks.py")],
                        env={"SOAK_REPORTS": str(folder / "reports"), "SOAK_TRACE": "1" if args.trace else "0",
                             **dict(kv.split("=", 1) for kv in args.env)})
        server.migrate()
        started = time.perf_counter()
        made = json.loads(subprocess.run([sys.executable, "-c", SETUP, str(args.matches), str(args.hands), json.dumps(PLAYERS)],
                                         cwd=REPO, env=server.env, capture_output=True, text=True, check=True).stdout.splitlines()[-1])
        print(f"setup: {args.matches} matches of {len(PLAYERS)} players x {args.hands} hands, 4 being played "
              f"({time.perf_counter() - started:.0f} s)")
        print("server:", server.described, *args.env, *(["(glibc's arenas)"] if args.arenas == "0" else []),
              "(rate limits off)" + (" tracemalloc in one worker" if args.trace else ""))
        try:
            server.start().wait()
            time.sleep(2)
            pids = workers(server.pid)
            before = {pid: memory(pid) for pid in pids}
            print(f"master RSS {memory(server.pid)[0]:.1f} MB")
            started = time.perf_counter()
            stats = soak(server.port, made, args.requests)
            seconds = time.perf_counter() - started
            codes: dict[int, int] = {}
            for (_, status), count in stats.statuses.items():
                codes[status] = codes.get(status, 0) + count
            spent = sorted(((sum(v), k, len(v)) for k, v in stats.latency.items()), reverse=True)
            print("time by kind (s, requests):", ", ".join(f"{k} {t:.0f} ({n})" for t, k, n in spent))
            print(f"soak: {stats.total:,} requests in {seconds:.0f} s on 8 connections; statuses {dict(sorted(codes.items()))}"
                  f"; unexpected {sum(stats.errors.values())} {stats.samples[:2]}")
            now = workers(server.pid)
            held = reports(folder / "reports", now)
            after = {pid: memory(pid) for pid in now}
            for pid in now:  # a worker started during the soak (recycled): fresh is unknown
                before.setdefault(pid, (float("nan"), float("nan")))
            print(f"workers recycled during the soak: {len([p for p in pids if p not in now])}")
            show({pid: before[pid] for pid in now}, after, held)
        finally:
            server.stop()
            text = server.log_text()
            errors = [line for line in text.splitlines() if "Traceback" in line or "[ERROR]" in line]
            if errors:
                print(f"server log: {len(errors)} error lines; the first:\n{text[text.index(errors[0]):][:3000]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
