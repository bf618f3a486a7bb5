"""The app's configuration: where its templates, static files and migrations are (``ROOT``), where its
instance folder is (``instance_folder``: ``SCOREKEEPER_INSTANCE``, else Flask's), the settings every app
starts from, what the environment sets (``DATABASE_URL``, ``SECRET_KEY``, ``RATELIMIT_STORAGE_URI``,
``SCOREKEEPER_HTTPS``, ``SCOREKEEPER_TRUSTED_PROXIES``), a test's mapping over them, and the secret key
kept in the instance folder when none is given."""

from __future__ import annotations

import datetime as dt
import os
import secrets
import sysconfig
from pathlib import Path
from typing import Any, Mapping

from flask import Flask

from ..engine import limits
from . import server


def _resources_root() -> Path:
    """Where templates/, static/ and migrations/ are: the checkout's top level (README.md, "Where things
    are"), or, after a plain ``pip install .``, the data directory the wheel put them in (pyproject's
    data-files)."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "templates").is_dir():
        return checkout
    return Path(sysconfig.get_path("data")) / "share" / "scorekeeper"


ROOT = _resources_root()


def instance_folder() -> str | None:
    """The folder the app keeps its own files in (the SQLite database by default, ``secret_key``, the
    compiled catalogs): ``SCOREKEEPER_INSTANCE`` when set, made absolute as Flask requires; else None, and
    Flask's own choice (``instance/`` beside an editable checkout, ``<prefix>/var/scorekeeper-instance``
    after a plain install). Read as the app is made, so that a checkout need not hold what a run writes."""
    chosen = os.environ.get("SCOREKEEPER_INSTANCE")
    return str(Path(chosen).expanduser().resolve()) if chosen else None


def defaults(instance: Path) -> dict[str, Any]:
    """The settings every app starts from, with what the environment sets."""
    database_url = os.environ.get("DATABASE_URL") or "sqlite:///" + str(instance / "scorekeeper.sqlite3")
    return dict(
        SQLALCHEMY_ENGINES={"default": database_url},
        ALEMBIC={"script_location": str(ROOT / "migrations")},
        ALEMBIC_CONTEXT={"render_as_batch": True},
        # A score sheet stays open all evening: the CSRF token lives as long as the session.
        WTF_CSRF_TIME_LIMIT=None,
        # No request body may be larger than an import's file (the largest thing anyone sends), with
        # room for the form around it; the body is refused before it is read (413).
        MAX_CONTENT_LENGTH=limits.UPLOAD_BYTES + 64 * 1024,
        PERMANENT_SESSION_LIFETIME=dt.timedelta(days=365),
        # the cookie is sent again when the session changes (a table remembered, the language), not
        # on every answer: a follower's poll does no signing
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        RATELIMIT_STORAGE_URI=os.environ.get("RATELIMIT_STORAGE_URI", "memory://"),
        RATELIMIT_HEADERS_ENABLED=True,
        # A shared store (redis) that goes down must not take the app with it: each process counts in
        # its own memory until the store answers again (Flask-Limiter checks back within half a
        # minute), and an error that slips past the switch (a store lost between a request's check and
        # its count) serves the request uncounted instead of answering 500.
        RATELIMIT_IN_MEMORY_FALLBACK_ENABLED=True,
        RATELIMIT_SWALLOW_ERRORS=True,
        # HTTPS settings (HSTS, secure cookies) are for a deployment behind TLS, never for
        # development or tests: set SCOREKEEPER_HTTPS=1 there.
        HTTPS=os.environ.get("SCOREKEEPER_HTTPS") == "1",
        TRUSTED_PROXIES=int(os.environ.get("SCOREKEEPER_TRUSTED_PROXIES", "0")),
        # Pages change with every request and are compressed at a quick level; static files are
        # compressed once, at the best level, by scorekeeper.web.assets, and never streamed through
        # Flask-Compress.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_BR_LEVEL=5,
        COMPRESS_LEVEL=6,
        COMPRESS_STREAMS=False,
        **server.settings(),
    )


def configure(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """The defaults, then the test's mapping (its ``DATABASE_URL`` too), then what follows from them."""
    app.config.from_mapping(defaults(Path(app.instance_path)))
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    if test_config is not None:
        app.config.from_mapping(test_config)
        if "DATABASE_URL" in test_config:
            app.config["SQLALCHEMY_ENGINES"] = {"default": test_config["DATABASE_URL"]}
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))
    if app.config["HTTPS"]:
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")


def instance_secret_key(instance: Path) -> str:
    """Read the secret key kept in the instance folder, making one on first run."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.write_text(key)
    path.chmod(0o600)
    return key
