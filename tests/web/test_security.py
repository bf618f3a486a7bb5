"""Security headers on every response, and rate limits on table creation and on link guessing."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import alembic, db


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
