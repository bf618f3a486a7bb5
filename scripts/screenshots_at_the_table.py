"""Screenshots of what issue "At the table" changed, at 390×844 with touch, light and dark, English and
Italian, into docs/screenshots/ as ``table21-<shot>-<lang>-<scheme>.png``: each the viewport right
after the action.

Run: .venv/bin/python scripts/screenshots_at_the_table.py  (needs Debian's chromium at /usr/bin/chromium)

- dealer-rebuy: Kalooki with Ben out and his rebuy open: "Ben deals if Ben buys back in; otherwise Cara"
- free-finish: free scoring with no target, finished by the table: the winner in view
- edit-sign: after editing hand 1, "Hand 1 changed" and what the edit moved each total by
- free-sign: free scoring's boxes with their ± button
- summary: the result's summary page with its picture (a PNG)
- table-links: the table page's one row of links
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, PHONE, migrated_app, serve_app  # noqa: E402
from tests.browser.test_at_the_table import Seed  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
FREE = ("Ann", "Ben", "Cat")


def hand(**points):
    return {"kind": "hand", "end": "scores", "held": {k: {"points": v} for k, v in points.items()}}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 's.sqlite3'}"

        def make():
            app = migrated_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
            return app, app

        with serve_app(make) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for lang in ("en", "it"):
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                                  is_mobile=True, color_scheme=scheme,
                                                  extra_http_headers={"Accept-Language": lang})
                    page = context.new_page()

                    def shoot(name: str) -> None:
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(OUT / f"table21-{name}-{lang}-{scheme}.png"))

                    kalooki = Seed(server, "kalooki", ("Ann", "Ben", "Cara", "Dan"))
                    kalooki.add({"kind": "hand", "end": "out", "by": "Cara",
                                 "held": {"Ann": {"points": 10}, "Ben": {"points": 155}, "Dan": {"points": 12}}})
                    page.goto(kalooki.url)
                    shoot("dealer-rebuy")

                    free = Seed(server, "free", FREE)
                    free.add(hand(Ann=12, Ben=-5, Cat=0))
                    free.add(hand(Ann=3, Ben=20, Cat=7))
                    page.goto(free.url)
                    page.locator("details.table-end summary").tap()
                    page.locator("details.table-end button[type=submit]").tap()
                    page.locator("#result").wait_for()
                    shoot("free-finish")
                    page.goto(free.base + page.locator("#result a[href*='/summary']").get_attribute("href"))
                    page.locator("img.summary-image").wait_for()
                    shoot("summary")

                    edited = Seed(server, "free", FREE)
                    first = edited.add(hand(Ann=10, Ben=2, Cat=4))
                    edited.add(hand(Ann=1, Ben=3, Cat=5))
                    edited.add(hand(Ann=5, Ben=7, Cat=2))
                    page.goto(f"{edited.url}/hands/{first}/edit")
                    page.locator("form.hand-form .held input.points").first.fill("4")
                    page.locator("form.hand-form button.save").tap()
                    page.locator("#standings .action-note").wait_for()
                    page.wait_for_timeout(600)
                    shoot("edit-sign")

                    page.goto(edited.url)
                    boxes = page.locator("form.hand-form .held input.points")
                    boxes.nth(0).fill("12")
                    boxes.nth(1).fill("4")
                    page.locator("form.hand-form .sign-toggle").nth(1).tap()
                    shoot("free-sign")

                    page.goto(f"{edited.base}/t/{edited.token}")
                    shoot("table-links")
                    context.close()
            browser.close()


if __name__ == "__main__":
    main()
