"""The Flask extensions, created once here and bound to an app in ``create_app``.

It also owns the SQLite connection settings: every new connection gets WAL, foreign keys, a busy
timeout and ``synchronous=NORMAL`` (a listener that silently does not fire is a common bug, so tests
check the PRAGMAs on a fresh connection).
"""

from __future__ import annotations

import sqlalchemy as sa
from flask_alembic import Alembic
from flask_compress import Compress
from flask_sqlalchemy_lite import SQLAlchemy
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf import CSRFProtect

from .models import Model

db = SQLAlchemy()
alembic = Alembic(metadatas=Model.metadata)
csrf = CSRFProtect()
compress = Compress()


def _is_miss(response) -> bool:
    return response.status_code == 404


#: Rate limits. Only 404s count towards the default limit: a person at the table never hits it, while
#: someone guessing table links is stopped after a few dozen misses. Counts live in the storage named
#: by RATELIMIT_STORAGE_URI (memory for one process; a shared store such as redis:// for several).
limiter = Limiter(get_remote_address, default_limits=["30 per minute"], default_limits_deduct_when=_is_miss)

#: how often one address may create a table
TABLE_CREATION_LIMIT = "20 per hour"

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
