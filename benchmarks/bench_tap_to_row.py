"""Benchmark: from the tap on Save to the new hand's row drawn, on a phone, in a 200-hand match.

    .venv/bin/python benchmarks/bench_tap_to_row.py [--hands 200] [--taps 30]   # the README's gunicorn
    .venv/bin/python benchmarks/bench_tap_to_row.py --server thread              # Werkzeug in a thread

A script, not a test: it prints figures. The app is served on loopback (a fresh SQLite file) by the
README's server, gunicorn with four gthread workers and ``--preload`` in their own processes (the
solver's tables and the templates made as it starts, as they are there), or with ``--server thread``
by Werkzeug in a thread of the benchmark's own process (which then shares one interpreter lock with
Playwright's client, but times each save's CPU by itself); a free-scoring match of three players is filled with ``--hands`` hands straight through the
service, and headless Chromium at 390×844 with touch opens the scoreboard and records ``--taps`` more
hands: points typed, Save tapped. Each time is measured in the page, from the Save button's
``pointerdown`` to the frame after the new row (its hand number in the sheet) is in the document, so
it holds the request, the server's save and scoreboard, htmx's swap and the paint. It prints p50, p95
and max (target: p95 at most 100 ms on loopback), then where the time went: from the tap to the
request sent and to the answer's first byte (the save's Resource Timing), the server's CPU (in a thread:
one save's, around the whole WSGI call; under gunicorn: all of its processes' CPU over the taps, per tap,
previews and the page kept for offline use included), and from the answer's arrival to the row drawn.

The machine's load changes these figures a lot (two shared cores): compare runs made one after the
other, and say the load average with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, PHONE, in_thread, migrated_app, serve_app  # noqa: E402

sys.path.insert(0, str(REPO / "benchmarks"))
from bench_live import cpu_seconds  # noqa: E402
from server import Server  # noqa: E402

import logging  # noqa: E402

logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line per request would drown the figures

WATCH = """(number) => ({drawn: new Promise((done) => {
  const button = document.querySelector('form.hand-form button.save');
  let down = null;
  button.addEventListener('pointerdown', () => { down = performance.now(); }, {once: true, capture: true});
  const drawn = () => [...document.querySelectorAll('#sheet th[scope=row]')].some(th => th.textContent.trim() === String(number));
  const seen = new MutationObserver(() => {
    if (down !== null && drawn()) { seen.disconnect(); requestAnimationFrame(() => {
      const now = performance.now();
      // the save's own request, as the browser timed it (its first byte sent, the answer's first byte)
      const save = performance.getEntriesByType('resource').filter(e => /[/]hands[/]new$/.test(e.name)).pop();
      performance.clearResourceTimings();
      done({total: now - down, sent: save ? save.requestStart - down : null,
            answer: save ? save.responseStart - down : null}); }); }
  });
  seen.observe(document.body, {childList: true, subtree: true});
})})"""


def timed(app, cpu: list[float]):
    """``app`` whose saves add their thread's CPU time (ms, the whole WSGI call) to ``cpu``."""
    inner = app.wsgi_app

    def wsgi(environ, start_response):
        start = time.thread_time()
        try:
            return list(inner(environ, start_response))
        finally:
            if environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"].endswith("/hands/new"):
                cpu.append((time.thread_time() - start) * 1000)

    app.wsgi_app = wsgi
    return app


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * (len(ordered) - 1)))]


def seed(app, hands: int) -> str:
    from scorekeeper.web.extensions import db
    from scorekeeper import service
    from scorekeeper.service.models import Player, Table

    def make():
        table = Table(token=service.new_token(), name="Bench")
        db.session.add(table)
        db.session.flush()
        players = [Player(table_id=table.id, name=n, name_key=n.casefold()) for n in ("Ann", "Ben", "Cat")]
        db.session.add_all(players)
        db.session.commit()
        ids, token = [p.id for p in players], table.token
        db.session.expunge_all()  # loaded afresh, as a request would find them
        match = service.create_match(service.find_table(token), variant="free", rules={}, seats=ids,
                                     first_dealer_id=ids[0], stake=None)
        for i in range(hands):
            match = service.find_match(service.find_table(token), match.id)
            service.add_entry(match, {"kind": "hand", "end": "scores",
                                      "held": {str(pid): {"points": (i * 7 + n) % 20} for n, pid in enumerate(ids)}},
                              version=match.version, key=uuid.uuid4().hex)
        return f"/t/{token}/m/{match.id}"

    return in_thread(app, make)


def taps(base: str, path: str, hands: int, count: int) -> list[dict]:
    """Record ``count`` hands on the phone, each timed in the page from the tap to the row drawn."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
        page.goto(base + path)
        page.wait_for_load_state("load")
        times = []
        for i in range(count):
            number = hands + i + 1
            boxes = page.locator("form.hand-form .held input.points")
            for n in range(boxes.count()):
                boxes.nth(n).fill(str((i + n) % 9))
            page.wait_for_timeout(1200)  # past the double-tap guard of the form drawn after a save
            waiting = page.evaluate_handle(WATCH, number)
            page.locator("form.hand-form button.save").tap()
            times.append(page.evaluate("(w) => w.drawn", waiting))
        browser.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--server", choices=("gunicorn", "thread"), default="gunicorn",
                        help="the README's gunicorn in its own processes, or Werkzeug in a thread of this one")
    parser.add_argument("--threads", type=int, default=128, help="gunicorn threads per worker, as README says")
    args = parser.parse_args(argv)
    cpu: list[float] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-tap-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'tap.sqlite3'}"
        if args.server == "thread":
            def make():
                app = migrated_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
                return timed(app, cpu), app

            with serve_app(make) as (base, app):
                times = taps(base, seed(app, args.hands), args.hands, args.taps)
            where = "Werkzeug in a thread of the benchmark's process"
        else:
            server = Server(Path(tmp), threads=args.threads, database_url=url)
            path = seed(migrated_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False}), args.hands)
            with server:
                before = cpu_seconds(server.pid)
                times = taps(server.url, path, args.hands, args.taps)
                # everything the server did for the taps (the saves, the previews, the pages kept offline)
                cpu.append((cpu_seconds(server.pid) - before) * 1000 / args.taps)
            where = f"{server.described} (the README's server)"
    total = [t["total"] for t in times]
    print(f"Tap to row: {args.taps} hands saved on a {args.hands}-hand free-scoring match, Chromium 390×844 touch, "
          f"loopback, {where}, SQLite")
    print(f"  p50 {statistics.median(total):.0f} ms, p95 {p95(total):.0f} ms, max {max(total):.0f} ms "
          f"(target: p95 ≤ 100 ms)")
    timed_taps = [t for t in times if t["answer"] is not None]
    if timed_taps:
        sent, answer = [t["sent"] for t in timed_taps], [t["answer"] for t in timed_taps]
        after = [t["total"] - t["answer"] for t in timed_taps]
        server = (f"server CPU per save p50 {statistics.median(cpu):.0f} ms (p95 {p95(cpu):.0f})"
                  if args.server == "thread" else f"server CPU per tap {cpu[0]:.0f} ms (every request of it)")
        print(f"  from the tap: request sent p50 {statistics.median(sent):.0f} ms, answer's first byte p50 "
              f"{statistics.median(answer):.0f} ms (p95 {p95(answer):.0f}); {server}; from the answer to the row "
              f"drawn p50 {statistics.median(after):.0f} ms (p95 {p95(after):.0f})")
    slowest = sorted(range(len(times)), key=lambda i: times[i]["total"], reverse=True)[:3]
    print("  slowest taps: " + ", ".join(
        f"#{i + 1} {times[i]['total']:.0f} ms (answer's first byte {times[i]['answer'] or 0:.0f})" for i in slowest))
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
