"""The Flask extensions, created once here and bound to an app in ``create_app``.

It also owns the SQLite connection settings: every new connection gets WAL, foreign keys, a busy
timeout and ``synchronous=NORMAL`` (PITFALLS.md: a listener that silently does not fire is a common
bug, so tests check the PRAGMAs on a fresh connection).
"""

from __future__ import annotations

import sqlalchemy as sa
from flask_alembic import Alembic
from flask_sqlalchemy_lite import SQLAlchemy
from flask_wtf import CSRFProtect

from .models import Model

db = SQLAlchemy()
alembic = Alembic(metadatas=Model.metadata)
csrf = CSRFProtect()

#: milliseconds a connection waits for another writer before giving up
SQLITE_BUSY_TIMEOUT_MS = 5000


def _set_sqlite_pragmas(dbapi_connection, connection_record) -> None:  # noqa: ARG001
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def watch_engine(engine: sa.Engine) -> None:
    """Attach the SQLite connection settings to ``engine`` (other databases are left alone)."""
    if engine.dialect.name == "sqlite" and not sa.event.contains(engine, "connect", _set_sqlite_pragmas):
        sa.event.listen(engine, "connect", _set_sqlite_pragmas)
