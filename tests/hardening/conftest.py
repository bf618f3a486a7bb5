"""Hardening fixtures: a real server in its own process (gunicorn with several workers when it is
installed, else Werkzeug's threaded server), a small HTTP client that behaves like one phone (its own
session cookie and CSRF token), direct database set-up and read-back, and database snapshots to prove
that a refused request saved nothing.

The database is a temporary SQLite file, or the PostgreSQL server named by
``SCOREKEEPER_TEST_DATABASE_URL`` when that is set (each test then works in its own fresh tables,
found by their unguessable tokens, so it does not matter what else the database holds).
"""

from __future__ import annotations

import html
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.service import models
from scorekeeper.web.extensions import alembic, db
from scorekeeper import service

# this folder is a package of its own: the suite's conftest by its full name
from tests.conftest import table_with_players

REPO = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or None
CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
#: the hand form's own version field (the scoreboard's other forms carry it too, without an id)
FORM_VERSION_RE = re.compile(r'<input id="version" name="version" type="hidden" value="(\d*)"')
ANY_VERSION_RE = re.compile(r'name="version"[^>]*value="(\d+)"')
#: how a refusal shows its reason: beside a field, in a banner, or on the error page
MESSAGE_RE = re.compile(r'class="error[ "]|role="alert"|<h1>[^<]+</h1>')

#: the server settings for these tests: rate limits off (hundreds of requests come from one address),
#: and the solver's tables left to the first hand that needs them (built at start, they would add
#: seconds to every server these tests start)
SERVER_CONFIG = {"RATELIMIT_ENABLED": False, "WARM_SOLVERS": False}


def database_url(tmp_path: Path, name: str = "hardening.sqlite3") -> str:
    return PG_URL or f"sqlite:///{tmp_path / name}"


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def sqlite_path(url: str) -> str:
    return url.split("sqlite:///", 1)[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn_path() -> str | None:
    here = Path(sys.executable).parent / "gunicorn"
    return str(here) if here.exists() else shutil.which("gunicorn")


# -- the database, directly ---------------------------------------------------------------------------

class Store:
    """Set-up and read-back straight through the models (no HTTP), on the server's database."""

    def __init__(self, url: str):
        self.url = url
        self.app = create_app({"SECRET_KEY": "hardening", "DATABASE_URL": url, **SERVER_CONFIG})
        with self.app.app_context():
            alembic.upgrade()

    def close(self) -> None:
        with self.app.app_context():
            db.engine.dispose()

    def make_match(self, players: list[str], variant: str = "free", rules: dict | None = None,
                   table_name: str = "Hardening") -> "Game":
        with self.app.app_context():
            table, ids = table_with_players(players, table_name)
            seats = [ids[n] for n in players]
            match = models.Match(table_id=table.id, variant=variant, rules=rules or {},
                                 seats=seats, first_dealer_id=seats[0], stake=None,
                                 view_token=service.new_token(), version=1, status="active")
            db.session.add(match)
            db.session.commit()
            return Game(table.token, match.id, match.view_token, ids)

    def entries(self, match_id: int, live_only: bool = True) -> list[models.Entry]:
        with self.app.app_context():
            query = sa.select(models.Entry).where(models.Entry.match_id == match_id).order_by(models.Entry.position)
            rows = list(db.session.scalars(query))
            db.session.expunge_all()
        return [e for e in rows if e.deleted_at is None] if live_only else rows

    def version(self, match_id: int) -> int:
        with self.app.app_context():
            return db.session.get(models.Match, match_id).version

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self.app)


@dataclass
class Game:
    token: str
    match_id: int
    view_token: str
    ids: dict[str, int] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"/t/{self.token}/m/{self.match_id}"


def snapshot(app) -> dict[str, Any]:
    """Everything the database holds, as comparable plain data (per table, rows by id)."""
    out: dict[str, Any] = {}
    with app.app_context():
        for model in (models.Table, models.Player, models.Match, models.Entry, models.HouseRules):
            rows = db.session.scalars(sa.select(model).order_by(model.id)).all()
            cols = [c.key for c in sa.inspect(model).mapper.column_attrs]
            out[model.__tablename__] = {r.id: {c: getattr(r, c) for c in cols} for r in rows}
        db.session.rollback()
    return out


# -- one phone: an HTTP client with its own session ----------------------------------------------------

@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: str

    @property
    def location(self) -> str:
        return self.headers.get("location", "")


class Phone:
    """One browser: a session cookie, a CSRF token, plain HTTP/1.1 on loopback (a new connection per
    request, as gunicorn's sync workers close them anyway)."""

    def __init__(self, port: int, timeout: float = 30.0):
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.token: str | None = None

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> Reply:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            body = None
            if form is not None:
                body = urllib.parse.urlencode(form).encode()
                sent["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            data = response.read().decode("utf-8", "replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key.strip()] = rest.split(";", 1)[0]
            return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        finally:
            conn.close()

    def get(self, path: str, **kw) -> Reply:
        return self.request("GET", path, **kw)

    def csrf(self) -> str:
        if self.token is None:
            page = self.get("/tables/new")
            found = CSRF_RE.search(page.body)
            assert found, f"no CSRF token on /tables/new ({page.status})"
            self.token = html.unescape(found.group(1))
        return self.token

    def post(self, path: str, form: dict[str, str], csrf: bool = True) -> Reply:
        data = dict(form)
        if csrf:
            data.setdefault("csrf_token", self.csrf())
        return self.request("POST", path, form=data)

    def version(self, game: Game) -> int:
        page = self.get(game.base)
        assert page.status == 200, page.status
        return int(FORM_VERSION_RE.search(page.body).group(1))


# -- the server process --------------------------------------------------------------------------------

class Server:
    """The app served from its own process group on 127.0.0.1: gunicorn with ``workers`` sync workers
    (several processes share nothing but the database), or Werkzeug's threaded server when gunicorn
    is not installed."""

    def __init__(self, url: str, log: Path, workers: int = 2):
        self.url = url
        self.log_path = log
        self.workers = workers
        self.port = 0
        self.proc: subprocess.Popen | None = None
        wanted = os.environ.get("HARDENING_SERVER", "gunicorn")
        self.kind = "gunicorn" if wanted == "gunicorn" and gunicorn_path() else "werkzeug"

    def start(self) -> "Server":
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": self.url, "SECRET_KEY": "hardening server secret",
               "PYTHONUNBUFFERED": "1"}
        spec = f"scorekeeper:create_app({SERVER_CONFIG!r})"
        if self.kind == "gunicorn":
            cmd = [gunicorn_path(), "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}",
                   "--timeout", "60", "--graceful-timeout", "2", spec]
        else:
            cmd = [sys.executable, "-c",
                   "import sys; from werkzeug.serving import run_simple; from scorekeeper import create_app; "
                   f"run_simple('127.0.0.1', int(sys.argv[1]), create_app({SERVER_CONFIG!r}), threaded=True)",
                   str(self.port)]
        log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        try:
            self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        finally:
            log.close()
        self._wait_ready()
        return self

    def _wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log()}")
            try:
                if Phone(self.port, timeout=2).get("/health").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not answer in {seconds}s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the whole process group: the master and every worker, mid-request."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.proc = None

    def log(self, tail: int = 6000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except FileNotFoundError:
            return ""

    def tracebacks(self) -> str:
        text = self.log(200_000)
        return "\n".join(block for block in text.split("\n\n") if "Traceback" in block)[-8000:]


@pytest.fixture
def db_url(tmp_path, request) -> str:
    """PostgreSQL's URL when set, else a copy of the migrated SQLite file (``Store`` finds nothing left
    to migrate)."""
    if PG_URL:
        return PG_URL
    path = tmp_path / "hardening.sqlite3"
    shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
    return f"sqlite:///{path}"


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


@pytest.fixture
def server(store, tmp_path):
    """A running server on ``store``'s database."""
    s = Server(store.url, tmp_path / "server.log").start()
    yield s
    s.stop()
