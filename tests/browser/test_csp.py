"""The strict Content-Security-Policy holds in a real browser: no violation is reported while a person
goes through the main pages and uses htmx (live preview, saving a hand in place)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import choose_game, seat


def test_no_csp_violation_on_the_main_pages(page: Page, live_server: str):
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text)
            if "Content Security Policy" in msg.text or "Refused to" in msg.text else None)

    page.goto(live_server + "/")
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("CSP night")
    page.get_by_role("button", name="Create table").click()
    for name in ("Ann", "Ben", "Cat"):
        page.get_by_label("Player name").fill(name)
        page.get_by_role("button", name="Add player").click()
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Ramino")
    seat(page, ("Ann", "Ben", "Cat"))
    page.get_by_role("button", name=re.compile("^Start")).click()

    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True).click()
    form.locator("fieldset", has_text="How?").get_by_text("Out", exact=True).click()
    form.locator(".held").get_by_label("Ben", exact=True).fill("23")
    form.locator(".held").get_by_label("Cat", exact=True).fill("4")
    expect(page.locator("#preview")).to_contain_text("Ben +20")  # the live preview came through htmx
    form.get_by_role("button", name="Save hand").click()
    expect(page.locator(".match-head")).to_contain_text("Hand 2")

    for path in ("/melds",):
        page.goto(live_server + path)
    page.go_back()
    assert violations == []
