"""What the app does because a server runs it, rather than the development server or a test: how many
worker processes and threads gunicorn runs, the hooks run in each worker it forks, the turns one
worker's requests take (``RequestsAtOnce``), the refusal to count rate limits apart in several workers,
and the warm-up a worker does before it serves (the solver's tables, every template, every catalog).

``factory.create_app`` calls ``settings``, ``wrap``, ``check_limits``, ``fresh_pools_in_each_worker`` and ``warm_up``;
nothing here imports the factory.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from typing import Any, Mapping

from flask import Flask

from ..engine.variants import warm_solvers
from . import health, i18n
from .spectate import live

#: requests one worker process works on at once when it runs several threads (gunicorn's gthread): one,
#: as a sync worker does, because the threads of one process share one interpreter lock, and requests
#: that take turns on it spend CPU switching instead of drawing pages: one at a time, each costs least
REQUESTS_AT_ONCE = 1


def under_gunicorn() -> bool:
    return os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn/")


def settings() -> dict[str, Any]:
    """The configuration that follows from how the server runs the app: the live sheet's streams one
    worker may hold (a share of its threads, ``spectate/live.py``), and how many requests a worker of
    several threads works on at once (0: no limit, as on the development server; a stream waits
    outside, see ``RequestsAtOnce``)."""
    threads = server_threads()  # read once: outside a worker it parses gunicorn's command line
    return {"LIVE_STREAMS": live.slots_for_threads(threads),
            "REQUESTS_AT_ONCE": REQUESTS_AT_ONCE if (threads or 1) > 1 else 0}


def wrap(app: Flask) -> None:
    """Behind a load balancer the client's address (rate limits) and scheme come from its headers
    (``TRUSTED_PROXIES``); a worker of several threads takes its requests in turns."""
    if app.config["TRUSTED_PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]
    if app.config["REQUESTS_AT_ONCE"]:
        app.wsgi_app = RequestsAtOnce(app.wsgi_app, int(app.config["REQUESTS_AT_ONCE"]))  # type: ignore[method-assign]


def check_limits(config: dict[str, Any]) -> None:
    """Refuse to start (here, and in each worker gunicorn forks later) where rate limits would be
    counted apart by several workers."""
    read_storage_uri(config)
    refuse_unshared_limits(config, server_workers())
    refuse_unshared_limits_in_each_worker(config)


def warms_solvers(config: Mapping[str, Any]) -> bool:
    """Whether this app builds the solver's tables as it starts (``WARM_SOLVERS``): by default when a
    server such as gunicorn runs it and it is not under test, so that a worker's first hand of each game
    does not wait for them (a second or more of that visitor's time), while ``flask`` commands, the
    development server and the tests start at once."""
    wanted = config.get("WARM_SOLVERS")
    if wanted is not None:
        return bool(wanted)
    return not config.get("TESTING") and under_gunicorn()


def warm_up(app: Flask) -> None:
    """Build, before the first request, what a worker would otherwise build while a player waits (on
    the condition ``warms_solvers``): the solver's tables and the pages' templates and catalogs."""
    if not warms_solvers(app.config):
        return
    warm_solvers()
    warm_pages(app)
    # what a worker builds as it starts (the solver's tables: half a million objects) lives as long as
    # the worker: kept out of the garbage collector's sight, so that a full collection walks only what
    # requests made
    gc.freeze()
    # a replay makes tens of thousands of small objects that live until the page is drawn: at Python's
    # default threshold (700) the collector would run over them again and again for one scoreboard
    gc.set_threshold(10_000, 10, 10)


def warm_pages(app: Flask) -> None:
    """Compile every template and read every language's catalogs now, as the app starts: a worker's
    first page of each kind would otherwise compile its templates while a player waits. With
    ``--preload`` the master does it once and the workers inherit what it made."""
    for name in app.jinja_env.list_templates(extensions=("html", "svg")):
        app.jinja_env.get_template(name)
    for language in i18n.LANGUAGES:
        with app.test_request_context(headers={"Accept-Language": language}):
            for domain in (i18n.messages_domain, i18n.engine_domain):
                domain.get_translations()


def server_workers() -> int | None:
    """How many worker processes serve the app, when the server is gunicorn (None otherwise, or when
    its settings cannot be read). Each worker builds its own app, with its own memory. The live count
    (gunicorn's master, which ``-w`` starts and SIGTTIN / SIGTTOU change) when this runs inside gunicorn;
    else gunicorn's reading of the command line and configuration."""
    if not under_gunicorn():
        return None
    arbiter = gunicorn_master()
    if arbiter is not None:
        return int(arbiter.num_workers)
    try:
        # gunicorn's own reading of its command line, environment and configuration file
        from gunicorn.app.wsgiapp import WSGIApplication

        return int(WSGIApplication().cfg.workers)
    except BaseException:  # noqa: BLE001 - an unreadable setting must not stop the app; nothing is refused
        return None


def server_threads() -> int | None:
    """How many threads each worker process runs, when the server is gunicorn (its ``--threads``: 1 for
    its sync workers); None otherwise (the development server starts a thread per request) or when its
    settings cannot be read."""
    if not under_gunicorn():
        return None
    arbiter = gunicorn_master()
    try:
        if arbiter is not None:
            return int(arbiter.cfg.threads)
        from gunicorn.app.wsgiapp import WSGIApplication

        return int(WSGIApplication().cfg.threads)
    except BaseException:  # noqa: BLE001 - an unreadable setting must not stop the app
        return None


def gunicorn_master() -> Any:
    """gunicorn's master (its ``Arbiter``) when this code runs inside it: in a worker as it loads the
    app or is forked, and in the master as it loads the app once (``--preload``). It is a caller on
    the stack in each case (``Arbiter.spawn_worker`` or ``Arbiter.setup``), and holds the number of
    workers it keeps now, which SIGTTIN raises: gunicorn offers no other way to ask it. None elsewhere."""
    arbiter_class = getattr(sys.modules.get("gunicorn.arbiter"), "Arbiter", None)
    if arbiter_class is None:
        return None
    frame = sys._getframe(1)
    while frame is not None:
        candidate = frame.f_locals.get("self")
        if isinstance(candidate, arbiter_class):
            return candidate
        frame = frame.f_back
    return None


class RequestsAtOnce:
    """At most ``n`` requests of this worker process at work at once; the others wait their turn.

    A worker of many threads (gunicorn's gthread, run for the live sheet's held streams) would otherwise
    work on every request that arrives at once, and Python threads of one process take turns on one
    interpreter lock: each request would cost more CPU than in a worker that takes one at a time, and
    the worker would answer fewer a second. Waiting for a turn costs nothing. A stream's view answers
    at once and its body is sent after the turn is given back, so a held stream never keeps a turn.
    The health check never waits for a turn (``WITHOUT_TURN``): it costs next to nothing and must
    answer within ``health.HEALTH_WAIT_SECONDS``, even behind a visitor's dear requests."""

    WITHOUT_TURN = frozenset({"/health"})

    def __init__(self, wsgi_app: Any, n: int) -> None:
        self.wsgi_app = wsgi_app
        self.turns = threading.BoundedSemaphore(n)

    def __call__(self, environ: dict, start_response: Any) -> Any:
        if environ.get("PATH_INFO") in self.WITHOUT_TURN:
            return self.wsgi_app(environ, start_response)
        with self.turns:
            return self.wsgi_app(environ, start_response)


def read_storage_uri(config: dict[str, Any]) -> None:
    """The store's URI as it is meant: spaces around it (a quoted value in an environment file) are not
    part of it, and would have hidden ``memory://`` from ``refuse_unshared_limits``."""
    config["RATELIMIT_STORAGE_URI"] = str(config.get("RATELIMIT_STORAGE_URI") or "").strip() or "memory://"
    if health.storage_scheme(config["RATELIMIT_STORAGE_URI"]) in ("redis", "rediss", "valkey", "valkeys"):
        # a store that hangs (not one that refuses) must not hold a request for long: a second to
        # connect or answer, then the request goes on counted in memory
        config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 1, "socket_timeout": 1})


def refuse_unshared_limits(config: Mapping[str, Any], workers: int | None) -> None:
    """Several worker processes each counting rate limits in their own memory would each allow the full
    limit, and a restart would forget them all: refuse to start, saying what to set."""
    if not config.get("RATELIMIT_ENABLED", True):
        return
    if health.storage_scheme(config.get("RATELIMIT_STORAGE_URI")) != "memory":
        return
    if workers is not None and workers > 1:
        raise RuntimeError(
            f"Rate limits would be counted separately by each of the {workers} worker processes "
            "(RATELIMIT_STORAGE_URI is memory://), so each would allow the whole limit. Set "
            "RATELIMIT_STORAGE_URI to a store the workers share, for example redis://localhost:6379 "
            "(pip install 'scorekeeper[redis]'), or run one worker.")


#: whether this process already checks each worker it forks (``--preload``)
_checks_forks = False


def _in_master(arbiter: Any) -> bool:
    # in a worker the master is its parent; in the master it is this process (its pid is set once it
    # has loaded the app)
    return arbiter is not None and getattr(arbiter, "pid", None) in (None, os.getpid())


def refuse_unshared_limits_in_each_worker(config: Mapping[str, Any]) -> None:
    """With ``--preload`` the app is built once, in gunicorn's master, and a worker added later (SIGTTIN)
    never builds it: the count is checked again in each worker as it is forked, and a worker that would
    count apart ends at once with gunicorn's "failed to boot" code, which stops the server saying why
    (without ``--preload`` each worker builds the app and ``create_app`` refuses there)."""
    global _checks_forks
    if _checks_forks or not _in_master(gunicorn_master()):
        return
    limit_settings = {key: config[key] for key in ("RATELIMIT_ENABLED", "RATELIMIT_STORAGE_URI") if key in config}

    def check_new_worker() -> None:
        master = gunicorn_master()
        if master is None:
            return  # a fork that is not a gunicorn worker
        try:
            refuse_unshared_limits(limit_settings, int(master.num_workers))
        except RuntimeError as refusal:
            master.log.error("%s", refusal)
            for handler in getattr(getattr(master.log, "error_log", None), "handlers", []):
                handler.flush()  # os._exit flushes nothing
            os._exit(master.WORKER_BOOT_ERROR)

    os.register_at_fork(after_in_child=check_new_worker)
    _checks_forks = True


def fresh_pools_in_each_worker(engines: list[Any]) -> None:
    """With ``--preload`` the engines are made in gunicorn's master and every worker inherits them: a
    worker starts with a pool of its own (the parent's connections, if it had any, are left to the
    parent), so that no two processes ever talk over one database connection."""
    if not _in_master(gunicorn_master()):
        return

    def forget_parents_connections() -> None:
        for engine in engines:
            engine.dispose(close=False)

    os.register_at_fork(after_in_child=forget_parents_connections)
