"""Memory and start-up CPU of several gunicorn workers, with and without ``--preload`` (issue 20). A
script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_workers.py [--workers 4] [--requests 40]

Each run starts gunicorn on a throwaway SQLite database and a free loopback port, with the solver's
tables built as a server builds them (``WARM_SOLVERS`` as under gunicorn; rate limits off, so that
several workers need no shared store here). Without ``--preload`` every worker builds the tables
itself; with it the master builds them once before forking and the workers share those pages
copy-on-write (after ``gc.freeze()`` the collector does not write to them).

Once every worker is ready (gunicorn's ``post_worker_init`` hook, from a config file written here),
it prints each process's resident memory (RSS) and unique memory (USS: the ``Private_*`` lines of
``/proc/PID/smaps_rollup``, what the process alone holds and would give back on exit), the CPU it
spent so far (user + system), and the time until all workers were ready; then it sends ``--requests``
requests that arrange hands on the meld checker (they read the solver's tables, and a read raises
reference counts, which copies shared pages), and prints memory again. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import Server  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024

#: hands for the meld checker, one per game that arranges cards
HANDS = [
    ("gin", "3H 4H 5H 8S 8D 8C JC QC KC 9D"),
    ("rumino", "3H 4H 5H 8S 8D 8C JC 2S"),
    ("oklahoma", "AH 2H 3H 7S 7D 7C 10C JC QC 4D"),
    ("kalooki", "3H 4H 5H 6H 8S 8D 8C JC QC KC 9D 9S 2C"),
    ("ramino", "3H 4H 5H 8S 8D 8C JC QC KC 9D 2S 2D 5C"),
]

HOOK = '''
def post_worker_init(worker):
    with open({ready!r}, "a") as ready:
        ready.write(f"{{worker.pid}}\\n")
'''


def memory(pid: int) -> tuple[int, int]:
    """(RSS, USS) of ``pid`` in kB, from smaps_rollup."""
    rss = uss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name == "Rss":
            rss = int(rest.split()[0])
        elif name.startswith("Private_"):
            uss += int(rest.split()[0])
    return rss, uss


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def run(workers: int, preload: bool, requests: int, folder: Path) -> dict:
    ready = folder / f"ready-{preload}"
    ready.write_text("")
    config = folder / f"gunicorn-{preload}.conf.py"
    config.write_text(HOOK.format(ready=str(ready)))
    server = Server(folder, workers=workers, threads=1, preload=preload, args=["-c", str(config), "--timeout", "120"],
                    env={"RATELIMIT_STORAGE_URI": "memory://"})
    server.env.pop("WARM_SOLVERS", None)  # WARM_SOLVERS as under gunicorn, whatever this shell sets
    server.migrate()
    began = time.monotonic()
    server.start()
    proc = server.process
    try:
        while len(ready.read_text().split()) < workers:
            if proc.poll() is not None:
                sys.exit(f"gunicorn stopped:\n{server.log_text()[-3000:]}")
            if time.monotonic() - began > 300:
                sys.exit("the workers were not ready in 300 s")
            time.sleep(0.05)
        started = time.monotonic() - began
        pids = [int(p) for p in ready.read_text().split()]
        time.sleep(0.5)  # let the last worker settle into its loop
        figures = {"started_s": started, "master": (memory(proc.pid), cpu_seconds(proc.pid)),
                   "workers": {pid: (memory(pid), cpu_seconds(pid)) for pid in pids}}
        for n in range(requests):
            variant, cards = HANDS[n % len(HANDS)]
            query = urllib.parse.urlencode({"variant": variant, "mode": "hand", "cards": cards})
            with urllib.request.urlopen(f"{server.url}/melds?{query}", timeout=60) as reply:
                reply.read()
        figures["after"] = {pid: memory(pid) for pid in pids}
        return figures
    finally:
        server.stop()


def report(title: str, figures: dict) -> None:
    (m_rss, m_uss), m_cpu = figures["master"]
    print(f"\n{title}: {len(figures['workers'])} workers ready in {figures['started_s']:.1f} s")
    print(f"  {'process':<14}{'RSS MB':>9}{'USS MB':>9}{'CPU s':>8}   {'after requests: RSS MB':>22}{'USS MB':>9}")
    print(f"  {'master':<14}{m_rss / 1024:>9.1f}{m_uss / 1024:>9.1f}{m_cpu:>8.2f}")
    total_uss, total_cpu, after_uss = m_uss, m_cpu, m_uss
    for pid, ((rss, uss), cpu) in figures["workers"].items():
        a_rss, a_uss = figures["after"][pid]
        print(f"  worker {pid:<7}{rss / 1024:>9.1f}{uss / 1024:>9.1f}{cpu:>8.2f}   {a_rss / 1024:>22.1f}{a_uss / 1024:>9.1f}")
        total_uss += uss
        total_cpu += cpu
        after_uss += a_uss
    print(f"  {'all (USS)':<14}{'':>9}{total_uss / 1024:>9.1f}{total_cpu:>8.2f}   {'':>22}{after_uss / 1024:>9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--requests", type=int, default=40, help="meld-checker requests after start")
    args = parser.parse_args()
    if not Path("/proc/self/smaps_rollup").exists():
        sys.exit("needs Linux's /proc/PID/smaps_rollup")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for preload in (False, True):
            report("with --preload" if preload else "without --preload (each worker builds its own)",
                   run(args.workers, preload, args.requests, folder))


if __name__ == "__main__":
    main()
