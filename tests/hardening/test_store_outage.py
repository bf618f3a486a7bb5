"""A rate-limit store that goes away is not the app's outage (issue 20, finding 1): with
``RATELIMIT_STORAGE_URI`` on redis and redis down, pages, misses and saves are served (each worker
counts in its own memory meanwhile, and says so once in the log), ``/health`` says which part is
degraded, and once redis is back the limits are shared again.

The first test needs no redis at all (a store that is not there); the second starts its own
redis-server on a free loopback port, serves the app with several gunicorn workers on it, and stops and
starts redis while phones save hands.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from scorekeeper import create_app
from scorekeeper.web.extensions import alembic

from . import outage
from .conftest import REPO, Phone, Server, free_port, gunicorn_path

PHONES = 3
#: hands saved before redis is stopped, and after it is back
BEFORE, AFTER = 10, 10
#: seconds redis stays down while the phones save
DOWN = 3.0
#: seconds a worker may take to find its store back (Flask-Limiter looks again 1, 2, 4 ... 32 s on)
RECOVERY = 75

pytest.importorskip("redis", reason="the redis client is not installed (pip install 'limits[redis]')")


def test_a_store_that_is_not_there_serves_every_page(tmp_path):
    """Nothing listens where the store should be: the app answers as it would, not 500."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 's.db'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{free_port()}"})
    with app.app_context():
        alembic.upgrade()
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.get("/tables/new").status_code == 200
    assert client.get("/t/nosuchtable").status_code == 404
    health = client.get("/health")
    assert health.status_code == 200
    assert health.json == {"status": "degraded", "database": "ok", "rate_limits": "memory fallback"}


# -- a real redis, stopped and started under load --------------------------------------------------------

class Redis:
    """redis-server on 127.0.0.1 and a port of its own, keeping nothing on disk."""

    def __init__(self, port: int, log):
        self.port = port
        self.log = log
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        out = open(self.log, "ab")  # noqa: SIM115 - closed below; the child keeps its own copy
        try:
            self.proc = subprocess.Popen(
                [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--daemonize", "no"],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        finally:
            out.close()
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=0.5)
        outage.wait_for(lambda: self._pings(client), 15, "redis-server to answer")

    @staticmethod
    def _pings(client) -> bool:
        try:
            return bool(client.ping())
        except Exception:  # noqa: BLE001 - not up yet
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=15)
        self.proc = None


class LimitedServer(Server):
    """The hardening server with rate limits on, counted in the redis store at ``store_uri``."""

    def __init__(self, url, log, store_uri: str, workers: int = 2):
        super().__init__(url, log, workers)
        self.store_uri = store_uri

    def start(self) -> "LimitedServer":
        config = {"RATELIMIT_ENABLED": True, "WARM_SOLVERS": False}
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": self.url, "SECRET_KEY": "outage", "PYTHONUNBUFFERED": "1",
               "RATELIMIT_STORAGE_URI": self.store_uri}
        cmd = [gunicorn_path(), "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}", "--timeout", "60",
               "--graceful-timeout", "2", f"scorekeeper:create_app({config!r})"]
        log = open(self.log_path, "ab")  # noqa: SIM115 - closed below
        try:
            self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        finally:
            log.close()
        self._wait_ready()
        return self


def _health(port: int) -> tuple[int, dict]:
    reply = Phone(port, timeout=10).get("/health")
    return reply.status, json.loads(reply.body)


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed (apt-get install redis-server)")
@pytest.mark.skipif(gunicorn_path() is None, reason="gunicorn is not installed")
def test_phones_save_through_a_redis_restart(store, tmp_path):
    redis_server = Redis(free_port(), tmp_path / "redis.log")
    redis_server.start()
    server = LimitedServer(store.url, tmp_path / "server.log", f" redis://127.0.0.1:{redis_server.port}/0")
    try:
        server.start()
        assert _health(server.port) == (200, {"status": "ok", "database": "ok", "rate_limits": "shared"})
        game = store.make_match(["Ann", "Ben"])
        account, stop, threads = outage.run_phones(server.port, game, PHONES, seconds=240)
        outage.wait_for(lambda: account.saved >= BEFORE or account.failures, 60, "the first hands")

        redis_server.stop()
        down_from = account.saved
        guesser = Phone(server.port)
        misses = [guesser.get(f"/t/nosuch{n}").status for n in range(5)]
        health_down = _health(server.port)
        time.sleep(DOWN)
        saved_while_down = account.saved - down_from

        redis_server.start()
        # every worker finds the store back by itself, as requests come (the phones' and these)
        shared = 0

        def shared_again() -> bool:
            nonlocal shared
            shared = shared + 1 if _health(server.port)[1]["rate_limits"] == "shared" else 0
            return shared >= 6 or bool(account.failures)

        outage.wait_for(shared_again, RECOVERY, "the workers to count in redis again")
        back_from = account.saved
        outage.wait_for(lambda: account.saved >= back_from + AFTER or account.failures, 60, "hands after")
        stop.set()
        for t in threads:
            t.join(timeout=60)
        log = server.log(400_000)
    finally:
        server.stop()
        redis_server.stop()

    assert not account.failures, "\n".join(account.failures[:5]) + "\n" + server.tracebacks()
    assert not server.tracebacks(), server.tracebacks()
    # every request answered, and only with "saved" or "the sheet moved": redis is not in a save's way
    assert set(account.statuses) <= {200, 302, 409}, account.statuses
    assert misses == [404] * 5
    assert health_down == (200, {"status": "degraded", "database": "ok", "rate_limits": "memory fallback"})
    assert saved_while_down > 0, "no hand was saved while redis was down"
    outage.check_every_hand_once(store, game, account)
    # said once per worker that fell back (not once per request), and said when it was back
    fell_back = log.count("does not answer: requests are served")
    assert 1 <= fell_back <= server.workers, fell_back
    assert "answers again: limits are shared again" in log
    print(f"\n{account.saved} hands by {PHONES} phones, {saved_while_down} while redis was down; "
          f"answers {dict(account.statuses)}", file=sys.stderr)
