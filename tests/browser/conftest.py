"""Browser fixtures: the app served from a thread on a free loopback port, and Playwright driving
Debian's Chromium (``/usr/bin/chromium``; Playwright never downloads a browser here) at a phone's
390×844 viewport. ``live_server`` serves a fresh database to each test; ``server`` serves one database
to a whole module, where each test seeds its own table (``Seed``) and opens a ``phone``."""

from __future__ import annotations

import os
import queue
import re
import shutil
import threading
import uuid
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from werkzeug.http import parse_cookie
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app, service
from scorekeeper.web.extensions import alembic, db
from scorekeeper.web.spectate import live

from ..conftest import table_with_players

# A loaded CI machine (two cores running the whole suite) can take seconds to answer one htmx request;
# an assertion that waits longer still fails when the thing never appears.
expect.set_options(timeout=15_000)

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}


def _chromium_or_skip() -> str:
    if os.path.exists(CHROMIUM) or shutil.which(CHROMIUM):
        return CHROMIUM
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") or os.environ.get("CI"):
        pytest.fail(f"Chromium is required for the browser tests and was not found at {CHROMIUM}")
    pytest.skip(f"no Chromium at {CHROMIUM}")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": _chromium_or_skip(),
        "headless": True,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "device_scale_factor": 1, "has_touch": True}


@pytest.fixture(scope="session", autouse=True)
def _migrated_before_the_browser(request):
    """The migrated SQLite file every test's database is copied from, built before Playwright starts
    its event loop in this thread (the app's teardown cannot run inside that loop)."""
    if not os.environ.get("SCOREKEEPER_TEST_DATABASE_URL"):
        request.getfixturevalue("migrated_sqlite")


def pytest_configure(config):
    config.addinivalue_line("markers", "console_errors(*patterns): console errors a test causes on purpose "
                                       "(a phone cut off the network), each matching one of these patterns")


#: lines that are no fault: a form the app refused (422) or found stale (409), answers the page expects;
#: a request htmx dropped for a newer one of the same element (hx-sync), which it logs as an error; and
#: its "afterRequest" line, which only ever follows another line (a dropped, failed or refused request)
EXPECTED = re.compile(r"^error: (Failed to load resource: the server responded with a status of (409|422) "
                      r"|htmx:sendAbort |htmx:afterRequest )")

#: the base URLs of the test servers stopped so far. A server made for one test stops before that test's
#: phone is closed (the fixtures end in the reverse order they began), so a request the page sent on its
#: own as the test ended (a card line's value, a poll) finds nobody there: no fault of the app.
_STOPPED: set[str] = set()
_REFUSED = re.compile(r"^error: (Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)"
                      r"|htmx:sendError)\b.*\((?P<url>[^ ()]+)\)$")


def after_the_end(text: str) -> bool:
    """Whether this console line is a request that failed only because its test server had stopped."""
    refused = _REFUSED.match(text)
    return bool(refused) and any(refused["url"].startswith(base + "/") for base in _STOPPED)


@pytest.fixture(autouse=True)
def no_console_error(request, monkeypatch):
    """Every phone of a browser test fails the test on an error in its console or an uncaught script
    error: a style or script the page's own policy refuses, a request answered 500, a script that
    throws. Each browser context the test opens is listened to (``Browser.new_context``, which the
    ``page`` fixture uses too). A test that cuts a phone off the network says which errors it expects
    with ``@pytest.mark.console_errors(pattern, ...)``."""
    marker = request.node.get_closest_marker("console_errors")
    allowed = [EXPECTED] + [re.compile(p) for p in (marker.args if marker else ())]
    errors: list[str] = []

    def heard(text: str) -> None:
        if not any(p.search(text) for p in allowed) and not after_the_end(text):
            errors.append(text)

    def listen(context) -> None:
        context.on("console", lambda msg: heard(f"{msg.type}: {msg.text} ({msg.location.get('url', '')})")
                   if msg.type == "error" else None)
        context.on("weberror", lambda error: heard(f"uncaught: {error.error}"))

    opened = Browser.new_context

    def new_context(self, *args, **kwargs):
        context = opened(self, *args, **kwargs)
        listen(context)
        return context

    monkeypatch.setattr(Browser, "new_context", new_context)
    yield errors
    if errors:
        pytest.fail("the browser's console said:\n" + "\n".join(errors[:20]), pytrace=False)


def migrated_app(config: dict) -> Flask:
    """The app made with ``config`` and its database brought up to the newest migration."""
    app = create_app({"TESTING": True, "SECRET_KEY": "browser test secret", **config})
    with app.app_context():
        alembic.upgrade()
    return app


class ServerLine:
    """The test server's end of the phones' connections. A phone (a browser context) is named by the
    cookie ``COOKIE``, which the browser's own network stack sends with every request, whatever path
    the request took through the browser. While a phone's line is cut, every request from it that
    reaches the server is dropped unanswered: its connection is closed once the request line and
    headers are read, so the browser gets a network error, as a phone with no connection does. Other
    phones are served as usual. Chromium's offline emulation and Playwright's routes do not make a cut
    total (the first request of a page reloaded offline under its service worker was seen to reach
    the server unseen by either), so a test that needs one cuts here too; ``dropped`` lists what
    arrived meanwhile."""

    COOKIE = "sk-test-phone"

    def __init__(self) -> None:
        self._cut: set[str] = set()
        self.dropped: list[str] = []

    def cut(self, phone: str) -> None:
        self._cut.add(phone)

    def restore(self, phone: str) -> None:
        self._cut.discard(phone)

    def is_cut(self, cookie_header: str | None) -> bool:
        return bool(cookie_header) and parse_cookie(cookie_header).get(self.COOKIE) in self._cut


class _LineRequestHandler(WSGIRequestHandler):
    """Werkzeug's request handler, dropping the requests of a phone whose line is cut."""

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        line: ServerLine | None = getattr(self.server, "line", None)
        if line is not None and line.is_cut(self.headers.get("Cookie")):
            line.dropped.append(f"{self.command} {self.path}")
            self.close_connection = True  # no answer, and the connection closed
            return False
        return True


@contextmanager
def serve_app(make_app: Callable[[], tuple[Flask, Any]],
              line: ServerLine | None = None) -> Iterator[tuple[str, Any]]:
    """Serve the app that ``make_app()`` makes (with anything it returns beside it; see
    ``migrated_app``) on a free loopback port from a thread; yields (base URL, what came beside it).

    The app is made, migrated and served in its own thread: Playwright's sync API keeps an event loop
    running in the test's thread, where Flask cannot run the extensions' async teardowns. At the end
    every request still being answered is waited for before the pool is disposed: a request thread
    left running would hand its connection back to a pool already thrown away, and PostgreSQL's
    driver then warns of an unclosed connection in whichever test happens to collect it. With a
    ``line``, a phone's requests can be dropped (see ``ServerLine``)."""
    ready: queue.Queue = queue.Queue()
    stop = threading.Event()

    def run() -> None:
        try:
            app, beside = make_app()
            server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_LineRequestHandler)
            server.line = line
        except BaseException as error:  # said in the test's thread, not lost in this one
            ready.put(error)
            raise
        server.daemon_threads = False  # so that server_close() joins the requests in flight
        server.block_on_close = True
        server.timeout = 0.2
        ready.put((server.server_port, beside))
        while not stop.is_set():
            server.handle_request()
        live.close(app)  # the live sheet's streams end now: the server waits for every request it answers
        server.server_close()
        with app.app_context():
            db.engine.dispose()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    got = ready.get(timeout=60)
    if isinstance(got, BaseException):
        raise got
    port, beside = got
    base = f"http://127.0.0.1:{port}"
    _STOPPED.discard(base)  # a port used again: this server is up
    try:
        yield base, beside
    finally:
        _STOPPED.add(base)
        stop.set()
        thread.join(timeout=30)


def new_table(page, base: str, players, name: str = "Sunday") -> str:
    """Create a table called ``name`` with these players on its roster; returns the table's URL."""
    page.goto(base + "/tables/new")
    page.get_by_label("Table name").fill(name)
    page.get_by_role("button", name="Create table").click()
    for player in players:
        page.get_by_label("Player name").fill(player)
        page.get_by_role("button", name="Add player").click()
    expect(page.locator("#roster")).to_contain_text(players[-1])
    return page.url.split("#")[0].split("?")[0]


def total_of(page, name: str):
    """The standings' total of the player called ``name``."""
    return page.locator("li.standing", has=page.locator(".name", has_text=re.compile(f"^{name}$"))).locator(".total")


def choose_game(page, name: str) -> None:
    """Choose the game on the new-match page (the table's last game may be chosen already)."""
    link = page.locator(".variant-list").get_by_role("link", name=re.compile(name)).first
    # the new-match page has loaded (a click on "New match" may not have finished navigating under load)
    expect(link.or_(page.get_by_text("Change game")).first).to_be_visible()
    if not link.is_visible():
        page.get_by_text("Change game").click()
    link.click()


def seat(page, names) -> None:
    """Seat the players in this order on the new-match page (the first deals first): tapped, or
    without JavaScript chosen in the plain form's seat boxes. Players seated before are cleared."""
    page.wait_for_load_state("load")  # the deferred scripts have run: the taps show if JavaScript does
    taps = page.locator(".seat-taps")
    if taps.is_visible():
        page.locator(".seat-clear").click()
        for name in names:
            taps.get_by_role("button", name=name, exact=True).click()
        return
    for box in page.locator(".seats select").all():
        box.select_option("")
    for number, name in enumerate(names, start=1):
        page.locator(".seats").get_by_label(name, exact=True).select_option(f"seat {number}")


# each live server's line (see ``ServerLine``), by its base URL
_LINES: dict[str, ServerLine] = {}


def server_line(base: str) -> ServerLine:
    """The line of the live server at ``base``: cut a phone's to drop every request it sends."""
    return _LINES[base]


@pytest.fixture
def live_server(database_url):
    """The app on a fresh database, served on 127.0.0.1 from a thread; yields its base URL (its line,
    to cut a phone's connection at the server: ``server_line(base)``)."""
    def make():
        return migrated_app({"DATABASE_URL": database_url}), None

    line = ServerLine()
    with serve_app(make, line) as (base, _):
        _LINES[base] = line
        try:
            yield base
        finally:
            del _LINES[base]


@pytest.fixture(scope="module")
def server(tmp_path_factory, migrated_sqlite):
    """The app on one SQLite file for the whole module (a copy of the migrated one), served from a
    thread: (base URL, app). Each test seeds its own table (``Seed``); the app's ``DATABASE_URL`` names
    the file, and ``server_line(base)`` cuts a phone's connection."""
    path = tmp_path_factory.mktemp("module") / "sk.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    url = f"sqlite:///{path}"

    def make():
        app = migrated_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
        return app, app

    line = ServerLine()
    with serve_app(make, line) as served:
        _LINES[served[0]] = line
        try:
            yield served
        finally:
            del _LINES[served[0]]


@pytest.fixture
def phone(browser: Browser):
    """A touch phone at 390×844: a browser context of its own, closed after the test."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


class Seed:
    """A table with players and a match on the module's ``server``, made straight in the database (the
    pages that create tables and matches have their own tests), and its hands."""

    def __init__(self, server, variant: str, names: tuple[str, ...], **rules):
        self.base, self.app = server
        self.names = names

        def make():
            table, by_name = table_with_players(names)
            token, ids = table.token, [by_name[n] for n in names]
            db.session.expunge_all()  # loaded afresh, as a request would find them
            table = service.find_table(token)
            assert len(table.players) == len(names)  # loaded, as the new-match page has them
            match = service.create_match(table, variant=variant, rules=rules, seats=ids,
                                         first_dealer_id=ids[0], stake=None)
            return token, match.id, by_name

        self.token, self.match_id, self.ids = in_thread(self.app, make)
        self.url = f"{self.base}/t/{self.token}/m/{self.match_id}"

    def add(self, payload: dict) -> int:
        """Record an entry as another phone would (players by name in ``by``/``held``)."""
        ids = self.ids

        def add():
            match = service.find_match(service.find_table(self.token), self.match_id)
            stored = dict(payload)
            if "by" in stored:
                stored["by"] = ids[stored["by"]]
            if "held" in stored:
                stored["held"] = {str(ids[k]): v for k, v in stored["held"].items()}
            return service.add_entry(match, stored, version=match.version, key=uuid.uuid4().hex).id

        return in_thread(self.app, add)

    def live(self) -> int:
        """How many of the match's entries are live."""
        def count():
            match = service.find_match(service.find_table(self.token), self.match_id)
            return len(service.live_entries(match))

        return in_thread(self.app, count)


def in_thread(app, fn):
    """Run ``fn()`` in an app context on its own thread (Playwright's loop owns this one)."""
    out: dict = {}

    def run():
        with app.app_context():
            try:
                out["value"] = fn()
            except BaseException as exc:  # re-raised in the test
                out["error"] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join(30)
    if "error" in out:
        raise out["error"]
    return out.get("value")
