"""Take phone-sized screenshots (390×844) of the meld checker into docs/screenshots/meld-checker-*.png.

Run: .venv/bin/python scripts/screenshots_melds.py  (needs Debian's chromium at /usr/bin/chromium)

Like scripts/screenshots.py it serves the app on a throwaway database; then it taps cards on the picker
the way a player would: a refused Ramino set (9♠ 9♠ 9♥), a whole Gin hand with its best arrangement,
and the page without JavaScript. Light and dark mode.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.screenshots import OUT, served_browser  # noqa: E402  (the same throwaway server)



def tap(page: Page, *names: str) -> None:
    for name in names:
        page.get_by_role("button", name=name, exact=True).click()


def main() -> None:
    with served_browser() as (base, browser):
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)

            def shoot(name: str, full: bool = False) -> None:
                page.screenshot(path=str(OUT / f"meld-checker-{name}-{scheme}.png"), full_page=full)

            # One meld in Ramino: two identical 9♠ are refused.
            page.goto(base + "/melds?variant=ramino")
            tap(page, "9 of spades", "9 of spades", "9 of hearts")
            page.locator(".verdict.is-no").wait_for()
            page.evaluate("window.scrollTo(0, 0)")
            shoot("verdict")

            # A whole Gin hand: the best arrangement, the deadwood and the knock.
            page.goto(base + "/melds?variant=gin&mode=hand")
            tap(page, "3 of hearts", "4 of hearts", "5 of hearts", "8 of spades", "8 of diamonds", "8 of clubs",
                "jack of clubs", "queen of clubs", "king of clubs", "ace of diamonds")
            page.locator(".arrangement").wait_for()
            page.wait_for_load_state("networkidle")
            page.evaluate("window.scrollTo(0, 0)")
            shoot("hand")
            shoot("hand-full", full=True)
            page.close()

        # Without JavaScript: the same page as a plain form of checkboxes.
        context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
        page = context.new_page()
        page.goto(base + "/melds?variant=rumino&cards=9S+9S+9H")
        page.screenshot(path=str(OUT / "meld-checker-nojs-light.png"), full_page=True)
        context.close()
    print("screenshots in", OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
