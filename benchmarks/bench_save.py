"""Benchmark: does a save cost the same on hand 1,000 as on hand 10? A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_save.py [--hands 1000] [--variant free|gin] [--plain]

Records ``--hands`` hands into one match through the app (a test client in this process, on a fresh
SQLite file), the way a phone does: the hand form posted with htmx, which answers with the fresh
scoreboard (``--plain``: the form posted without JavaScript and the scoreboard it redirects to). It
prints hands per second for the first 100 and the last 100 hands, their ratio (target: the last 100
within 1.5x of the first), and the process's resident memory before, after the first 100 and at the
end. Then the card picker's live value line: the time of one request at the largest hand each variant
allows (target: under 0.1 s each), after one warm-up request; the first request's time is printed too.
A server builds the solver's tables as it starts (``WARM_SOLVERS``); this app is made as the
development server makes it, so its first request of each rule set builds them, unless
``--warm-start`` (the app built as a server builds it: the time it took to start is printed).
The tables live in the process, so compare the two in separate runs:

    .venv/bin/python benchmarks/bench_save.py --skip-saves
    .venv/bin/python benchmarks/bench_save.py --skip-saves --warm-start

Figures taken on a loaded machine vary from run to run; compare runs made one after the other.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine.cards import SUITS, Card  # noqa: E402
from scorekeeper.extensions import alembic, db  # noqa: E402

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
NAMES = ["Ann", "Ben", "Cat"]


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 1e6


class Phone:
    def __init__(self, client):
        self.client = client
        self.csrf = CSRF.search(client.get("/tables/new").get_data(as_text=True)).group(1)

    def post(self, url: str, data: dict, **kw):
        return self.client.post(url, data={"csrf_token": self.csrf, **data}, **kw)


def start_match(phone: Phone, app, variant: str, players: list[str]) -> tuple[str, int, dict[str, int]]:
    token = phone.post("/tables/new", {"name": "Bench"}).headers["Location"].rsplit("/", 1)[-1]
    for name in players:
        phone.post(f"/t/{token}/players", {"name": name})
    from scorekeeper import models
    import sqlalchemy as sa

    with app.app_context():
        table = db.session.scalar(sa.select(models.Table).where(models.Table.token == token))
        ids = {p.name: p.id for p in table.players}
    data = {f"seat_{ids[n]}": str(i) for i, n in enumerate(players, start=1)}
    data.update(variant=variant, first_dealer="", stake="")
    response = phone.post(f"/t/{token}/matches/new?variant={variant}", data)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    return token, int(response.headers["Location"].rsplit("/", 1)[-1]), ids


def record(phone: Phone, token: str, match_id: int, ids: dict[str, int], variant: str, i: int, version: int,
           plain: bool) -> int:
    if variant == "free":
        data = {f"points_{ids[n]}": str((i * 7 + k * 3) % 20 - 5) for k, n in enumerate(NAMES)}
    else:  # gin by points: the knocker 0..3, the other 0..40 (never ends: 3-4 players play to a high target)
        data = {"end": "knock", "by": str(ids["Ann"]), f"points_{ids['Ann']}": "0",
                f"points_{ids['Ben']}": str(i % 7), f"points_{ids['Cat']}": str(i % 5)}
    data.update(version=str(version), key=f"bench-{i}")
    url = f"/t/{token}/m/{match_id}/hands/new"
    if plain:
        response = phone.post(url, data)
        assert response.status_code == 302, response.get_data(as_text=True)[:300]
        page = phone.client.get(response.headers["Location"]).get_data(as_text=True)
    else:
        response = phone.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        page = response.get_data(as_text=True)
    found = VERSION.search(page)
    return int(found.group(1)) if found else version + 1


def fresh_app(folder: str, **config):
    """An app on a new SQLite file in ``folder``, migrated, and a phone talking to it."""
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
                      "RATELIMIT_ENABLED": False, **config})
    with app.app_context():
        alembic.upgrade()
    return app, Phone(app.test_client())


def bench_saves(hands: int, variant: str, plain: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        app, phone = fresh_app(tmp)
        token, match_id, ids = start_match(phone, app, variant, NAMES)
        version = 1
        times = []
        memory = {"start": rss_mb()}
        for i in range(hands):
            t0 = time.perf_counter()
            version = record(phone, token, match_id, ids, variant, i, version, plain)
            times.append(time.perf_counter() - t0)
            if i == 99:
                memory["after 100"] = rss_mb()
        memory["end"] = rss_mb()
        with app.app_context():
            db.engine.dispose()
    first, last = times[:100], times[-100:]
    rate_first, rate_last = 100 / sum(first), 100 / sum(last)
    how = "plain form + redirect" if plain else "htmx form"
    print(f"saves ({variant}, {hands} hands into one match, {how}):")
    print(f"  first 100: {rate_first:6.1f} hands/s (median {statistics.median(first) * 1000:.1f} ms)")
    print(f"  last 100:  {rate_last:6.1f} hands/s (median {statistics.median(last) * 1000:.1f} ms)")
    print(f"  first/last: {rate_first / rate_last:.2f}x (target <= 1.5x)")
    print("  resident memory: " + ", ".join(f"{k} {v:.0f} MB" for k, v in memory.items()))


def worst_hand(variant_key: str, n_players: int) -> str:
    """The largest hand the card line accepts in this variant: runs and sets in every suit and the
    deck's jokers (the arrangement search's hardest kind of hand)."""
    from scorekeeper.engine.limits import hand_cards_limit
    from scorekeeper.engine.variants import find_variant

    variant = find_variant(variant_key)
    rules = variant.rules(n_players)
    size = hand_cards_limit(variant, n_players, rules)
    jokers = min(variant.jokers(n_players, rules), size // 3)
    cards = ["JK"] * jokers
    for rank in range(4, 14):
        for suit in SUITS:
            if len(cards) < size:
                cards.append(Card(rank, suit).code)
    return " ".join(cards[:size])


def bench_card_line(warm_start: bool = False) -> None:
    from scorekeeper.engine.variants import VARIANTS

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        t0 = time.perf_counter()
        app, phone = fresh_app(tmp, WARM_SOLVERS=warm_start)
        started = time.perf_counter() - t0
        how = "as a server: solver tables built at start" if warm_start else "tables built on first use"
        print(f"app started in {started:.2f} s ({how})")
        print("card value line at the largest hand allowed (one request; median of 5 after a warm-up):")
        for key, variant in VARIANTS.items():
            if variant.cards_dealt(variant.min_players) is None:
                continue
            n = 2 if key in ("gin", "oklahoma") else 3
            players = ["Ann", "Ben", "Cat"][:n]
            token, match_id, ids = start_match(phone, app, key, players)
            cards = worst_hand(key, n)
            url = f"/t/{token}/m/{match_id}/hands/cards"
            query = {"player": ids["Ben"], f"cards_{ids['Ben']}": cards}
            t0 = time.perf_counter()
            first = phone.client.get(url, query_string=query)
            cold = time.perf_counter() - t0
            assert first.status_code == 200
            runs = []
            for _ in range(5):
                t0 = time.perf_counter()
                phone.client.get(url, query_string=query)
                runs.append(time.perf_counter() - t0)
            over = phone.client.get(url, query_string={**query, f"cards_{ids['Ben']}": cards + " 2C 3C"})
            refused = "has at most" in over.get_data(as_text=True)
            print(f"  {variant.name:14} {len(cards.split()):2} cards: {statistics.median(runs) * 1000:6.1f} ms "
                  f"(first request {cold * 1000:.0f} ms); two more cards refused: {refused}")
        with app.app_context():
            db.engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--variant", default="free", choices=["free", "gin"])
    parser.add_argument("--plain", action="store_true", help="no JavaScript: post, then follow the redirect")
    parser.add_argument("--skip-cards", action="store_true", help="only the saves")
    parser.add_argument("--skip-saves", action="store_true", help="only the card line")
    parser.add_argument("--warm-start", action="store_true", help="build the solver tables as the app starts")
    args = parser.parse_args(argv)
    if not args.skip_saves:
        bench_saves(args.hands, args.variant, args.plain)
    if not args.skip_cards:
        bench_card_line(args.warm_start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
