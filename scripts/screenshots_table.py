"""Screenshots of the table's own moments at 390×844, light and dark, into docs/screenshots/: taken
right after each action, as the viewport shows it (a full page too where it helps).

Run: .venv/bin/python scripts/screenshots_table.py  (needs Debian's chromium at /usr/bin/chromium)

- scoreboard-saved: the standings in view after a save, the new hand marked, Undo beside them
- hand-form-refused: a refused save, its first error focused beside its field and said at Save
- hand-form-conflict: another phone saved first: what it recorded, Keep theirs / Add mine
- scoreboard-undone: "Undone: …" with Redo, where Undo was tapped
- hand-edit: the edit page with its live preview
- match-page: the match page's grid (one partial with the scoreboard's) and changes in local time
- hand-form-upcard: Oklahoma's upcard tapped (7, then ♦) and its knock limit shown at once
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.screenshots import OUT, ROOT, served_browser, start_setup  # noqa: E402


def record(page, by: str, points: dict[str, int]) -> None:
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended").get_by_text(by, exact=True).click()
    for name, value in points.items():
        form.locator(".held").get_by_label(name, exact=True).fill(str(value))
    form.get_by_role("button", name="Save hand").click()


def main() -> None:
    with served_browser() as (base, browser):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme,
                                          has_touch=True)
            page = context.new_page()

            def shoot(name: str, full: bool = False) -> None:
                page.wait_for_timeout(400)  # the page scrolls itself into place just after a swap
                page.screenshot(path=str(OUT / f"{name}-{scheme}.png"), full_page=full)

            page.goto(base + "/tables/new")
            page.get_by_label("Table name").fill("Club night")
            page.get_by_role("button", name="Create table").click()
            for name in ("Ann", "Ben", "Cat"):
                page.get_by_label("Player name").fill(name)
                page.get_by_role("button", name="Add player").click()
            page.get_by_role("link", name="New match").first.click()
            start_setup(page, "Rumino", ("Ann", "Ben", "Cat"))
            stake = page.get_by_label(re.compile("Stake"))
            if stake.count():
                stake.first.fill("20")
            page.get_by_role("button", name=re.compile("^Start")).click()
            scoreboard = page.url

            record(page, "Cat", {"Ann": 41, "Ben": 18, "Cat": 3})
            expect(page.locator("#standings")).to_contain_text("Saved: hand 1.")
            record(page, "Ann", {"Ann": 2, "Ben": 33, "Cat": 12})
            expect(page.locator("#standings")).to_contain_text("Saved: hand 2.")
            shoot("scoreboard-saved")
            shoot("scoreboard-saved-full", full=True)

            # a refused save: nobody chosen as ending the hand
            form = page.locator("form.hand-form")
            form.locator(".held").get_by_label("Ben", exact=True).fill("12")
            form.get_by_role("button", name="Save hand").click()
            expect(page.locator("#save-status")).to_contain_text("Not saved")
            shoot("hand-form-refused")

            # another phone saves first
            other = context.new_page()
            other.goto(scoreboard)
            record(other, "Ben", {"Ann": 9, "Ben": 1, "Cat": 4})
            expect(other.locator("#standings")).to_contain_text("Saved: hand 3.")
            other.close()
            form.locator("fieldset", has_text="Who ended").get_by_text("Ben", exact=True).click()
            form.locator(".held").get_by_label("Ann", exact=True).fill("9")
            form.locator(".held").get_by_label("Cat", exact=True).fill("4")
            form.locator(".held").get_by_label("Ben", exact=True).fill("1")
            form.get_by_role("button", name="Save hand").click()
            expect(page.locator("#save-status")).to_contain_text("changed on another phone")
            shoot("hand-form-conflict")
            page.locator("#save-status").get_by_role("link", name="Keep theirs").click()
            expect(page.locator("#save-status")).to_be_empty()

            page.locator("#standings").get_by_role("button", name=re.compile("^Undo")).click()
            expect(page.locator("#standings .action-note")).to_contain_text("Undone")
            shoot("scoreboard-undone")
            page.locator("#standings").get_by_role("button", name=re.compile("^Redo")).click()
            expect(page.locator("#standings .action-note")).to_contain_text("Redone")

            # edit hand 1: the live preview follows the typing
            page.locator("#sheet").get_by_role("link", name="1", exact=True).click()
            page.get_by_role("link", name="Edit").click()
            page.locator("form.hand-form .held").get_by_label("Ben", exact=True).fill("25")
            expect(page.locator("#preview")).to_contain_text("Ben +25")
            page.locator("#preview").scroll_into_view_if_needed()
            shoot("hand-edit")
            page.locator("form.hand-form").get_by_role("button", name="Save hand").click()
            expect(page.locator("#standings")).to_be_visible()

            # Oklahoma: the upcard tapped, its knock limit at once
            page.goto(base + "/")
            page.get_by_role("link", name="Club night").first.click()
            page.get_by_role("link", name="New match").first.click()
            start_setup(page, "Oklahoma", ("Ann", "Ben"))
            page.get_by_role("button", name=re.compile("^Start")).click()
            upcard = page.locator("fieldset.upcard")
            upcard.locator("label", has_text=re.compile("^7$")).click()
            upcard.locator(".suit-D label").click()
            upcard.scroll_into_view_if_needed()
            shoot("hand-form-upcard")

            page.goto(scoreboard + "/history")
            page.locator("#hands").scroll_into_view_if_needed()
            shoot("match-page")
            shoot("match-page-full", full=True)
            context.close()
    print("screenshots in", OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
