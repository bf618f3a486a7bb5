"""Browser fixtures: the app served from a thread on a free loopback port, and Playwright driving
Debian's Chromium (``/usr/bin/chromium``; Playwright never downloads a browser here) at a phone's
390×844 viewport."""

from __future__ import annotations

import os
import queue
import re
import shutil
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.extensions import alembic, db

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


def _serve(database_url: str, ready: queue.Queue, stop: threading.Event) -> None:
    # The app is made, migrated and served in its own thread: Playwright's sync API keeps an event
    # loop running in the test's thread, where Flask cannot run the extensions' async teardowns.
    app = create_app({"TESTING": True, "SECRET_KEY": "browser test secret", "DATABASE_URL": database_url})
    with app.app_context():
        alembic.upgrade()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    server.timeout = 0.2
    ready.put(server.server_port)
    while not stop.is_set():
        server.handle_request()
    server.server_close()
    with app.app_context():
        db.engine.dispose()


def choose_game(page, name: str) -> None:
    """Choose the game on the new-match page (the table's last game may be chosen already)."""
    link = page.locator(".variant-list").get_by_role("link", name=re.compile(name)).first
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


@pytest.fixture
def live_server(database_url):
    """The app on a fresh database, served on 127.0.0.1 from a thread; yields its base URL."""
    ready: queue.Queue = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(target=_serve, args=(database_url, ready, stop),
                              daemon=True)
    thread.start()
    port = ready.get(timeout=30)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop.set()
        thread.join(timeout=10)
