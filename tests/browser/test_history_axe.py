"""axe on the history, match and stats pages (and the spectator view) at 390×844: no serious or
critical violations, in light and dark mode, and nothing wider than the phone."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat


def _serious(results) -> list[str]:
    return [f"{v['id']}: {v['help']} ({[n['target'] for n in v['nodes']][:3]})" for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")]


def play_a_little(page: Page, base: str) -> str:
    table_url = new_table(page, base, ("Ann", "Ben", "Cat"), "Thursday night")
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Free scoring")
    seat(page, ("Ann", "Ben", "Cat"))
    page.get_by_role("button", name=re.compile("^Start")).click()
    for number, (a, b, c) in enumerate(((12, 5, 0), (3, 20, 7), (8, 1, 30)), start=1):
        page.get_by_label("Ann", exact=True).fill(str(a))
        page.get_by_label("Ben", exact=True).fill(str(b))
        page.get_by_label("Cat", exact=True).fill(str(c))
        page.get_by_role("button", name="Save hand").click()
        # the saved sheet is swapped in before the next step: a hand page opened from the sheet
        # before the last save is a stale sheet, and its Delete would be refused
        expect(page.get_by_text(f"Hand {number + 1} ·").first).to_be_visible()
    # delete the second hand, so the match page shows a struck-through, restorable row
    page.locator("table.grid tbody tr").nth(1).get_by_role("link").click()
    page.get_by_role("button", name="Delete").click()
    return table_url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_history_match_and_stats_pages(page: Page, live_server: str, scheme: str):
    page.emulate_media(color_scheme=scheme)
    table_url = play_a_little(page, live_server)
    axe = Axe()
    page.goto(table_url)
    page.get_by_role("link", name="History").click()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    assert _serious(axe.run(page)) == []

    page.locator(".history-item a").first.click()
    expect(page.get_by_role("heading", name="Hand by hand")).to_be_visible()
    expect(page.locator("tr.deleted")).to_have_count(1)
    expect(page.locator("img.chart")).to_be_visible()
    expect(page.locator("img.chart")).to_have_js_property("complete", True)
    assert _serious(axe.run(page)) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    spectator = page.locator("#spectator-link").input_value()

    page.goto(table_url)
    page.get_by_role("link", name="Stats").click()
    page.get_by_label("Player", exact=True).select_option("Ann")
    page.get_by_label("Against").select_option("Ben")
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("table.h2h")).to_be_visible()
    assert _serious(axe.run(page)) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.goto(spectator)
    expect(page.locator("#live-sheet")).to_be_visible()
    assert _serious(axe.run(page)) == []


def test_restore_from_the_match_page_and_filter_without_javascript(browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    table_url = play_a_little(page, live_server)
    page.goto(table_url + "/history")
    page.get_by_label("Game").select_option("Rumino")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("#history-list")).to_contain_text("No match fits")
    page.get_by_label("Game").select_option("Free scoring")
    page.get_by_role("button", name="Show").click()
    page.locator(".history-item a").first.click()
    page.get_by_role("button", name=re.compile("Restore")).click()
    page.goto(page.url.split("#")[0].rstrip("/") + "/history")
    expect(page.locator("tr.deleted")).to_have_count(0)
    expect(page.locator("#changes")).to_contain_text("restored")
    context.close()
