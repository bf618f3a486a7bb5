"""Shared fixtures in the flaskr shape: an app on a fresh database per test (built by running the
migrations, never ``create_all``), a client, a CLI runner, and ``Scorer``, the person at the table keeping
score, for the multi-step things a person does (create a table, add players, start a match, record hands); and
``table_with_players``, the same table made straight in the database where its making is not the subject."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import sys
import tempfile
import threading
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from scorekeeper import create_app, service
from scorekeeper.engine.variants import find_variant, load_variants
from scorekeeper.service import models
from scorekeeper.web.extensions import alembic, db

_CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


#: set to a PostgreSQL URL (postgresql+psycopg://...) to run the suite against PostgreSQL; each test then
#: starts from an empty schema, as it starts from an empty SQLite file otherwise
TEST_DATABASE_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")


def _test_config(database_url: str) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test secret",
        "DATABASE_URL": database_url,
        "SERVER_NAME": "localhost",
        # Rate limits have their own tests; elsewhere they would only make tests depend on each other.
        "RATELIMIT_ENABLED": False,
    }


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """An SQLite file the migrations built once for the whole run: each test starts from a copy of it
    (a file copy costs a few milliseconds where running the migrations costs about 150)."""
    path = tmp_path_factory.mktemp("migrated") / "scorekeeper.sqlite3"

    failed: list[BaseException] = []

    def build() -> None:
        try:
            app = create_app(_test_config(f"sqlite:///{path}"))
            with app.app_context():
                alembic.upgrade()
                db.engine.dispose()
        except BaseException as exc:  # raised again in the test that asked
            failed.append(exc)

    # on a thread of its own: a browser test may be the first to ask, and Playwright's event loop then
    # runs in this thread, where Flask cannot run the extensions' async teardowns
    builder = threading.Thread(target=build)
    builder.start()
    builder.join()
    if failed:
        raise failed[0]
    return path


@pytest.fixture
def database_url(tmp_path, request) -> str:
    """A fresh database for one test: a copy of the migrated SQLite file, or the PostgreSQL schema
    emptied (the ``app`` fixture then runs the migrations into it)."""
    if TEST_DATABASE_URL:
        engine = sa.create_engine(TEST_DATABASE_URL)
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
        engine.dispose()
        return TEST_DATABASE_URL
    path = tmp_path / "scorekeeper.sqlite3"
    shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
    return f"sqlite:///{path}"


@pytest.fixture
def app(database_url):
    app = create_app(_test_config(database_url))
    with app.app_context():
        # a no-op on the migrated copy; on PostgreSQL it builds the schema
        alembic.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class Scorer:
    """The person at the table keeping score, in few lines: each step posts a real form with its CSRF token."""

    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.token: str | None = None

    def csrf(self, url: str = "/") -> str:
        page = self.client.get(url).get_data(as_text=True)
        match = _CSRF_RE.search(page)
        assert match, f"no CSRF token on {url}"
        return match.group(1)

    def post(self, url: str, data: dict | None = None, **kw):
        form = {"csrf_token": self.csrf("/tables/new")}
        form.update(data or {})
        return self.client.post(url, data=form, **kw)

    def create_table(self, name: str = "Thursday night") -> str:
        response = self.post("/tables/new", {"name": name})
        assert response.status_code == 302, response.get_data(as_text=True)
        self.token = response.headers["Location"].rsplit("/", 1)[-1]
        return self.token

    def add_players(self, *names: str) -> None:
        for name in names:
            response = self.post(f"/t/{self.token}/players", {"name": name})
            assert response.status_code == 302, response.get_data(as_text=True)

    def player_ids(self) -> dict[str, int]:
        with self.app.app_context():
            table = db.session.scalar(db_select(models.Table).where(models.Table.token == self.token))
            return {p.name: p.id for p in table.players}

    def start_match(self, variant: str, seats: list[str], first_dealer: str | None = None,
                    rules: dict | None = None, stake: str = "", **fields: str) -> int:
        """Start a match through the form; ``fields`` are further boxes of it (a player's side)."""
        ids = self.player_ids()
        data = {f"seat_{ids[name]}": str(i) for i, name in enumerate(seats, start=1)}
        data.update(fields)
        data["first_dealer"] = str(ids[first_dealer]) if first_dealer else ""
        data["stake"] = stake
        data["variant"] = variant
        # A browser sends the boxes ticked by default (a switch whose default is on): so do we.
        page = self.client.get(f"/t/{self.token}/matches/new?variant={variant}").get_data(as_text=True)
        for tag in re.findall(r"<input[^>]*>", page):
            if 'type="checkbox"' in tag and " checked" in tag and 'name="rule_' in tag:
                data[re.search(r'name="([^"]+)"', tag).group(1)] = "y"
        for name, value in (rules or {}).items():
            if value is False:
                data.pop(f"rule_{name}", None)
            if value is True:
                data[f"rule_{name}"] = "y"
            elif value is False:
                continue
            else:
                data[f"rule_{name}"] = "" if value is None else str(value)
        response = self.post(f"/t/{self.token}/matches/new?variant={variant}", data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.headers["Location"].rsplit("/", 1)[-1])

    def match(self, match_id: int) -> models.Match:
        return db.session.get(models.Match, match_id)

    def version(self, match_id: int) -> int:
        with self.app.app_context():
            return db.session.get(models.Match, match_id).version

    def totals(self, match_id: int) -> dict[str, int]:
        """The totals the scoreboard shows, by player."""
        page = self.client.get(f"/t/{self.token}/m/{match_id}").get_data(as_text=True)
        found = re.findall(r'<span class="name">([^<]+)</span>.*?<span class="total">([−-]?\d+)</span>', page, re.S)
        return {name: int(total.replace("−", "-")) for name, total in found}

    def record(self, match_id: int, *, by: str | None = None, end: str | None = None,
               points: dict[str, int] | None = None, cards: dict[str, str] | None = None,
               key: str | None = None, **extra: str):
        """Record a hand through the form: who ended it and how, points or cards per player."""
        ids = self.player_ids()
        data = {f"points_{ids[n]}": str(v) for n, v in (points or {}).items()}
        data.update({f"cards_{ids[n]}": v for n, v in (cards or {}).items()})
        if by:
            data["by"] = str(ids[by])
        if end:
            data["end"] = end
        data["version"] = str(self.version(match_id))
        data["key"] = key or uuid.uuid4().hex
        data.update(extra)
        return self.post(f"/t/{self.token}/m/{match_id}/hands/new", data)

    def record_points(self, match_id: int, points: dict[str, int | str], key: str | None = None,
                      version: int | None = None, **extra):
        ids = self.player_ids()
        data = {f"points_{ids[name]}": str(v) for name, v in points.items()}
        data["version"] = str(self.version(match_id) if version is None else version)
        data["key"] = key or uuid.uuid4().hex
        for k, v in extra.items():
            data[k] = str(ids[v]) if k == "by" else v
        return self.post(f"/t/{self.token}/m/{match_id}/hands/new", data)


def table_with_players(names, name: str = "Club night") -> tuple[models.Table, dict[str, int]]:
    """A table with these players on its roster, made straight in the database (in an app context), for
    tests whose subject comes after (the pages that create tables and add players have their own):
    the table, and its players' ids by name."""
    table = models.Table(token=service.new_token(), name=name)
    db.session.add(table)
    db.session.flush()
    players = [models.Player(table_id=table.id, name=n, name_key=models.name_key(n)) for n in names]
    db.session.add_all(players)
    db.session.commit()
    return table, {p.name: p.id for p in players}


def db_select(*args):
    return sa.select(*args)


@pytest.fixture
def scorer(app, client):
    return Scorer(app, client)


def pytest_collection_modifyitems(session, config, items):
    """Run the browser tests last. Playwright's sync API keeps an event loop running in the main
    thread once it has started, and Flask cannot run the extensions' async teardowns in a thread that
    has a running loop, so in-process app tests must all come before it."""
    items.sort(key=lambda item: "browser" in item.path.parts)


# -- the test package's contract game, installed through an entry point (tests/contract_game) -----------

#: the folder holding the package ``seven_deals``, a contract game written as a package of its own
CONTRACT_GAME = Path(__file__).resolve().parent / "contract_game"
#: set to 1 to run the whole suite with Seven Deals installed beside Scorekeeper's own games
WITH_TEST_GAMES = os.environ.get("SCOREKEEPER_TEST_GAMES") == "1"
_installed: list[Path] = []


def install_seven_deals(where: Path) -> None:
    """Install Seven Deals as pip would for the registry: the package on the path and a distribution's
    metadata naming its entry point in ``scorekeeper.variants``; then the registry reads the group again."""
    info = where / "seven_deals-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: seven-deals\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[scorekeeper.variants]\nseven_deals = seven_deals:SevenDeals\n")
    for folder in (str(CONTRACT_GAME), str(where)):
        sys.path.insert(0, folder)
    _installed[:] = [CONTRACT_GAME, where]
    importlib.invalidate_caches()
    load_variants()


def uninstall_seven_deals() -> None:
    for folder in _installed:
        if str(folder) in sys.path:
            sys.path.remove(str(folder))
    _installed.clear()
    for name in [m for m in sys.modules if m == "seven_deals" or m.startswith("seven_deals.")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    load_variants()


def pytest_configure(config):
    if WITH_TEST_GAMES and not _installed:
        install_seven_deals(Path(tempfile.mkdtemp(prefix="scorekeeper-test-games-")))


@pytest.fixture
def seven_deals(tmp_path):
    """Seven Deals installed for one test (for the whole run already, with SCOREKEEPER_TEST_GAMES=1). Ask for
    it before ``app``: an app reads the installed games' catalogs as it starts."""
    if WITH_TEST_GAMES:
        yield find_variant("seven_deals")
        return
    install_seven_deals(tmp_path / "site")
    try:
        yield find_variant("seven_deals")
    finally:
        uninstall_seven_deals()
