"""The phone flow of the foundation, in a real browser at 390×844: create a table, three players, a
free-scoring match, record three hands, edit the first, and read the right totals."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import choose_game, seat


def total_of(page: Page, name: str):
    return page.locator("li.standing", has=page.locator(".name", has_text=re.compile(f"^{name}$"))).locator(".total")


def test_free_match_on_a_phone(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Thursday night")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("heading", name="Thursday night")).to_be_visible()

    for name in ("Ann", "Ben", "Cat"):
        page.get_by_label("Player name").fill(name)
        page.get_by_role("button", name="Add player").click()
    expect(page.locator("#roster")).to_contain_text("Cat")

    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Free scoring")
    seat(page, ("Ann", "Ben", "Cat"))
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()

    hands = [(10, 5, 0), (3, 20, 7), (1, 1, 30)]
    for number, (a, b, c) in enumerate(hands, start=1):
        page.get_by_label("Ann", exact=True).fill(str(a))
        page.get_by_label("Ben", exact=True).fill(str(b))
        page.get_by_label("Cat", exact=True).fill(str(c))
        page.get_by_role("button", name="Save hand").click()
        expect(page.locator(".match-head")).to_contain_text(f"Hand {number + 1}")
    expect(total_of(page, "Ann")).to_have_text("14")
    expect(total_of(page, "Ben")).to_have_text("26")
    expect(total_of(page, "Cat")).to_have_text("37")

    # Edit the first hand: Ann really had 40, not 10.
    page.locator("table.grid tbody tr").first.get_by_role("link").click()
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Ann", exact=True).fill("40")
    page.get_by_role("button", name="Save hand").click()
    expect(total_of(page, "Ann")).to_have_text("44")
    expect(total_of(page, "Ben")).to_have_text("26")
    expect(total_of(page, "Cat")).to_have_text("37")

    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
