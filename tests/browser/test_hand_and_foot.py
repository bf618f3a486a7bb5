"""A Hand and Foot match of six in three sides of two on a phone (390×844, touch): the sides made on the new
match by tapping players across (partners opposite by default, a tap moves a player to the next side), one
round typed and one counted with the steppers, each side's line in the preview, the round number and each
side's minimum beside Save, then two more rounds to the end of the match: the winning side in view, and
nothing wider than 360 px in English and Italian. With ``SCOREKEEPER_SCREENSHOTS=1`` the viewport is saved after each step in
docs/screenshots/ (hand-and-foot-*.png)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import choose_game, seat
from .test_canasta import Taps, fits_360_in_both_languages, side, total_of, typed

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SEATS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"hand-and-foot-{name}.png"))


def test_a_hand_and_foot_match_of_six_in_three_sides(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Hand and Foot night")
    page.get_by_role("button", name="Create table").click()
    for name in SEATS:
        page.get_by_label("Player name").fill(name)
        page.get_by_role("button", name="Add player").click()
    expect(page.locator("#roster")).to_contain_text("Fay")

    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Hand and Foot")
    seat(page, SEATS)
    pick = page.locator("[data-sides-pick]")
    expect(pick).to_be_visible()
    cols = pick.locator(".side-col")
    # as seated, partners opposite in three sides: Ann + Dan, Ben + Eve, Cat + Fay, and no fourth box
    expect(cols.nth(3)).to_be_hidden()
    expect(cols.nth(0)).to_contain_text("Dan")
    expect(cols.nth(2)).to_contain_text("Fay")
    pick.scroll_into_view_if_needed()
    shot(page, "new-match-opposite")
    # Dan moves on to side 2, Eve on to side 3 and round to side 1
    pick.get_by_role("button", name="Dan").click()
    pick.get_by_role("button", name="Eve").click()
    pick.get_by_role("button", name="Eve").click()
    expect(cols.nth(0)).to_contain_text("Eve")
    expect(cols.nth(1)).to_contain_text("Dan")
    expect(cols.nth(2)).to_contain_text("Cat")
    expect(cols.nth(2)).to_contain_text("Fay")
    expect(cols.nth(3)).to_be_hidden()
    expect(pick).to_contain_text("Tap a player to move them to the next side.")
    pick.scroll_into_view_if_needed()
    shot(page, "new-match-sides")
    page.get_by_role("button", name=re.compile("^Start")).click()
    expect(page.get_by_role("heading", name="Record round")).to_be_visible()
    expect(page.locator(".minimums")).to_contain_text("Round 1")
    expect(page.locator(".minimums")).to_contain_text("Ann & Eve 50")

    # Round 1, Ben goes out; every count and both totals typed
    taps = Taps(page)
    taps.tap(page.locator("#record").get_by_text("Ben", exact=True))
    a, b, c = side(page, "Ann & Eve"), side(page, "Ben & Dan"), side(page, "Cat & Fay")
    typed(taps, a, {"Clean books": 1, "Points on the table": 300, "Points in hands and feet": 60})
    typed(taps, b, {"Clean books": 2, "Dirty books": 2, "Red threes laid": 1, "Points on the table": 500,
                    "Points in hands and feet": 20})
    typed(taps, c, {"Dirty books": 1, "Red threes caught": 1, "Points on the table": 200,
                    "Points in hands and feet": 90})
    expect(page.locator("#preview")).to_contain_text("2 × 500 + 2 × 300 + 100 (1 red three laid) + 100 (out) + 500 − 20 = 2,280")
    page.locator("#preview").scroll_into_view_if_needed()
    shot(page, "round-typed")
    taps.tap(page.get_by_role("button", name="Save round"))
    typed_taps = taps.count
    expect(total_of(page, "Ben & Dan")).to_have_text("2,280")
    expect(total_of(page, "Ann & Eve")).to_have_text("740")
    expect(total_of(page, "Cat & Fay")).to_have_text("−90")
    expect(page.locator(".minimums")).to_contain_text("Round 2")
    expect(page.locator(".minimums")).to_contain_text("Ben & Dan 90")
    page.locator("ol.standings").scroll_into_view_if_needed()
    shot(page, "scoreboard")

    # Round 2, the stock runs out; Cat & Fay's points on the table counted with the steppers
    taps = Taps(page)
    taps.tap(page.get_by_text("Stock ran out", exact=True))
    a, b, c = side(page, "Ann & Eve"), side(page, "Ben & Dan"), side(page, "Cat & Fay")
    typed(taps, a, {"Points on the table": 0, "Points in hands and feet": 0})
    typed(taps, b, {"Points on the table": 0, "Points in hands and feet": 0})
    taps.step(c, "Clean books", 1)
    meld = c.locator(".count-by-class").nth(0)
    taps.tap(meld.locator("summary"))
    for label, n in (("Jokers (50)", 1), ("Aces and twos (20)", 2), ("Eights to kings (10)", 7)):
        taps.step(meld, label, n)
    expect(meld.locator("[data-counted-total]")).to_have_text("160")
    typed(taps, c, {"Points in hands and feet": 0})
    meld.scroll_into_view_if_needed()
    shot(page, "round-counted")
    expect(page.locator("#preview")).to_contain_text("500 + 160 = 660")
    taps.tap(page.get_by_role("button", name="Save round"))
    counted_taps = taps.count
    expect(total_of(page, "Cat & Fay")).to_have_text("570")
    expect(page.locator(".minimums")).to_contain_text("Round 3")
    shot(page, "round-3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Rounds 3 and 4: the stock runs out with nothing laid; after the fourth round the match is over
    for number in (3, 4):
        page.get_by_text("Stock ran out", exact=True).click()
        for name in ("Ann & Eve", "Ben & Dan", "Cat & Fay"):
            typed(Taps(page), side(page, name), {"Points on the table": 0, "Points in hands and feet": 0})
        page.get_by_role("button", name="Save round").click()
        if number == 3:
            expect(page.locator(".minimums")).to_contain_text("Round 4")
    result = page.locator("#result")
    expect(result.locator("h2")).to_have_text("Ben & Dan win")  # partners win, in the plural
    expect(result).to_be_in_viewport()  # the winner is what the table sees after the last round
    expect(page.locator("ol.standings.sides li.state-winner")).to_contain_text("Ben & Dan")
    expect(total_of(page, "Ben & Dan")).to_have_text("2,280")
    shot(page, "match-over")
    # nothing is wider than a 360 px phone, in English and in Italian
    fits_360_in_both_languages(page, live_server, "Ben & Dan")
    print(f"taps: round typed {typed_taps}, round counted {counted_taps}")
