"""The foundation: factory, database settings, migrations, static plumbing, CSRF."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

from scorekeeper import _instance_secret_key, create_app
from scorekeeper.web.extensions import alembic, db


def test_config_from_mapping(app):
    assert app.testing
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None  # a card night outlasts an hour


def test_database_url_from_environment(monkeypatch, tmp_path):
    url = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    assert app.config["SQLALCHEMY_ENGINES"]["default"] == url


def test_instance_folder_from_environment(monkeypatch, tmp_path):
    """``SCOREKEEPER_INSTANCE`` moves everything the app writes out of the checkout: the default SQLite
    database, the secret key and the compiled catalogs (a relative path is taken from where the app starts)."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", "run/instance")
    app = create_app({"TESTING": True})
    folder = tmp_path / "run" / "instance"
    assert app.instance_path == str(folder)
    assert app.config["SQLALCHEMY_ENGINES"]["default"] == f"sqlite:///{folder / 'scorekeeper.sqlite3'}"
    assert (folder / "secret_key").read_text() == app.config["SECRET_KEY"]
    assert list((folder / "translations").glob("*/LC_MESSAGES/engine.mo"))


def test_secret_key_is_generated_once(tmp_path):
    first = _instance_secret_key(tmp_path)
    assert len(first) == 64
    assert (tmp_path / "secret_key").read_text() == first
    assert _instance_secret_key(tmp_path) == first


@pytest.mark.skipif(bool(os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")), reason="SQLite's settings; this run is on another database")
def test_sqlite_pragmas_on_every_new_connection(app):
    with app.app_context():
        db.engine.dispose()  # a brand-new connection, not one the migrations left in the pool
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


def test_foreign_keys_are_enforced(app):
    with app.app_context():
        with db.engine.begin() as conn:
            try:
                conn.exec_driver_sql(
                    "INSERT INTO player (table_id, name, name_key, created_at) VALUES (999, 'x', 'x', '2026-01-01')")
            except sa.exc.IntegrityError:
                pass
            else:  # pragma: no cover - the assertion below explains
                raise AssertionError("a player on a missing table was accepted")


def test_migrations_down_and_up_again(app):
    with app.app_context():
        alembic.downgrade("base")
        names = sa.inspect(db.engine).get_table_names()
        assert "match" not in names and "entry" not in names
        alembic.upgrade()
        names = sa.inspect(db.engine).get_table_names()
        assert {"card_table", "player", "match", "entry"} <= set(names)


def test_models_and_migrations_agree(app):
    with app.app_context():
        assert alembic.compare_metadata() == []


def test_health(client):
    response = client.get("/health")
    assert response.status_code == 200
    # the tests' apps leave rate limits off (hundreds of requests come from one address)
    assert response.json == {"status": "ok", "database": "ok", "rate_limits": "off"}


def test_htmx_served_locally_from_versioned_url(client):
    page = client.get("/").get_data(as_text=True)
    assert "/vendor/htmx-2.0.3.min.js" in page
    assert "https://" not in page.split("<body")[0]  # nothing fetched from elsewhere
    response = client.get("/vendor/htmx-2.0.3.min.js")
    assert response.status_code == 200
    assert b"htmx" in response.data[:200]
    assert response.cache_control.max_age == 31536000
    response.close()


def test_post_without_csrf_token_is_refused(client):
    response = client.post("/tables/new", data={"name": "No token"})
    assert response.status_code == 400
    assert "nothing was saved" in response.get_data(as_text=True)


def test_unknown_page_is_404(client):
    assert client.get("/nowhere").status_code == 404


def test_static_files_and_manifest(client):
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    response.close()
    response = client.get("/static/manifest.webmanifest")
    assert response.status_code == 200
    response.close()
