"""At 390×844 with touch: a match from the table's own house rules is started in at most 4 taps from the
table page, and on a finished match's summary page "Share" falls back to copying the result to the
clipboard where the browser has no share sheet (headless Chromium)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat


def _table_with_a_ramino_played(page: Page, base: str) -> str:
    table = new_table(page, base, ("Ann", "Ben", "Cat"))
    page.get_by_role("link", name="New match").click()
    choose_game(page, "Ramino")
    seat(page, ("Ann", "Ben", "Cat"))
    page.get_by_text("House rules").click()
    page.get_by_label("Opening at least").fill("40")
    page.get_by_label("Save these rules as").fill("Our Ramino")
    page.get_by_role("button", name="Save these rules").click()
    expect(page.get_by_role("status")).to_contain_text("Saved as “Our Ramino”")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.locator(".rules-agreed")).to_contain_text("Opening at least: 40")
    return table


def test_a_match_from_house_rules_in_four_taps(page: Page, live_server: str):
    table = _table_with_a_ramino_played(page, live_server)
    page.goto(table)
    taps = 0
    for target in (page.get_by_role("link", name="New match"),
                   page.get_by_role("link", name=re.compile("^Our Ramino")),
                   page.get_by_role("button", name=re.compile("^Start"))):
        target.tap()
        taps += 1
    expect(page.locator(".rules-agreed")).to_contain_text("Opening at least: 40")
    expect(page.locator(".match-head")).to_contain_text("Ramino")
    assert taps <= 4


def test_share_copies_the_result_where_there_is_no_share_sheet(page: Page, live_server: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    new_table(page, live_server, ("Ann", "Ben"))
    page.get_by_role("link", name="New match").click()
    choose_game(page, "Free scoring")
    seat(page, ("Ann", "Ben"))
    page.get_by_text("House rules").click()
    page.get_by_label("Match to").fill("10")
    page.get_by_role("button", name=re.compile("^Start")).click()
    page.get_by_label("Ann", exact=True).fill("12")
    page.get_by_label("Ben", exact=True).fill("3")
    page.get_by_role("button", name="Save hand").click()
    page.get_by_role("link", name="Share the result").click()
    expect(page.get_by_role("heading", name="Ben wins at Free scoring")).to_be_visible()
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.get_by_role("button", name="Share", exact=True).tap()
    expect(page.locator(".share-done")).to_have_text("Copied: paste it in your chat.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Ben wins at Free scoring") and "/summary" in copied
    # the result card is a PNG 1200 px wide (scorekeeper/web/spectate/image.py), drawn and served, not broken
    # (drawn on request: under load it may still be on its way when the text was copied)
    page.wait_for_function("() => document.querySelector('img.summary-image').complete")
    assert page.locator("img.summary-image").evaluate("i => i.naturalWidth") == 1200
