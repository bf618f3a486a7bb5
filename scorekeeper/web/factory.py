"""The web app: ``create_app``, the only app factory (the package's ``create_app`` calls it).

``create_app`` It binds the extensions, reads configuration (a mapping in
tests; ``DATABASE_URL`` and ``SECRET_KEY`` from the environment otherwise), and registers one
blueprint per feature. The game rules live in ``scorekeeper.engine``, which knows nothing of Flask.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
import secrets
import sys
import sysconfig
import threading
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from flask import Flask, Response, render_template, request, session
from flask_babel import gettext as _
from htmx_flask import Htmx

from ..engine.errors import Refusal
from . import assets, errors, guards, health, i18n
from .. import service
from ..engine import limits
from ..engine.variants import warm_solvers
from .extensions import alembic, compress, csrf, db, limiter, watch_engine
from .spectate import live

def _resources_root() -> Path:
    """Where templates/, static/ and migrations/ are: the checkout's top level (README.md, "Where things
    are"), or, after a plain ``pip install .``, the data directory the wheel put them in (pyproject's
    data-files)."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "templates").is_dir():
        return checkout
    return Path(sysconfig.get_path("data")) / "share" / "scorekeeper"


ROOT = _resources_root()
HTMX_VERSION = "2.0.3"


#: Sent with every response. The policy allows nothing inline and no eval: htmx is configured for it
#: (no injected indicator styles, no eval), and the pages carry no inline scripts or styles.
#: strict-origin-when-cross-origin keeps the Referer that Flask-WTF's HTTPS same-origin check reads.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
                               "object-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(
        "scorekeeper",
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    database_url = os.environ.get("DATABASE_URL") or (
        "sqlite:///" + str(Path(app.instance_path) / "scorekeeper.sqlite3")
    )
    threads = server_threads()  # read once: outside a worker it parses gunicorn's command line
    app.config.from_mapping(
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
        # Pages are compressed quickly on every request (static files are compressed once, at the
        # best level, by scorekeeper.web.assets). No file is streamed through Flask-Compress.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_BR_LEVEL=5,
        COMPRESS_LEVEL=6,
        COMPRESS_STREAMS=False,
        # live sheet streams one worker may hold (spectate/live.py): a share of its threads
        LIVE_STREAMS=live.slots_for_threads(threads),
        # requests a worker of several threads works on at once (the rest wait their turn; a live
        # sheet's stream waits outside, see RequestsAtOnce); 0: no limit (the development server)
        REQUESTS_AT_ONCE=REQUESTS_AT_ONCE if (threads or 1) > 1 else 0,
    )
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    if test_config is not None:
        app.config.from_mapping(test_config)
        if "DATABASE_URL" in test_config:
            app.config["SQLALCHEMY_ENGINES"] = {"default": test_config["DATABASE_URL"]}
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))

    if app.config["HTTPS"]:
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    if app.config["TRUSTED_PROXIES"]:
        # Behind a load balancer the client's address (rate limits) and scheme come from its headers.
        from werkzeug.middleware.proxy_fix import ProxyFix

        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]

    if app.config["REQUESTS_AT_ONCE"]:
        app.wsgi_app = RequestsAtOnce(app.wsgi_app, int(app.config["REQUESTS_AT_ONCE"]))  # type: ignore[method-assign]

    _read_storage_uri(app.config)
    _refuse_unshared_limits(app.config, server_workers())
    _refuse_unshared_limits_in_each_worker(app.config)

    db.init_app(app)
    # the service asks for its session here: the current app context's, made by Flask-SQLAlchemy-Lite
    service.store.use(lambda: db.session)
    alembic.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)
    compress.init_app(app)
    assets.init_app(app)
    health.init_app(app)
    i18n.init_app(app)
    Htmx(app)
    guards.init_app(app)  # the ``dbid`` converter must exist before the blueprints' routes are added
    with app.app_context():
        watch_engine(db.engine)
        _fresh_pools_in_each_worker(list(db.engines.values()))

    from . import cli, hands, history, home, matches, melds, ratings, spectate, tables

    app.register_blueprint(home.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(melds.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(spectate.bp)
    app.register_blueprint(ratings.bp)
    cli.init_app(app)

    _register_web_plumbing(app)
    errors.register(app)
    if warms_solvers(app.config):
        warm_solvers()
        warm_pages(app)
        # what a worker builds as it starts (the solver's tables: half a million objects) lives as long as
        # the worker: kept out of the garbage collector's sight, so that a full collection, which a few
        # cold replays set off, walks only what requests made (about 100 ms less each time)
        gc.freeze()
        # a cold replay makes tens of thousands of small objects that live until the page is drawn: at
        # Python's default threshold (700) the collector ran about 20 times for one 200-hand scoreboard
        gc.set_threshold(10_000, 10, 10)
    return app


def warms_solvers(config: Mapping[str, Any]) -> bool:
    """Whether this app builds the solver's tables as it starts (``WARM_SOLVERS``): by default when a
    server such as gunicorn runs it and it is not under test, so that a worker's first hand of each game
    does not wait for them (a second or more of that visitor's time), while ``flask`` commands, the
    development server and the tests start at once."""
    wanted = config.get("WARM_SOLVERS")
    if wanted is not None:
        return bool(wanted)
    return not config.get("TESTING") and os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn/")


def warm_pages(app: Flask) -> None:
    """Compile every template and read every language's catalogs now, as the app starts (with the
    solver's tables, and on the same condition): a worker's first page of each kind would otherwise
    compile its templates while a player waits (a cold worker drew its first hand form in 186 ms, then
    in 11 ms; compiling all 41 costs about 0.4 s). With ``--preload`` the master does it once and the
    workers inherit what it made."""
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
    if not os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn/"):
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


#: requests one worker process works on at once when it runs several threads (gunicorn's gthread): one,
#: as a sync worker does (measured with 20 clients at once on 2 cores: 17.2 ms of CPU a request at one,
#: 20.2 ms at two, 29.3 ms with no limit)
REQUESTS_AT_ONCE = 1


class RequestsAtOnce:
    """At most ``n`` requests of this worker process at work at once; the others wait their turn.

    A worker of many threads (gunicorn's gthread, run for the live sheet's held streams) would otherwise
    work on every request that arrives at once, and Python threads of one process take turns on one
    interpreter lock: with 20 phones at once a request cost 1.7 times the CPU it costs in a worker that
    takes one at a time, and the worker answered 65 requests a second instead of 111. Waiting for a turn
    costs nothing. A stream's view answers at once and its body is sent after the turn is given back, so
    a held stream never keeps a turn. The health check never waits for a turn (``WITHOUT_TURN``): it
    costs next to nothing and answers within ``health.HEALTH_WAIT_SECONDS``, and behind a visitor's
    dear requests (share pictures drawn one after another) it waited seconds."""

    WITHOUT_TURN = frozenset({"/health"})

    def __init__(self, wsgi_app: Any, n: int) -> None:
        self.wsgi_app = wsgi_app
        self.turns = threading.BoundedSemaphore(n)

    def __call__(self, environ: dict, start_response: Any) -> Any:
        if environ.get("PATH_INFO") in self.WITHOUT_TURN:
            return self.wsgi_app(environ, start_response)
        with self.turns:
            return self.wsgi_app(environ, start_response)


def server_threads() -> int | None:
    """How many threads each worker process runs, when the server is gunicorn (its ``--threads``: 1 for
    its sync workers); None otherwise (the development server starts a thread per request) or when its
    settings cannot be read."""
    if not os.environ.get("SERVER_SOFTWARE", "").startswith("gunicorn/"):
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
    workers it keeps now, which SIGTTIN raises. None elsewhere."""
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


def _read_storage_uri(config: dict[str, Any]) -> None:
    """The store's URI as it is meant: spaces around it (a quoted value in an environment file) are not
    part of it, and would have hidden ``memory://`` from the check below."""
    config["RATELIMIT_STORAGE_URI"] = str(config.get("RATELIMIT_STORAGE_URI") or "").strip() or "memory://"
    if health.storage_scheme(config["RATELIMIT_STORAGE_URI"]) in ("redis", "rediss", "valkey", "valkeys"):
        # a store that hangs (not one that refuses) must not hold a request for long: a second to
        # connect or answer, then the request goes on counted in memory
        config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 1, "socket_timeout": 1})


def _refuse_unshared_limits(config: Mapping[str, Any], workers: int | None) -> None:
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


def _refuse_unshared_limits_in_each_worker(config: Mapping[str, Any]) -> None:
    """With ``--preload`` the app is built once, in gunicorn's master, and a worker added later (SIGTTIN)
    never builds it: the count is checked again in each worker as it is forked, and a worker that would
    count apart ends at once with gunicorn's "failed to boot" code, which stops the server saying why
    (without ``--preload`` each worker builds the app and ``create_app`` refuses there)."""
    global _checks_forks
    arbiter = gunicorn_master()
    # in a worker the master is its parent; in the master it is this process (its pid is set once it
    # has loaded the app)
    in_master = arbiter is not None and getattr(arbiter, "pid", None) in (None, os.getpid())
    if _checks_forks or not in_master:
        return
    settings = {key: config[key] for key in ("RATELIMIT_ENABLED", "RATELIMIT_STORAGE_URI") if key in config}

    def check_new_worker() -> None:
        master = gunicorn_master()
        if master is None:
            return  # a fork that is not a gunicorn worker
        try:
            _refuse_unshared_limits(settings, int(master.num_workers))
        except RuntimeError as refusal:
            master.log.error("%s", refusal)
            for handler in getattr(getattr(master.log, "error_log", None), "handlers", []):
                handler.flush()  # os._exit flushes nothing
            os._exit(master.WORKER_BOOT_ERROR)

    os.register_at_fork(after_in_child=check_new_worker)
    _checks_forks = True


def _fresh_pools_in_each_worker(engines: list[Any]) -> None:
    """With ``--preload`` the engines are made in gunicorn's master and every worker inherits them: a
    worker starts with a pool of its own (the parent's connections, if it had any, are left to the
    parent), so that no two processes ever talk over one database connection."""
    arbiter = gunicorn_master()
    if arbiter is None or getattr(arbiter, "pid", None) not in (None, os.getpid()):
        return

    def forget_parents_connections() -> None:
        for engine in engines:
            engine.dispose(close=False)

    os.register_at_fork(after_in_child=forget_parents_connections)


def _instance_secret_key(instance: Path) -> str:
    """Read the secret key kept in the instance folder, making one on first run."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.write_text(key)
    path.chmod(0o600)
    return key


def _register_web_plumbing(app: Flask) -> None:
    @app.before_request
    def keep_session() -> None:
        # The CSRF token lives in the session; a permanent session outlasts a browser restart. Set once:
        # setting it again marks the session changed, and every answer (each spectator's poll among
        # them) would sign and send the cookie again
        if not session.permanent:
            session.permanent = True

    @app.before_request
    def refuse_nul_bytes():
        # No text a person types holds a NUL character, and PostgreSQL cannot store one: refuse it
        # up front rather than fail in the database.
        values = list(request.args.values()) + (list(request.form.values()) if request.method == "POST" else [])
        if any("\x00" in v for v in values):
            return render_template("shared/error.html", title=_("That text cannot be saved"),
                                   message=_("A box held an invisible control character (NUL). Retype it and "
                                             "send again: nothing was saved.")), 422
        return None

    app.add_url_rule(f"/vendor/htmx-{HTMX_VERSION}.min.js", "htmx_js", assets.packaged(
        lambda: (resources.files("js_lib_htmx") / "static/htmx/htmx.min.js").read_bytes(), "text/javascript"))

    @app.context_processor
    def template_globals() -> dict[str, Any]:
        # rendered_at: when the server drew the page (a page kept for offline use says how old it is)
        return {"htmx_version": HTMX_VERSION,
                "rendered_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}

    @app.after_request
    def say_a_change_to_the_live_sheet(response: Response) -> Response:
        # a change made through this worker (a save, an edit, an undo, an import: each a POST) reaches
        # the followers streaming from it at once, not at the watch's next reading (spectate/live.py)
        if request.method == "POST" and response.status_code < 400:
            live.poke(app)
        return response

    @app.after_request
    def vary_on_htmx(response: Response) -> Response:
        # The same URL may serve a whole page or an htmx fragment: caches must keep them apart.
        response.vary.add("HX-Request")
        return response

    @app.after_request
    def security_headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if app.config["HTTPS"]:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        return response

    @app.template_filter("variant_name")
    def variant_name(key: str) -> str:
        from ..engine.variants import find_variant

        try:
            return i18n.speak(find_variant(key).name)
        except Refusal:
            return key

    @app.template_filter("player_name")
    def player_name(player_id: int, players: Mapping[int, Any]) -> str:
        player = players.get(player_id)
        return player.name if player is not None else "?"

    from .util import minus_signs, money, number, signed

    app.add_template_filter(signed, "signed")
    app.add_template_filter(number, "num")
    app.add_template_filter(money, "money")
    app.add_template_filter(minus_signs, "minus")

    from .hands.forms import end_words

    app.add_template_filter(end_words, "end_words")

    @app.template_filter("speak")
    def speak(text: Any, currency: str | None = None) -> str:
        # the engine's words in the page's language (its amounts in the table's ``currency``), with
        # the true minus sign
        return minus_signs(i18n.speak(text, currency))

