"""Take phone-sized screenshots (390×844) of the main pages into docs/screenshots/.

Run: .venv/bin/python scripts/screenshots.py  (needs Debian's chromium at /usr/bin/chromium)

It serves the app on a throwaway database, plays a short free-scoring match through the real pages,
and photographs each screen, in light and dark mode where it matters.
"""

from __future__ import annotations

import contextlib
import queue
import re
import sys
import tempfile
import threading
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Browser, expect, sync_playwright
from werkzeug.serving import make_server
import logging

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.web.extensions import alembic  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def serve(url_queue: queue.Queue, stop: threading.Event, db_path: str) -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = create_app({"SECRET_KEY": "screens", "DATABASE_URL": f"sqlite:///{db_path}"})
    with app.app_context():
        alembic.upgrade()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    server.timeout = 0.2
    url_queue.put(f"http://127.0.0.1:{server.server_port}")
    while not stop.is_set():
        server.handle_request()


def start_setup(page, game: str, names) -> None:
    """On the new-match page: choose the game (behind "Change game" once the table has played one)
    and tap the players in seat order, after clearing the ones the page suggests."""
    link = page.locator(".variant-list").get_by_role("link", name=re.compile(game)).first
    if not link.is_visible():
        page.get_by_text("Change game").click()
    link.click()
    page.locator(".seat-clear").click()
    for name in names:
        page.locator(".seat-taps").get_by_role("button", name=name, exact=True).click()


@contextlib.contextmanager
def served_browser() -> Iterator[tuple[str, Browser]]:
    """The app on a throwaway database, and Debian's Chromium to photograph it: (base URL, browser)."""
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp()
    urls: queue.Queue = queue.Queue()
    stop = threading.Event()
    threading.Thread(target=serve, args=(urls, stop, f"{tmp}/s.sqlite3"), daemon=True).start()
    base = urls.get(timeout=30)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield base, browser
        finally:
            browser.close()
            stop.set()


def main(only: list[str]) -> None:
    with served_browser() as (base, browser):
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)
            shoot = lambda name, full=True: page.screenshot(path=str(OUT / f"{name}-{scheme}.png"), full_page=full)  # noqa: E731
            page.goto(base + "/tables/new")
            page.get_by_label("Table name").fill("Thursday night")
            page.get_by_role("button", name="Create table").click()
            for name in ("Ann", "Ben", "Cat"):
                page.get_by_label("Player name").fill(name)
                page.get_by_role("button", name="Add player").click()
            shoot("table")
            page.get_by_role("link", name="New match").first.click()
            start_setup(page, "Free scoring", ("Ann", "Ben", "Cat"))
            shoot("new-match")
            page.get_by_role("button", name=re.compile("^Start")).click()
            for n, (a, b, c) in enumerate(((12, 5, 0), (3, 20, 7), (8, 1, 30)), start=2):
                page.get_by_label("Ann", exact=True).fill(str(a))
                page.get_by_label("Ben", exact=True).fill(str(b))
                page.get_by_label("Cat", exact=True).fill(str(c))
                page.get_by_role("button", name="Save hand").click()
                expect(page.locator(".match-head")).to_contain_text(f"Hand {n}")  # swapped in
            shoot("scoreboard")
            page.goto(base + "/")
            shoot("home")
            # A Ramino hand being entered: Ben's cards tapped on the picker, the live preview below.
            page.goto(base + "/")
            page.get_by_role("link", name="Thursday night").click()
            page.get_by_role("link", name="New match").first.click()
            start_setup(page, "Ramino", ("Ann", "Ben", "Cat"))
            page.get_by_role("button", name=re.compile("^Start")).click()
            form = page.locator("form.hand-form")
            form.locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True).click()
            form.locator("fieldset", has_text="How?").get_by_text("Out in one turn", exact=True).click()
            ben = form.locator(".held-row", has=page.get_by_label("Ben", exact=True))
            ben.locator("summary", has_text="Cards").click()
            for card in ("8 of diamonds", "king of clubs", "joker", "7 of hearts"):
                ben.get_by_role("button", name=card, exact=True).click()
            form.locator(".held").get_by_label("Cat", exact=True).fill("4")
            page.wait_for_timeout(1000)
            page.locator("#record").scroll_into_view_if_needed()
            shoot("hand-entry-picker", full=False)
            shoot("hand-entry-picker-full")
            page.close()
    print("screenshots in", OUT.relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
