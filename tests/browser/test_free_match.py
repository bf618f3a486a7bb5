"""The phone flow of the foundation, in a real browser at 390×844: create a table, three players, a
free-scoring match, record three hands, edit the first, and read the right totals."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import choose_game, seat


def total_of(page: Page, name: str):
    return page.locator("li.standing", has=page.locator(".name", has_text=re.compile(f"^{name}$"))).locator(".total")


def start_free_match(page: Page, live_server: str) -> None:
    """A table with Ann, Ben and Cat and a free-scoring match started, its first hand's form open."""
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


def test_free_match_on_a_phone(page: Page, live_server: str):
    start_free_match(page, live_server)
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


def test_a_saved_hand_is_not_put_back_into_the_next_hands_form(page: Page, live_server: str):
    """A hand saved online leaves no draft behind: the fresh form drawn in its place stays empty, with
    no "the hand typed at … is back" note. (The draft was once cleared on an htmx event that names
    the page around the swapped-out form, so it never was: the saved hand came back into the next
    hand's boxes, and a player typing there at that moment got "10" and "3" run together.)"""
    start_free_match(page, live_server)
    form = page.locator("form.hand-form")
    form.get_by_label("Ann", exact=True).focus()  # the form touched: its draft is kept from now on
    expect(form).to_have_attribute("data-offline-queue", "")
    for name, value in (("Ann", "10"), ("Ben", "5"), ("Cat", "0")):
        form.get_by_label(name, exact=True).fill(value)
    form.get_by_role("button", name="Save hand").click()
    expect(page.locator(".match-head")).to_contain_text("Hand 2")
    # the fresh form settled: a draft is put back at htmx's afterSettle, in the task that takes the
    # settling class (put on at the swap) off the new scoreboard
    expect(page.locator(".htmx-settling")).to_have_count(0)
    assert [form.get_by_label(name, exact=True).input_value() for name in ("Ann", "Ben", "Cat")] == ["", "", ""]
    assert page.locator(".draft-note").count() == 0
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('sk:draft:'))") == []
    expect(total_of(page, "Ann")).to_have_text("10")
