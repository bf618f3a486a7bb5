"""Cold and warm page times (issue 13). A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_cold.py [--quick] [--runs N]

Replays are remembered by the matches service, so a repeated page is cheap; this measures the cold
case as well: before every cold run the remembered replays are forgotten, as after a restart or on
another worker. It fills a throwaway SQLite database with two 6-player, 200-hand matches entered by
the cards each player held (Rumino, a knock game whose every hand is arranged for least deadwood, and
Ramino, a going-out game; ``benchmarks/card_matches.py``) and one table of 1,000 free-scoring matches
of 100 hands (``--quick``: 100), then times each page through Flask's test client (the whole request:
routing, SQL, replay, template). Each figure is the median of several runs, interleaved with the
health route so that a busy machine slows both alike; the targets are reported as ratios. On a
machine busy with other work the wall-clock ratios swing from run to run (a long request is
interrupted more often than a short one), so the same ratios are printed in CPU time too (this
process's own, ``time.process_time``), which other work disturbs far less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_history import fill as fill_history  # noqa: E402
from card_matches import going_out_match, knock_match  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402
from scorekeeper import service  # noqa: E402
from scorekeeper.service.importing import import_match  # noqa: E402
from scorekeeper.service.models import Table  # noqa: E402


def forget_replays() -> None:
    """Clear every remembered replay (the cold case)."""
    for name in dir(service):
        value = getattr(service, name)
        clear = getattr(value, "cache_clear", None)
        # a class's own cache_clear is unbound (the memo class beside its one instance)
        if callable(clear) and not isinstance(value, type):
            clear()


def timed(client, url: str, runs: int, cold: bool) -> tuple[float, float, float, float]:
    """Median ms of ``url`` and of the health route, interleaved: wall clock, then CPU time."""
    assert client.get(url).status_code == 200, url
    times, health, cpu, cpu_health = [], [], [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        client.get("/health")
        t1, c1 = time.perf_counter(), time.process_time()
        if cold:
            forget_replays()
        t2, c2 = time.perf_counter(), time.process_time()
        response = client.get(url)
        t3, c3 = time.perf_counter(), time.process_time()
        assert response.status_code == 200, (url, response.status_code)
        health.append(t1 - t0)
        times.append(t3 - t2)
        cpu_health.append(c1 - c0)
        cpu.append(c3 - c2)
    return tuple(statistics.median(x) * 1000 for x in (times, health, cpu, cpu_health))  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 history matches instead of 1,000")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    # the app as a server's worker runs it: the solver's tables built as it starts (WARM_SOLVERS, on under
    # gunicorn), and with them what the worker keeps for good set aside from the garbage collector
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/cold.sqlite3", "WARM_SOLVERS": True})
    with app.app_context():
        alembic.upgrade()
    t0 = time.perf_counter()
    history = fill_history(app, 100 if args.quick else 1000, 100)
    with app.app_context():
        table = Table(name="Card night", token=service.new_token())
        db.session.add(table)
        db.session.commit()
        knock = import_match(table, knock_match(200)).id
        going_out = import_match(table, going_out_match(200)).id
        token = table.token
    print(f"filled in {time.perf_counter() - t0:.1f} s (SQLite, {tmp}); median of {args.runs} runs")
    client = app.test_client()
    h = history["token"]
    cases = [
        ("scoreboard, Rumino 200 hands by cards", f"/t/{token}/m/{knock}", 30),
        ("match page, Rumino 200 hands by cards", f"/t/{token}/m/{knock}/history", None),
        ("scoreboard, Ramino 200 hands by cards", f"/t/{token}/m/{going_out}", 30),
        ("match page, Ramino 200 hands by cards", f"/t/{token}/m/{going_out}/history", None),
        (f"history page (20 of {1000 if not args.quick else 100} matches)", f"/t/{h}/history", 10),
    ]
    print(f"\n{'':42} {'cold ms':>9} {'x health':>9} {'warm ms':>9} {'x health':>9} {'health ms':>10}"
          f" | {'cold CPU':>9} {'x health':>9}")
    missed = []
    for label, url, target in cases:
        cold, health_c, cold_cpu, health_cpu = timed(client, url, args.runs, cold=True)
        warm, health_w, _, _ = timed(client, url, args.runs, cold=False)
        health = statistics.median([health_c, health_w])
        print(f"{label:42} {cold:9.1f} {cold / health_c:9.1f} {warm:9.1f} {warm / health_w:9.1f} {health:10.2f}"
              f" | {cold_cpu:9.1f} {cold_cpu / health_cpu:9.1f}")
        if target is not None:
            verdict = "OK" if cold / health_c <= target else "MISSED"
            missed.append(f"target: {label} cold <= {target}x health: {cold / health_c:.1f}x {verdict} "
                          f"(CPU time: {cold_cpu / health_cpu:.1f}x)")
    print()
    print("\n".join(missed))


if __name__ == "__main__":
    main()
