"""Phone-sized screenshots (390×844) of the history pages into docs/screenshots/: the table's history,
a match page with its chart, the stats page with a head-to-head, and the spectator view, in light and
dark mode; and the spectator's screen (the viewport) just after a hand saved on the scorer's phone
reached it through its stream, in English and Italian.

Run: .venv/bin/python scripts/screenshots_history.py  (needs Debian's chromium at /usr/bin/chromium)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import OUT, served_browser, start_setup  # noqa: E402

HANDS = [(12, 5, 0, 20), (3, 20, 7, 9), (8, 1, 30, 4), (0, 14, 6, 25), (17, 2, 11, 3), (5, 9, 0, 18),
         (22, 4, 13, 1)]


def main() -> None:
    names = ("Ann", "Ben", "Cat", "Dan")
    with served_browser() as (base, browser):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base + "/tables/new")
        page.get_by_label("Table name").fill("Thursday night")
        page.get_by_role("button", name="Create table").click()
        table_url = page.url
        for name in names:
            page.get_by_label("Player name").fill(name)
            page.get_by_role("button", name="Add player").click()
        for variant, seats, hands in (("Free scoring", names[:3], HANDS[:2]), ("Free scoring", names, HANDS)):
            page.goto(table_url)
            page.get_by_role("link", name="New match").first.click()
            start_setup(page, variant, seats)
            if len(seats) == 4:
                page.get_by_text("House rules").click()
                page.locator("#rule_elimination_at").fill("100")
            page.get_by_role("button", name=re.compile("^Start")).click()
            for points in hands:
                for name, value in zip(seats, points):
                    page.get_by_label(name, exact=True).fill(str(value))
                page.get_by_role("button", name="Save hand").click()
                page.wait_for_load_state("networkidle")
        # delete one hand so the match page shows a struck-through row
        page.locator("table.grid tbody tr").nth(2).get_by_role("link").click()
        page.get_by_role("button", name="Delete").click()
        page.goto(table_url + "/history")
        page.locator(".history-item a").first.click()
        match_url = page.url
        spectator_url = page.locator("#spectator-link").input_value()
        page.close()
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)
            page.goto(table_url + "/history")
            page.screenshot(path=str(OUT / f"history-{scheme}.png"), full_page=True)
            page.goto(match_url)
            page.locator("#chart").scroll_into_view_if_needed()
            page.screenshot(path=str(OUT / f"match-{scheme}.png"), full_page=True)
            page.locator("#chart").screenshot(path=str(OUT / f"match-chart-{scheme}.png"))
            page.goto(table_url + "/stats")
            page.get_by_label("Player", exact=True).select_option("Ann")
            page.get_by_label("Against").select_option("Ben")
            page.get_by_role("button", name="Compare").click()
            page.screenshot(path=str(OUT / f"stats-{scheme}.png"), full_page=True)
            page.goto(spectator_url)
            page.screenshot(path=str(OUT / f"match-spectator-{scheme}.png"), full_page=True)
            page.close()
        live_hand(browser, base, table_url, names)


def live_hand(browser, base: str, table_url: str, names) -> None:
    """A new match followed on a second phone: the scorer saves a hand, and the follower's viewport is
    photographed once the hand is in it (it came by the stream, without a reload)."""
    scorer = browser.new_page(viewport={"width": 390, "height": 844})
    scorer.goto(table_url)
    scorer.get_by_role("link", name="New match").first.click()
    start_setup(scorer, "Free scoring", names[:3])
    scorer.get_by_role("button", name=re.compile("^Start")).click()
    spectator_url = scorer.locator("input[id^=spectator-link]").first.input_value()
    hands = iter(HANDS)
    for lang in ("en", "it"):
        for scheme in ("light", "dark"):
            follower = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)
            follower.goto(f"{base}/lang/{lang}?next={spectator_url[len(base):]}")
            follower.wait_for_timeout(500)  # the stream is open
            rows = follower.locator("#live-sheet table.grid tbody tr").count()
            for name, value in zip(names[:3], next(hands)):
                scorer.get_by_label(name, exact=True).fill(str(value))
            scorer.get_by_role("button", name="Save hand").click()
            follower.locator("#live-sheet table.grid tbody tr").nth(rows).wait_for()
            follower.screenshot(path=str(OUT / f"spectator-live-{lang}-{scheme}.png"))
            follower.close()
    scorer.close()


if __name__ == "__main__":
    main()
