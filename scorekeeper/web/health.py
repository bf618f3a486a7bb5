"""How the app behaves while a part it depends on is down, and how it says so.

It owns ``/health`` (the state of the database and of the rate-limit store), the "try again" page (503)
for a database that does not answer, and the log lines for a rate-limit store that went away and came
back. The fallback itself (counting in each process's memory while the store is down) is Flask-Limiter's,
switched on in ``config.defaults``.
"""

from __future__ import annotations

import inspect
import logging
import threading
import time
import urllib.parse

import sqlalchemy as sa
from flask import Flask, Response, current_app, g, jsonify, render_template
from flask_babel import gettext as _

from .extensions import db, limiter

#: seconds a phone is told to wait before trying again after a 503: a database restart takes a few
RETRY_AFTER_SECONDS = 5

#: the errors that mean "the database did not answer", not "this request is wrong": a connection that
#: was refused, dropped or timed out, a server shutting down or starting up, SQLite's busy timeout
#: running out, and a pool with no connection to give in time
UNREACHABLE = (sa.exc.OperationalError, sa.exc.DisconnectionError, sa.exc.TimeoutError)


def init_app(app: Flask) -> None:
    app.add_url_rule("/health", "health", health)
    for error in UNREACHABLE:
        app.register_error_handler(error, database_unreachable)
    # registered after db.init_app, so it runs before the library's own closing (teardowns run last
    # registered first)
    app.teardown_appcontext(_close_sessions_quietly)
    _close_async_sessions_only_when_made(app)
    _say_store_changes_in_the_log(app)


#: seconds ``/health`` waits for its checks before it says what it last knew: a part that hangs (a
#: store stopped mid-connection answers nothing until its socket times out, 1 s) must not make every
#: health check wait for it
HEALTH_WAIT_SECONDS = 0.1
#: how long the first health check of a process waits, when nothing is known yet
FIRST_WAIT_SECONDS = 5.0


class _Probe:
    """One check of a part, run in a thread of its own so that a caller waits for it at most a moment.

    At most one check of each part runs at a time in a process (a part that hangs holds one thread, not
    one per health check); a caller that finds one running waits for that one. ``known`` is the last
    answer (None before the first), kept for the next caller when a check outlasts the wait."""

    def __init__(self, name: str, check) -> None:
        self.name, self._check, self.known = name, check, None
        self._lock = threading.Lock()
        self._done: threading.Event | None = None

    def start(self, app: Flask) -> threading.Event:
        """The running check's end, starting one if none runs."""
        with self._lock:
            if self._done is None:
                self._done = threading.Event()
                threading.Thread(target=self._run, args=(app, self._done), name=f"health-{self.name}",
                                 daemon=True).start()
            return self._done

    def _run(self, app: Flask, done: threading.Event) -> None:
        try:
            with app.app_context():
                self.known = self._check()
        finally:
            with self._lock:
                self._done = None
            done.set()


def health() -> tuple[Response, int]:
    """What a load balancer and a person on call read. 200 while the database answers, even when the
    rate-limit store is down: every host shares that store, so taking hosts out of rotation for it
    would turn a degraded service (limits counted per process) into an outage. 503 when the database
    does not answer: this host can neither show nor save a score, and a balancer should send the phones
    elsewhere (the app needs no restart: its pool reconnects by itself).

    Both parts are asked at once, each in a thread of its own, and the answer is given within
    ``HEALTH_WAIT_SECONDS``: a part whose check has not come back by then is said as it was last known
    (the check goes on, and the next health check reads its answer)."""
    app = current_app._get_current_object()
    probes = app.extensions.setdefault("scorekeeper.web.health", {
        "database": _Probe("database", database_state), "rate_limits": _Probe("rate_limits", rate_limit_state)})
    running = {name: probe.start(app) for name, probe in probes.items()}  # both asked before either is waited for
    # nothing known yet (the first health check of this process): wait for the answer itself
    deadline = time.monotonic() + (HEALTH_WAIT_SECONDS if all(p.known for p in probes.values()) else FIRST_WAIT_SECONDS)
    for done in running.values():
        done.wait(max(0.0, deadline - time.monotonic()))
    database = probes["database"].known or "unreachable"
    rate_limits = probes["rate_limits"].known or "memory fallback"
    degraded = database != "ok" or rate_limits == "memory fallback"
    body = {"status": "degraded" if degraded else "ok", "database": database, "rate_limits": rate_limits}
    return jsonify(body), 200 if database == "ok" else 503


def database_state() -> str:
    try:
        with db.engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
    except sa.exc.SQLAlchemyError:
        return "unreachable"
    return "ok"


def rate_limit_state() -> str:
    """``off``; ``memory`` (one process counts alone, as configured); ``shared`` (the store answers and
    counts for every worker); ``memory fallback`` (the store does not answer, or has not yet been found
    back: this process counts alone until it is)."""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return "off"
    if storage_scheme(current_app.config.get("RATELIMIT_STORAGE_URI")) == "memory":
        return "memory"
    # Flask-Limiter keeps whether it fell back to memory in a private flag; read it if it is there, and
    # ask the store itself as well (a quick ping), so that the answer is right either way
    fell_back = bool(getattr(limiter, "_storage_dead", False))
    try:
        answers = bool(limiter.storage.check())
    except Exception:  # noqa: BLE001 - a store that cannot even be asked is a store that is down
        answers = False
    return "shared" if answers and not fell_back else "memory fallback"


def storage_scheme(uri: object) -> str:
    """The kind of rate-limit store a URI names (``memory``, ``redis``, ...), spaces and case aside."""
    text = str(uri or "").strip() or "memory://"
    return urllib.parse.urlsplit(text).scheme.lower().split("+", 1)[0]


def database_unreachable(error: Exception) -> tuple[str, int, dict[str, str]]:
    """The database did not answer (a restart, a dropped connection, a lock held too long): nothing was
    saved, and the phone is told to try again; a form's key makes the retry harmless even if the
    commit went through before the connection dropped."""
    current_app.logger.warning("The database did not answer (%s): told the visitor to try again",
                               type(getattr(error, "orig", None) or error).__name__)
    try:
        db.session.rollback()
    except sa.exc.SQLAlchemyError:
        pass  # the connection is already gone; the pool drops it
    page = render_template("shared/error.html", title=_("The scores cannot be reached just now"),
                           message=_("The database did not answer, so nothing was saved. Try again in a "
                                     "moment: what you typed is still here."))
    return page, 503, {"Retry-After": str(RETRY_AFTER_SECONDS)}


def _close_async_sessions_only_when_made(app: Flask) -> None:
    """Flask-SQLAlchemy-Lite closes the request's async sessions in an ``async`` teardown, which Flask runs
    through asgiref on every request, sessions or not: a thread started and an event loop made for each
    request (1.5 ms of a 304 poll's 3). The app makes no async session, so the teardown is put behind a
    plain check and only runs, as before, when a request did make one."""
    funcs = app.teardown_appcontext_funcs
    for i, func in enumerate(funcs):
        if getattr(func, "__name__", "") == "_close_async_sessions" and inspect.iscoroutinefunction(func):
            def close_async_sessions(error: BaseException | None, _close=func) -> None:
                if g.get("_sqlalchemy_async_sessions") is not None:
                    current_app.ensure_sync(_close)(error)

            funcs[i] = close_async_sessions


def _close_sessions_quietly(error: BaseException | None) -> None:  # noqa: ARG001
    """Close the request's sessions, letting go of a connection the server dropped. Closing a session
    rolls its transaction back; on a connection that a restarting server ended, that ROLLBACK fails,
    and Flask-SQLAlchemy-Lite's own closing (which runs after the answer was made, where no error
    handler applies) turned a page already drawn into a bare 500. Such a connection is invalidated
    instead: the pool forgets it and opens a new one when the database is back."""
    sessions = g.pop("_sqlalchemy_sessions", None) or {}  # where Flask-SQLAlchemy-Lite keeps them
    for session in sessions.values():
        try:
            session.close()
        except sa.exc.SQLAlchemyError:
            try:
                session.invalidate()
            except sa.exc.SQLAlchemyError:
                pass  # nothing more to let go of


class _StoreChanges(logging.Handler):
    """Flask-Limiter says when it falls back to memory and when its store is back, on a logger that
    has only a NullHandler: this says it once more, in the app's own log, with what it means."""

    def __init__(self, app_logger: logging.Logger, store: str):
        super().__init__(logging.INFO)
        self.app_logger = app_logger
        self.store = store

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.startswith("Rate limit storage unreachable"):
            self.app_logger.warning(
                "The rate-limit store (%s) does not answer: requests are served, and this process counts "
                "rate limits in its own memory until the store is back", self.store)
        elif text.startswith("Rate limit storage recovered"):
            self.app_logger.warning("The rate-limit store (%s) answers again: limits are shared again",
                                    self.store)
        elif record.levelno >= logging.WARNING:
            # a request that fell between the store going and the switch to memory: served, not counted
            self.app_logger.warning("The rate-limit store (%s) failed under one request (%s): it was "
                                    "served", self.store, text)


def _say_store_changes_in_the_log(app: Flask) -> None:
    store = _without_password(str(app.config.get("RATELIMIT_STORAGE_URI") or "memory://"))
    limiter_log = logging.getLogger("flask-limiter")
    # one handler per process (tests make many apps): the latest app's logger and store
    for handler in [h for h in limiter_log.handlers if isinstance(h, _StoreChanges)]:
        limiter_log.removeHandler(handler)
    limiter_log.addHandler(_StoreChanges(app.logger, store))
    if limiter_log.getEffectiveLevel() > logging.INFO:
        limiter_log.setLevel(logging.INFO)  # "recovered" is said at INFO


def _without_password(uri: str) -> str:
    parts = urllib.parse.urlsplit(uri)
    if parts.password is None:
        return uri
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))
