"""``/health`` when a part hangs (issue 29, finding 7): with redis stopped by SIGSTOP every health check
waited out the store's socket timeout (1,008 ms each). Now each part is checked in a thread of its own,
at most one check of a part at a time, and the health check says what it last knew when a check has
not come back within ``health.HEALTH_WAIT_SECONDS``. The hanging checks here wait on an event the test
holds, so a health check that waited for them could not answer before the test lets them go."""

from __future__ import annotations

import threading

import pytest

from scorekeeper import create_app
from scorekeeper.web import health
from scorekeeper.web.extensions import alembic, db, limiter

from .conftest import free_port

pytest.importorskip("redis", reason="the redis client is not installed (pip install 'limits[redis]')")


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 's.db'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{free_port()}"})
    with app.app_context():
        alembic.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


class Hang:
    """A stand-in for a check that does not come back until released; counts how often it was asked."""

    def __init__(self, answer):
        self.released, self.asked, self.answer = threading.Event(), 0, answer

    def __call__(self, *args, **kwargs):
        self.asked += 1
        assert self.released.wait(60), "never released"
        return self.answer


def _wait_for_checks(app) -> None:
    for probe in app.extensions["scorekeeper.web.health"].values():
        with probe._lock:
            done = probe._done
        if done is not None:
            assert done.wait(60)


def test_a_hanging_store_is_said_as_last_known_and_checked_once_at_a_time(app, monkeypatch):
    client = app.test_client()
    first = client.get("/health")
    assert first.json == {"status": "degraded", "database": "ok", "rate_limits": "memory fallback"}
    hang = Hang(True)
    monkeypatch.setattr(limiter.storage, "check", hang)
    monkeypatch.setattr(limiter, "_storage_dead", False, raising=False)
    for _ in range(5):
        answer = client.get("/health")
        assert not hang.released.is_set()  # answered while the store's check still hangs
        assert answer.status_code == 200
        assert answer.json == {"status": "degraded", "database": "ok", "rate_limits": "memory fallback"}
    assert hang.asked == 1  # one check in flight, not one per health check
    hang.released.set()
    _wait_for_checks(app)
    assert client.get("/health").json["rate_limits"] == "shared"


def test_a_hanging_database_is_said_as_last_known(app, monkeypatch):
    client = app.test_client()
    assert client.get("/health").json["database"] == "ok"
    hang = Hang("unreachable")
    monkeypatch.setattr(health, "database_state", hang)
    app.extensions["scorekeeper.web.health"]["database"]._check = hang
    answer = client.get("/health")
    assert not hang.released.is_set() and answer.status_code == 200 and answer.json["database"] == "ok"
    hang.released.set()
    _wait_for_checks(app)
    answer = client.get("/health")
    assert answer.status_code == 503 and answer.json["database"] == "unreachable"


def test_the_health_check_never_waits_for_a_turn():
    """A worker of many threads works on one request at a time (``RequestsAtOnce``): behind a visitor's
    pictures, each drawn in its turn, ``/health`` waited seconds (p50 3.2 s against 6 ms quiet). It is
    answered while the turn is held."""
    from scorekeeper.web.server import RequestsAtOnce

    held, release = threading.Event(), threading.Event()

    def inner(environ, start_response):
        start_response("200 OK", [])
        if environ["PATH_INFO"] == "/v/x/summary.png":
            held.set()
            assert release.wait(60), "never released"
        return [environ["PATH_INFO"].encode()]

    app = RequestsAtOnce(inner, 1)
    picture = threading.Thread(target=lambda: app({"PATH_INFO": "/v/x/summary.png"}, lambda *a: None))
    picture.start()
    assert held.wait(60)
    try:
        assert app({"PATH_INFO": "/health"}, lambda *a: None) == [b"/health"]
        assert not release.is_set()  # answered while the picture still holds the turn
    finally:
        release.set()
        picture.join(60)
