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
from flask import request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from flask_wtf import CSRFProtect

from ..service.models import Model

#: a pooled connection is tested before each request uses it: after a database restart every pooled
#: connection is dead, and without the test the first requests on each would fail; with it the pool
#: reconnects by itself (a request during the outage itself gets the "try again" page, health.py)
db = SQLAlchemy(engine_options={"pool_pre_ping": True})
alembic = Alembic(metadatas=Model.metadata)
csrf = CSRFProtect()
compress = Compress()


def _is_miss(response) -> bool:
    return response.status_code == 404


#: characters of a link's secret that a miss is counted under (see ``_address_and_link``)
LINK_PREFIX = 4
#: misses one address may make under one link prefix (a mistyped link tried again and again), and in
#: all (someone guessing links: every guess starts differently, so only this one stops them)
MISSES_PER_LINK = "30 per minute"
MISSES_PER_ADDRESS = "300 per minute"


def _address_and_link() -> str:
    """The client's address and the start of the link it asked for (``/t/AbCd``, ``/v/XyZw``).

    A pub's phones share one address behind its router: counting misses by address alone locked the
    whole room out of its own table after one person mistyped a link thirty times. A mistyped link
    keeps the start of the real one, so its misses are counted together; another table's link, which
    starts differently, is not refused because of them. A table's link (``/t/``) and a spectator's
    (``/v/``) are counted together: a guessed prefix gets its misses once, not once per kind of link.
    """
    parts = request.path.strip("/").split("/")
    where = f"link/{parts[1][:LINK_PREFIX]}" if len(parts) > 1 and parts[0] in ("t", "v") else parts[0]
    return f"{get_remote_address()}|{where}"


#: Rate limits. Only 404s count towards the miss limits: a person at the table never hits them,
#: while someone guessing links is stopped after a few hundred misses a minute. They are application
#: limits, one count per key over every route together: as default limits each route counted apart,
#: so a guesser spreading over 12 routes made 12 times the documented number of tries. Counts live in
#: the storage named by RATELIMIT_STORAGE_URI: ``memory://`` counts in one process, so with several
#: worker processes the app refuses to start unless a shared store (``redis://``) is named.
limiter = Limiter(get_remote_address, application_limits=[
    ApplicationLimit(MISSES_PER_LINK, key_function=_address_and_link, deduct_when=_is_miss),
    ApplicationLimit(MISSES_PER_ADDRESS, key_function=get_remote_address, deduct_when=_is_miss),
])

#: how often one address may create a table
TABLE_CREATION_LIMIT = "20 per hour"

#: imports sent by one address, and into one table, whatever their answer: checking an import is the
#: dearest thing a visitor can ask for (``limits.IMPORT_CARD_HANDS`` bounds one), and a person imports
#: a file or two, with a retry after a refusal ("import again")
IMPORTS_PER_ADDRESS = "12 per hour"
IMPORTS_PER_TABLE = "12 per hour"


#: share pictures one address may have drawn afresh (a picture already drawn, or a 304, is not counted):
#: a person shares a result or two; 150 pictures of 60 matches in 30 s from one address took two cores
PICTURES_PER_ADDRESS = "20 per minute"


def table_of_request() -> str:
    """The table a request is about (its link's secret), to count imports per table."""
    return f"table|{(request.view_args or {}).get('token', '')}"

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
