"""Where the service gets its database session, so that it never imports the web.

The web binds a session source once, as the app is made (``factory.create_app``: Flask-SQLAlchemy-Lite's
session of the current app context); a script or a test may bind any other (a plain
``sqlalchemy.orm.Session``). The service asks ``session()`` each time it needs one, so it always works
in the caller's unit of work.

>>> import sqlalchemy as sa
>>> from sqlalchemy.orm import Session
>>> engine = sa.create_engine("sqlite://")
>>> with Session(engine) as mine:
...     use(lambda: mine)
...     session() is mine
True
"""

from __future__ import annotations

from typing import Callable

from sqlalchemy.orm import Session

_source: Callable[[], Session] | None = None


def use(source: Callable[[], Session]) -> None:
    """Make ``source()`` the session every service call works in."""
    global _source
    _source = source


def session() -> Session:
    if _source is None:
        raise RuntimeError("no database session is bound: call scorekeeper.service.store.use() first")
    return _source()


__all__ = ["session", "use"]
