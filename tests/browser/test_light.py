"""The hand form stays light (390×844, Chromium): for six players its DOM is under 1,500 elements, a
player's card grid is drawn when their cards are opened, and tapping it works as before."""

from __future__ import annotations

import re
from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def six_player_match(page: Page, base: str) -> str:
    new_table(page, base, NAMES, "Big table")
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Rumino")
    seat(page, NAMES)
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    return page.url


def elements(page: Page) -> int:
    return page.evaluate("document.querySelectorAll('*').length")


def test_six_player_hand_form_dom_and_grid_drawn_when_opened(page: Page, live_server: str):
    url = six_player_match(page, live_server)
    page.goto(url + "/hands/new")
    page.wait_for_load_state("networkidle")
    before = elements(page)
    assert before < 1500, before
    assert page.locator(".picker-grid").count() == 0

    ben = page.locator(".held-row", has_text="Ben")
    ben.locator("summary").click()
    grid = ben.locator(".picker-grid")
    expect(grid).to_have_count(1)
    grid.get_by_role("button", name="9 of spades").click()
    grid.get_by_role("button", name="9 of spades").click()  # two packs: a second copy
    grid.get_by_role("button", name="joker").click()
    expect(ben.locator("[data-picker-text]")).to_have_value("9S 9S JK")
    expect(ben.locator(".picker-chips button")).to_have_count(3)
    expect(grid.get_by_role("button", name="9 of spades")).to_contain_text("×2")
    assert elements(page) < 1500
    assert page.locator(".picker-grid").count() == 1
