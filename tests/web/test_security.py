"""Security headers on every response, and rate limits on table creation and on link guessing (counted
by address and link, so that one person's typos do not lock a room out of its own table; refused at start
when several workers would each count in their own memory)."""

from __future__ import annotations

import sys

import pytest

from scorekeeper import create_app
from scorekeeper.web.extensions import alembic, db


@pytest.mark.parametrize("url", ["/", "/tables/new", "/health", "/static/css/app.css", "/nowhere"])
def test_security_headers_everywhere(client, url):
    response = client.get(url)
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "Strict-Transport-Security" not in response.headers  # HTTPS settings stay off in tests
    response.close()


def test_hsts_when_https_is_on(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_HTTPS", "1")
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}"})
    response = app.test_client().get("/health")
    assert "max-age" in response.headers["Strict-Transport-Security"]
    assert app.config["SESSION_COOKIE_SECURE"] is True


@pytest.fixture
def limited(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SERVER_NAME": "localhost",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}", "RATELIMIT_ENABLED": True,
                      "WTF_CSRF_ENABLED": False, "RATELIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        alembic.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def test_table_creation_is_rate_limited(limited):
    client = limited.test_client()
    codes = [client.post("/tables/new", data={"name": f"T{i}"}).status_code for i in range(21)]
    assert codes[:20] == [302] * 20
    assert codes[20] == 429


def test_link_guessing_is_rate_limited(limited):
    client = limited.test_client()
    codes = [client.get(f"/t/guess{i}").status_code for i in range(31)]
    assert codes[:30] == [404] * 30
    assert codes[30] == 429
    # The good pages answer normally until then: only misses count.
    assert "Too many tries" in client.get("/t/guess-again").get_data(as_text=True)


def test_one_persons_typos_do_not_lock_the_room_out_of_its_table(limited):
    client = limited.test_client()
    token = client.post("/tables/new", data={"name": "Pub"}).headers["Location"].rsplit("/", 1)[-1]
    other = "Zzzz" if not token.startswith("Zzzz") else "Yyyy"
    # someone at the same address mistypes another table's link forty times
    codes = [client.get(f"/t/{other}mistyped{i}").status_code for i in range(40)]
    assert codes[:30] == [404] * 30 and codes[30:] == [429] * 10
    # the room's own link still opens, and so do its pages
    assert client.get(f"/t/{token}").status_code == 200
    assert client.get(f"/t/{token}/history").status_code == 200


def test_someone_guessing_links_is_still_stopped(limited):
    client = limited.test_client()
    codes = [client.get(f"/t/{i:04d}guess").status_code for i in range(301)]
    assert codes[:300] == [404] * 300
    assert codes[300] == 429
    assert "Too many tries" in client.get("/t/9999guess").get_data(as_text=True)


def test_several_workers_counting_in_memory_refuse_to_start(monkeypatch):
    from scorekeeper.web import server

    with pytest.raises(RuntimeError, match="each of the 4 worker processes .* RATELIMIT_STORAGE_URI"):
        server.refuse_unshared_limits({"RATELIMIT_STORAGE_URI": "memory://"}, 4)
    server.refuse_unshared_limits({"RATELIMIT_STORAGE_URI": "memory://"}, 1)
    server.refuse_unshared_limits({"RATELIMIT_STORAGE_URI": "memory://"}, None)
    server.refuse_unshared_limits({"RATELIMIT_STORAGE_URI": "redis://localhost:6379"}, 4)
    server.refuse_unshared_limits({"RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_ENABLED": False}, 4)
    # gunicorn's own settings say how many workers there are
    monkeypatch.setenv("SERVER_SOFTWARE", "gunicorn/23.0.0")
    monkeypatch.setattr(sys, "argv", ["gunicorn", "-w", "3", "-b", "127.0.0.1:0", "scorekeeper:create_app()"])
    assert server.server_workers() == 3
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert server.server_workers() is None


def test_a_server_builds_the_solver_tables_as_it_starts(monkeypatch):
    """Under gunicorn the app builds the solver's tables before it serves (no player's first hand waits
    for them); flask commands, the development server and the tests start without; WARM_SOLVERS decides."""
    from scorekeeper.web import factory, server

    monkeypatch.setattr(sys, "argv", ["gunicorn", "-w", "1", "scorekeeper:create_app()"])
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert not server.warms_solvers({})
    assert server.warms_solvers({"WARM_SOLVERS": True})
    monkeypatch.setenv("SERVER_SOFTWARE", "gunicorn/23.0.0")
    assert server.warms_solvers({})
    assert not server.warms_solvers({"TESTING": True})
    assert not server.warms_solvers({"WARM_SOLVERS": False})
    calls = []
    monkeypatch.setattr(server, "warm_solvers", lambda: calls.append(1))
    factory.create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "RATELIMIT_ENABLED": False})
    assert calls == [1]
    factory.create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "TESTING": True})
    assert calls == [1]


def test_a_server_compiles_its_templates_and_reads_its_catalogs_as_it_starts(monkeypatch):
    """With the solver's tables, a server's app compiles every template and reads every language's
    catalogs before it serves (with --preload, once, in the master), so that a worker's first page of
    each kind does not compile while a player waits; the tests' apps start without."""
    from scorekeeper.web import factory, i18n, server

    monkeypatch.setattr(server, "warm_solvers", lambda: None)
    monkeypatch.setattr(server.gc, "freeze", lambda: None)
    monkeypatch.setattr(server.gc, "set_threshold", lambda *limits: None)
    cold = factory.create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "TESTING": True})
    assert len(cold.jinja_env.cache or {}) == 0
    for domain in (i18n.messages_domain, i18n.engine_domain):
        domain.cache.clear()
    app = factory.create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://", "RATELIMIT_ENABLED": False,
                              "WARM_SOLVERS": True})
    templates = app.jinja_env.list_templates(extensions=("html", "svg"))
    assert len(templates) > 30
    assert len(app.jinja_env.cache) == len(templates)
    for domain in (i18n.messages_domain, i18n.engine_domain):
        assert {locale for locale, _ in domain.cache} >= set(i18n.LANGUAGES)
