"""The tables this browser remembers ("your tables" on the home page), kept in the session cookie so
the list works without JavaScript. Every page that opens a table puts it first (tables, matches,
history), so they import it from here, never from another blueprint's routes."""

from __future__ import annotations

from flask import session

from ... import service
from ...service.models import Table

#: how many tables a browser remembers
REMEMBERED = 20


def remember_table(token: str) -> None:
    """Put a table first in this browser's list. A table already first is left as it is: writing the
    same list again would send the whole session cookie back with the page, and a page fetched in the
    background (the copy kept for offline use) could then put back a session older than the one a
    request beside it had just set (the language just chosen)."""
    if session.get("tables", [])[:1] == [token]:
        return
    tokens = [t for t in session.get("tables", []) if t != token]
    session["tables"] = [token] + tokens[: REMEMBERED - 1]


def remembered_tables() -> list[Table]:
    return service.tables_by_token(session.get("tables", []))
