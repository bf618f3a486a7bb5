"""A database that restarts in the middle of a burst of saves (issue 20): requests during the outage get
a 503 page that says "try again" (never a 500), the pool reconnects by itself once the server is back
(no restart of the app), and every hand a phone was told was saved is there exactly once.

The test starts its own PostgreSQL server (initdb into a temporary folder, pg_ctl on a free loopback
port; as the ``postgres`` user when run as root), so it never touches another cluster on the machine,
serves the app from 2 gunicorn workers on it, and stops it twice while phones save: once the polite
way (``pg_ctl stop -m fast``: sessions are ended) and once the hard way (``-m immediate``: the server
quits at once and recovers from its log on start).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from scorekeeper import create_app

from . import outage
from .conftest import Server, Store, free_port, gunicorn_path

PHONES = 3
#: hands saved before the first stop, and after each start
BEFORE, AFTER = 10, 10
#: seconds the database stays down while the phones save
DOWN = 2.5


def _postgres_bin() -> Path | None:
    """The folder of initdb and pg_ctl: on the PATH, or where Debian's packages put them (the newest)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def _as_postgres() -> list[str] | None:
    """How to run PostgreSQL's programs: as this user, or (as root, which they refuse) as ``postgres``."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return None
    if shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--"]
    return None


BIN = _postgres_bin()
AS_POSTGRES = _as_postgres()

def needs_postgres(test):
    for mark in (
        pytest.mark.skipif(BIN is None, reason="PostgreSQL's server programs (initdb, pg_ctl) are not installed"),
        pytest.mark.skipif(AS_POSTGRES is None, reason="running as root with no postgres user to run PostgreSQL as"),
        pytest.mark.skipif(gunicorn_path() is None, reason="gunicorn is not installed"),
        pytest.mark.skipif(importlib.util.find_spec("psycopg") is None, reason="psycopg is not installed"),
    ):
        test = mark(test)
    return test


def test_a_database_that_does_not_answer_is_a_503_that_says_try_again(tmp_path):
    """No server needed: an SQLite file that cannot be opened fails as a stopped server does."""
    # rate limits named (the one Limiter of the process keeps the last app's choice as the default)
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "RATELIMIT_ENABLED": False,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'no such folder' / 'x.sqlite3'}"})
    client = app.test_client()
    for path in ("/t/sometabletoken", "/t/sometabletoken/m/1", "/t/sometabletoken/history"):
        reply = client.get(path)
        assert reply.status_code == 503, (path, reply.status_code)
        assert "try again" in reply.get_data(as_text=True).lower()
        assert reply.headers["Retry-After"]
    health = client.get("/health")
    assert health.status_code == 503
    assert health.json == {"status": "degraded", "database": "unreachable", "rate_limits": "off"}


class Postgres:
    """A private PostgreSQL server: its own data folder, socket folder and loopback port."""

    def __init__(self):
        # not under pytest's tmp_path: its folders are root's alone, and the server runs as postgres
        self.root = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
        if AS_POSTGRES:
            shutil.chown(self.root, "postgres")
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([*AS_POSTGRES, str(BIN / args[0]), *args[1:]], cwd=self.root, check=check,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)

    def init(self) -> "Postgres":
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        return self

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c max_connections=40")
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log), "-o", options)

    def stop(self, mode: str) -> None:
        self._run("pg_ctl", "stop", "-w", "-t", "60", "-m", mode, "-D", str(self.data))

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def remove(self) -> None:
        self._run("pg_ctl", "stop", "-m", "immediate", "-D", str(self.data), check=False)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def postgres():
    server = Postgres().init()
    server.start()
    yield server
    server.remove()


@needs_postgres
def test_phones_save_through_a_database_restart(postgres, tmp_path):
    store = Store(postgres.url)  # runs the migrations
    app = Server(postgres.url, tmp_path / "server.log", workers=2)
    outages = []
    try:
        app.start()
        game = store.make_match(["Ann", "Ben"])
        store.close()  # the test's own pool would only see the restart too
        account, stop, threads = outage.run_phones(app.port, game, PHONES, seconds=240)
        outage.wait_for(lambda: account.saved >= BEFORE or account.failures, 60, "the first hands")
        for mode in ("fast", "immediate"):
            before = dict(account.statuses)
            postgres.stop(mode)
            down_at = account.saved
            time.sleep(DOWN)
            saved_while_down = account.saved - down_at
            told = account.statuses[503] - before.get(503, 0)
            postgres.start()
            # the same app, the same pools: saves go on without anyone restarting anything
            back_from = account.saved
            outage.wait_for(lambda: account.saved >= back_from + AFTER or account.failures, 60,
                            f"saves after the {mode} restart")
            outages.append((mode, told, saved_while_down))
        stop.set()
        for t in threads:
            t.join(timeout=60)
    finally:
        app.stop()

    assert not account.failures, "\n".join(account.failures[:5]) + "\n" + app.tracebacks()
    assert not app.tracebacks(), app.tracebacks()
    # every request answered: saved, the sheet moved (a save cut off at its commit), or "try again"
    assert set(account.statuses) <= {200, 302, 409, 503}, account.statuses
    assert account.told_503_without_try_again == 0
    for mode, told, saved_while_down in outages:
        assert told > 0, f"{mode}: no phone was told to try again while the database was down"
    verify = Store(postgres.url)
    try:
        outage.check_every_hand_once(verify, game, account)
    finally:
        verify.close()
    print(f"\n{account.saved} hands by {PHONES} phones through 2 restarts {outages}; "
          f"answers {dict(account.statuses)}", file=sys.stderr)
