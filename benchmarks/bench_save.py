"""Benchmark: does a save cost the same on hand 1,000 as on hand 10? A script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_save.py [--hands 2000] [--variant free|gin] [--plain]

Saves hands into a match of 100, one of 1,000 and one of 2,000 hands (up to ``--hands``) through the
app (a test client in this process, on a fresh SQLite file), the way a phone does: the hand form
posted with htmx, which answers with the fresh scoreboard (``--plain``: the form posted without
JavaScript and the scoreboard it redirects to). The hands before the last 51 of each match are written
straight into the database, as an import leaves them; one save follows that is not measured (the first
view after an import), then the last 50 are saved in rounds, one on each match in turn, and in every other round each save is made as another worker would make it (one that
did not see the save before: the process's remembered replays are dropped first). It prints saves per
second at each size for each kind of save, their ratio (target: hand 2,000 within 1.5x of hand 100),
the size of the spectator's page and of its poll's answer at each size, and the process's resident
memory at the start, once the matches are filled and at the end.

Then the card picker's live value line: the time of one request at the largest hand each variant
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
from html.parser import HTMLParser
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine.cards import SUITS, Card  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')
NAMES = ["Ann", "Ben", "Cat"]


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 1e6


class _Fields(HTMLParser):
    """The values a browser would post for a page's form fields as drawn (checked boxes, selected
    options, typed values), by name."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[a["name"]] = a.get("value") or "y"
            elif kind not in ("submit", "button"):
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and ("selected" in a or self._select not in self.values):
            self.values[self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def form_fields(page: str) -> dict[str, str]:
    parser = _Fields()
    parser.feed(page)
    return parser.values


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
    from scorekeeper.service import models
    import sqlalchemy as sa

    with app.app_context():
        table = db.session.scalar(sa.select(models.Table).where(models.Table.token == token))
        ids = {p.name: p.id for p in table.players}
    # the form as a browser posts it: every house rule as the page shows it (a switch left out would
    # read as changed: an unticked box), then the seats
    url = f"/t/{token}/matches/new?variant={variant}"
    data = {k: v for k, v in form_fields(phone.client.get(url).get_data(as_text=True)).items()
            if k.startswith("rule_")}
    if variant == "gin" and len(players) > 2:
        data["rule_target"] = "100000"  # 3 players play to a target no bench match reaches
    data.update({f"seat_{ids[n]}": str(i) for i, n in enumerate(players, start=1)})
    data.update(variant=variant, first_dealer="", stake="")
    response = phone.post(url, data)
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


#: where the saves' rates are read: SPAN saves ending at each of these hands
MARKS = (100, 1000, 2000)
SPAN = 50


def stored_payload(variant: str, i: int, ids: dict[str, int]) -> dict:
    """Hand ``i`` as the hand form stores it (what ``record`` posts)."""
    if variant == "free":
        return {"kind": "hand", "end": "scores",
                "held": {str(ids[n]): {"points": (i * 7 + k * 3) % 20 - 5} for k, n in enumerate(NAMES)}}
    return {"kind": "hand", "end": "knock", "by": ids["Ann"],
            "held": {str(ids["Ann"]): {"points": 0}, str(ids["Ben"]): {"points": i % 7},
                     str(ids["Cat"]): {"points": i % 5}}}


def fill(app, match_id: int, variant: str, ids: dict[str, int], start: int, stop: int, version: int) -> int:
    """Hands ``start`` to ``stop`` (0-based, not included) written straight into the database, as an
    import leaves them (the match's version moved, no checkpoint made); returns the new version."""
    from scorekeeper.service.models import Entry, Match
    from scorekeeper import service
    import sqlalchemy as sa

    with app.app_context():
        db.session.execute(sa.insert(Entry), [
            {"match_id": match_id, "position": i + 1, "kind": "hand", "history": [],
             "payload": stored_payload(variant, i, ids)} for i in range(start, stop)])
        version += stop - start
        db.session.execute(sa.update(Match).where(Match.id == match_id).values(version=version))
        db.session.commit()
    service.matches._replays.cache_clear()
    return version


def bench_saves(hands: int, variant: str, plain: bool) -> None:
    """One match per mark (100, 1,000, 2,000 hands, up to ``hands``), filled straight into the database
    to SPAN + 1 hands before its mark (as an import leaves a match); one save each that is not measured
    (the first view after the import), then SPAN rounds of one save on each match in turn, so that a
    busy machine slows every mark alike. In every other round each save is made as if by another
    worker (one that did not make the save before it): the worker's remembered replays are dropped
    first, so that the save starts from the database alone."""
    from scorekeeper import service
    from scorekeeper.service.models import Match
    import sqlalchemy as sa

    marks = [m for m in MARKS if m <= hands]
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        app, phone = fresh_app(tmp)
        memory = {"start": rss_mb()}
        games = {}
        for mark in marks:
            token, match_id, ids = start_match(phone, app, variant, NAMES)
            with app.app_context():
                view_token = db.session.scalar(sa.select(Match.view_token).where(Match.id == match_id))
            version = fill(app, match_id, variant, ids, 0, mark - SPAN - 1, 1)
            version = record(phone, token, match_id, ids, variant, mark - SPAN - 1, version, plain)
            games[mark] = {"token": token, "id": match_id, "ids": ids, "view": view_token, "version": version,
                           "same": [], "other": []}
        memory["filled"] = rss_mb()
        for k in range(SPAN):
            other = k % 2 == 1
            for mark, game in games.items():
                if other:
                    service.matches._replays.cache_clear()
                t0 = time.perf_counter()
                game["version"] = record(phone, game["token"], game["id"], game["ids"], variant, mark - SPAN + k,
                                         game["version"], plain)
                game["other" if other else "same"].append(time.perf_counter() - t0)
        spectator = {mark: (len(phone.client.get(f"/v/{g['view']}").get_data()),
                            len(phone.client.get(f"/v/{g['view']}/sheet").get_data())) for mark, g in games.items()}
        memory["end"] = rss_mb()
        with app.app_context():
            db.engine.dispose()
    how = "plain form + redirect" if plain else "htmx form"
    print(f"saves ({variant}, one match at each of {', '.join(f'{m:,}' for m in marks)} hands, {how}; "
          f"every other round as by another worker):")
    rates = {}
    for mark, game in games.items():
        same, other = game["same"], game["other"]
        rates[mark] = (len(same) / sum(same), len(other) / sum(other))
        print(f"  hand {mark:5,}: same worker {rates[mark][0]:6.1f} saves/s (median "
              f"{statistics.median(same) * 1000:.1f} ms), another worker {rates[mark][1]:6.1f} saves/s "
              f"(median {statistics.median(other) * 1000:.1f} ms)")
    if len(marks) > 1:
        first, last = rates[marks[0]], rates[marks[-1]]
        print(f"  hand {marks[0]:,} / hand {marks[-1]:,}: same worker {first[0] / last[0]:.2f}x, another worker "
              f"{first[1] / last[1]:.2f}x (target <= 1.5x)")
    print("  spectator page / poll after the last save: " + ", ".join(
        f"hand {n:,} {page / 1000:.1f} kB / {sheet / 1000:.1f} kB" for n, (page, sheet) in spectator.items()))
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
    parser.add_argument("--hands", type=int, default=2000)
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
