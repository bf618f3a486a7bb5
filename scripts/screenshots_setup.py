"""Viewport screenshots (390×844, light and dark) of setting up and ending a match: the new-match page
(choosing the game, players tapped in seat order, house rules, the table's own house rules offered),
the rules shown before the first hand, the end of a match (rematch, share), the result's summary page
and the table page (matches in progress, house rules, head to head), into docs/screenshots/.

Run: .venv/bin/python scripts/screenshots_setup.py  (needs Debian's chromium at /usr/bin/chromium)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import OUT, served_browser, start_setup  # noqa: E402


def main() -> None:
    with served_browser() as (base, browser):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                          has_touch=True)
            page = context.new_page()

            def shoot(name: str) -> None:
                page.screenshot(path=str(OUT / f"{name}-{scheme}.png"))

            page.goto(base + "/tables/new")
            page.get_by_label("Table name").fill("Sunday")
            page.get_by_role("button", name="Create table").click()
            for name in ("Ann", "Ben", "Cat", "Dan"):
                page.get_by_label("Player name").fill(name)
                page.get_by_role("button", name="Add player").click()
            table = page.url.split("#")[0].split("?")[0]
            page.get_by_role("link", name="New match").click()
            shoot("new-match-game")
            page.get_by_role("link", name=re.compile("^Ramino")).click()
            for name in ("Ben", "Cat", "Ann"):
                page.locator(".seat-taps").get_by_role("button", name=name, exact=True).click()
            shoot("new-match-seats")
            page.get_by_text("House rules").click()
            page.get_by_label("Opening at least").fill("40")
            page.get_by_label("Save these rules as").fill("Our Ramino")
            page.get_by_role("button", name="Save these rules").click()
            page.locator("#save-rules").scroll_into_view_if_needed()
            shoot("new-match-rules-saved")
            page.goto(table + "/matches/new?variant=ramino")
            shoot("new-match-house-rules-offered")
            page.get_by_role("link", name=re.compile("^Our Ramino")).click()
            for name in ("Ben", "Cat", "Ann"):
                page.locator(".seat-taps").get_by_role("button", name=name, exact=True).click()
            page.get_by_role("button", name=re.compile("^Start")).click()
            page.locator(".rules-agreed").scroll_into_view_if_needed()
            shoot("scoreboard-before-hand-1")

            # a short free-scoring match to its end
            page.goto(table + "/matches/new")
            start_setup(page, "Free scoring", ("Ann", "Ben", "Cat"))
            page.get_by_text("House rules").click()
            page.get_by_label("Match to").fill("30")
            page.get_by_label("Stake per player (optional)").fill("5")
            page.get_by_role("button", name=re.compile("^Start")).click()
            for points in ((12, 5, 9), (20, 3, 14)):
                for name, value in zip(("Ann", "Ben", "Cat"), points):
                    page.get_by_label(name, exact=True).fill(str(value))
                page.get_by_role("button", name="Save hand").click()
                page.wait_for_load_state("networkidle")
            page.locator(".after-match").scroll_into_view_if_needed()
            shoot("scoreboard-finished-rematch")
            page.get_by_role("link", name="Share the result").click()
            page.locator("img.summary-image").evaluate("i => i.decode()")  # drawn before the shot
            shoot("result-summary")
            page.get_by_role("button", name="Share", exact=True).scroll_into_view_if_needed()
            shoot("result-summary-share")
            page.goto(table)
            shoot("table-top")
            page.locator("#house-rules").scroll_into_view_if_needed()
            shoot("table-house-rules")
            page.locator("#head-to-head").scroll_into_view_if_needed()
            shoot("table-head-to-head")
            context.close()


if __name__ == "__main__":
    main()
