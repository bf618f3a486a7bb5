"""Guards that every route shares: ids parsed within the database's range, capability pages kept out
of every cache, a health check no rate limit refuses.

- ``dbid``, a URL converter for every id in a URL (``/t/<token>/m/<dbid:match_id>``): only 1 to
  ``limits.ID_MAX`` in plain digits match, so a huge, negative, zero-padded or non-numeric id is a 404
  before any query runs (a number past PostgreSQL's 32-bit INTEGER was a DataError there, and one past
  2**63 an OverflowError in SQLite's driver: a 500 on both).
- A table's or a spectator's link whose secret holds a character no token holds (``%00``) is a 404
  before any query, on every database, and counts as a miss.
- ``form_id``, the same rule for ids posted in forms and query strings (a seat, a player, a dealer):
  ``request.form.get("player", type=form_id)`` gives None for anything that is not one of ours.
- Every page reached through a table's or a spectator's secret link is sent ``private, no-store``:
  the page is the capability, and a shared or browser cache must not keep a copy of it (a route that
  sets its own ``Cache-Control``, like the spectator's polled sheet with its ETag, keeps its own); so
  is the home page, which lists this browser's tables by their links.
- The health check is never rate-limited (the miss limits count every route together).
- The template filters that isolate names (``scorekeeper.web.bidi``) are registered here too.
"""

from __future__ import annotations

import re

from flask import Flask, Response, abort, request
from werkzeug.routing import BaseConverter, ValidationError

from . import bidi
from ..engine.limits import ID_MAX, TOKEN_CHARS
from .extensions import limiter

#: what a capability page is sent with
CAPABILITY_CACHE_CONTROL = "private, no-store"
#: URL arguments that are a secret link: a route holding one is a capability page
CAPABILITY_ARGS = frozenset({"token", "view_token"})
#: pages without a secret in their URL that show secret links: the home page lists this browser's tables
CAPABILITY_ENDPOINTS = frozenset({"home.index"})


def form_id(value: object) -> int:
    """An id as the database can hold it, from a form or a query string; ``ValueError`` otherwise.

    Plain ASCII digits only (``str.isdigit`` also takes "²", which ``int`` refuses), no leading zero,
    1 to ``ID_MAX``. Werkzeug's ``get(..., type=form_id)`` turns the ``ValueError`` into its default.
    """
    text = str(value).strip() if value is not None else ""
    if not (text.isascii() and text.isdigit()) or text.startswith("0") or len(text) > len(str(ID_MAX)):
        raise ValueError(f"not an id: {text[:20]!r}")
    number = int(text)
    if number > ID_MAX:
        raise ValueError(f"not an id: {text[:20]!r}")
    return number


def optional_form_id(value: object) -> int | None:
    """``form_id``, or None for anything that is not an id (for code that is not given a default)."""
    try:
        return form_id(value)
    except ValueError:  # form_id() of text that is not an id (werkzeug's type= contract)
        return None


class DatabaseIdConverter(BaseConverter):
    """``<dbid:name>``: an id from 1 to ``ID_MAX``; anything else does not match the route (a 404)."""

    # at most as many digits as ID_MAX, no leading zero; the value is checked against ID_MAX itself
    regex = r"[1-9][0-9]{0,%d}" % (len(str(ID_MAX)) - 1)
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > ID_MAX:
            raise ValidationError()
        return number

    def to_url(self, value: int) -> str:
        return str(int(value))


#: the characters a link's secret holds (``secrets.token_urlsafe``: URL-safe base64), and at most how many
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,%d}" % TOKEN_CHARS)


def _tokens_of_ours() -> None:
    """A link whose secret holds a character no token holds (a NUL, a space, a dot) is a 404 before any
    query: PostgreSQL refuses a NUL in a text parameter outright (a DataError, a 500), and a 404 here is
    counted as a miss like any other wrong link (this runs after the rate limiter's own check, which
    a URL value preprocessor would not)."""
    values = request.view_args or {}
    for arg in CAPABILITY_ARGS & set(values):
        value = values[arg]
        if not isinstance(value, str) or not TOKEN_RE.fullmatch(value):
            abort(404)


def _no_store_capabilities(response: Response) -> Response:
    rule = request.url_rule
    capability = rule is not None and (CAPABILITY_ARGS & set(rule.arguments) or rule.endpoint in CAPABILITY_ENDPOINTS)
    if capability and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = CAPABILITY_CACHE_CONTROL
    return response


#: endpoints no rate limit ever refuses: the miss limits count every route together, so an address
#: that used up its misses (a guesser, or every visitor behind a proxy not declared as one) would
#: otherwise get 429 from the health check too, and a load balancer would take the app out
NEVER_LIMITED = frozenset({"health"})


@limiter.request_filter
def _never_limited() -> bool:
    return request.endpoint in NEVER_LIMITED


def init_app(app: Flask) -> None:
    """Register the ``dbid`` converter (before any blueprint's routes are added) and the cache rule."""
    app.url_map.converters["dbid"] = DatabaseIdConverter
    app.before_request(_tokens_of_ours)
    app.after_request(_no_store_capabilities)
    # every page draws names: the filters that keep them apart from the text around them
    bidi.init_app(app)


__all__ = ["CAPABILITY_CACHE_CONTROL", "DatabaseIdConverter", "form_id", "init_app", "optional_form_id"]
