"""The shared live sheet in two browsers at 390×844: one phone records a free-scoring hand, the
spectator's page (opened through its read-only link in another browser context) shows it within a
second, from the stream of the match's versions, or by polling where no stream is held; and it offers no
way to change anything."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from scorekeeper.web.spectate.routes import POLL_SECONDS

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


def follow(browser: Browser, live_server: str, *, stream: bool = True):
    """The scorer's phone with one hand recorded, and a spectator's page on its read-only link, whose
    requests for the sheet are listed (with ``stream=False`` the server holds no stream: 204)."""
    scorer = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    start_free_match(scorer, live_server)
    record(scorer, 10, 5, 0)
    expect(total_of(scorer, "Ann")).to_have_text("10")
    link = scorer.locator("input[id^=spectator-link]").first.input_value()
    assert "/v/" in link

    spectator_context = browser.new_context(viewport=PHONE, has_touch=True)
    spectator = spectator_context.new_page()
    if not stream:
        spectator.route("**/stream", lambda route: route.fulfill(status=204))
    sheets: list[int] = []
    spectator.on("response", lambda r: sheets.append(r.status) if r.url.endswith("/sheet") else None)
    spectator.goto(link)
    expect(spectator.locator(".live-badge")).to_contain_text("live")
    expect(total_of(spectator, "Ann")).to_have_text("10")
    assert spectator.locator("form").count() == 0
    assert spectator.get_by_role("button").count() == 0
    return scorer, spectator, sheets


def test_spectator_sees_a_new_hand_at_once_from_the_stream(browser: Browser, live_server: str):
    scorer, spectator, sheets = follow(browser, live_server)
    # the stream is open: the page's timer sends no poll while nothing happens
    spectator.wait_for_timeout(POLL_SECONDS * 1000 * 3)
    assert sheets == []
    expect(total_of(spectator, "Ann")).to_have_text("10")

    record(scorer, 3, 20, 7)
    expect(total_of(scorer, "Ben")).to_have_text("25")
    expect(total_of(spectator, "Ben")).to_have_text("25", timeout=1000)  # within a second of the save
    expect(spectator.locator("#live-sheet table.grid tbody tr")).to_have_count(2)
    assert sheets == [200]  # the sheet asked for once, for the new hand
    assert spectator.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    spectator.context.close()
    scorer.context.close()


def test_spectator_polls_where_no_stream_is_held(browser: Browser, live_server: str):
    scorer, spectator, sheets = follow(browser, live_server, stream=False)
    # a server that holds no stream (204): the page polls, and idle polls change nothing
    spectator.wait_for_timeout(POLL_SECONDS * 1000 + 800)
    assert sheets, "the page polls the sheet"
    expect(total_of(spectator, "Ann")).to_have_text("10")

    record(scorer, 3, 20, 7)
    expect(total_of(scorer, "Ben")).to_have_text("25")
    expect(total_of(spectator, "Ben")).to_have_text("25", timeout=(POLL_SECONDS + 1.5) * 1000)
    expect(spectator.locator("#live-sheet table.grid tbody tr")).to_have_count(2)
    spectator.context.close()
    scorer.context.close()
