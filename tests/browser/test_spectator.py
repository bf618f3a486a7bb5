"""The shared live sheet in two browsers at 390×844: one phone records a free-scoring hand, the
spectator's page (opened through its read-only link in another browser context) shows it within the
polling interval, and offers no way to change anything."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from scorekeeper.spectate.routes import POLL_SECONDS

from .conftest import choose_game, new_table, seat, total_of

PHONE = {"width": 390, "height": 844}


def start_free_match(page: Page, base: str) -> None:
    new_table(page, base, ("Ann", "Ben", "Cat"), "Thursday night")
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Free scoring")
    seat(page, ("Ann", "Ben", "Cat"))
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()


def record(page: Page, a: int, b: int, c: int) -> None:
    page.get_by_label("Ann", exact=True).fill(str(a))
    page.get_by_label("Ben", exact=True).fill(str(b))
    page.get_by_label("Cat", exact=True).fill(str(c))
    page.get_by_role("button", name="Save hand").click()


def test_spectator_sees_a_new_hand_within_the_polling_interval(browser: Browser, live_server: str):
    scorer = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    start_free_match(scorer, live_server)
    record(scorer, 10, 5, 0)
    expect(total_of(scorer, "Ann")).to_have_text("10")
    link = scorer.locator("input[id^=spectator-link]").first.input_value()
    assert "/v/" in link

    spectator_context = browser.new_context(viewport=PHONE, has_touch=True)
    spectator = spectator_context.new_page()
    polls: list[int] = []
    spectator.on("response", lambda r: polls.append(r.status) if "/sheet" in r.url else None)
    spectator.goto(link)
    expect(spectator.locator(".live-badge")).to_contain_text("live")
    expect(total_of(spectator, "Ann")).to_have_text("10")
    assert spectator.locator("form").count() == 0
    assert spectator.get_by_role("button").count() == 0

    # idle polls change nothing
    spectator.wait_for_timeout(POLL_SECONDS * 1000 + 800)
    assert polls, "the spectator's page polls the sheet"
    expect(total_of(spectator, "Ann")).to_have_text("10")

    record(scorer, 3, 20, 7)
    expect(total_of(scorer, "Ben")).to_have_text("25")
    expect(total_of(spectator, "Ben")).to_have_text("25", timeout=(POLL_SECONDS + 1.5) * 1000)
    expect(spectator.locator("#live-sheet table.grid tbody tr")).to_have_count(2)
    assert spectator.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    spectator_context.close()
