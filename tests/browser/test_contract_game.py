"""Seven Deals, the test package's contract game (tests/contract_game), installed through an entry point and
played on a phone (390×844, touch) in Chromium: a new match, deal 1 by points and by tapped cards, the
scoreboard's deal and contract, then in Italian from the package's own catalog (its rules in Italian, deal 2's
contract, on a second phone at the table), and the meld checker's whole-hand verdict for a deal's contract in
both languages.
Each step's viewport is photographed into the temporary folder."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import choose_game, new_table, seat, total_of

SHOTS = Path(tempfile.gettempdir())


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"seven-deals-{name}.png"))


def hand(page: Page, by: str, entries: dict[str, object], who: str, save: str, counted: str) -> None:
    """One hand: who went out, then per player points (int) or cards (a string) typed in the picker."""
    form = page.locator("form.hand-form")
    form.locator("fieldset", has_text=who).get_by_text(by, exact=True).tap()
    for name, value in entries.items():
        row = form.locator(".held-row", has=page.get_by_label(name, exact=True))
        if isinstance(value, int):
            row.get_by_label(name, exact=True).fill(str(value))
        else:
            row.locator("summary").tap()
            row.locator("input.picker-text").fill(str(value))
            expect(row.locator(".picker-preview")).to_contain_text(counted)
    form.get_by_role("button", name=save).tap()


def test_seven_deals_on_a_phone_in_english_and_italian(migrated_sqlite, seven_deals, live_server: str, page: Page,
                                                       browser):
    players = ("Ann", "Ben", "Cat")
    new_table(page, live_server, players)
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Seven Deals")
    expect(page.locator("body")).to_contain_text("Seven deals, each with its own contract")
    seat(page, players)
    shot(page, "new-match")
    page.get_by_role("button", name=re.compile("^Start")).tap()
    expect(page.get_by_role("heading", name="Record hand")).to_be_visible()
    expect(page.locator(".match-head")).to_contain_text("Deal 1: 2 sets")

    # deal 1: Ann goes out; Ben typed 20, Cat's cards tapped in: 5 + 5 + 10 + 15 + 50 = 85
    hand(page, "Ann", {"Ben": 20, "Cat": "2C 3D KS AH JK"}, who="Who ended the hand?", save="Save hand",
         counted="85")
    expect(page.locator(".match-head")).to_contain_text("Deal 2: 1 set + 1 run")
    for name, total in (("Ann", "0"), ("Ben", "20"), ("Cat", "85")):
        expect(total_of(page, name)).to_have_text(total)
    shot(page, "deal-2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # in Italian, on a second phone at the table: the game's own words come from its package's catalog
    board = page.url.split("#")[0].split("?")[0]
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(board)
    page.get_by_role("link", name="Italiano").first.click()
    expect(page.locator("form.hand-form")).to_contain_text("Chi ha chiuso la mano?")
    expect(page.locator(".match-head")).to_contain_text("Mano 2: 1 tris + 1 scala")
    expect(page.locator("body")).to_contain_text("Due mazzi e quattro jolly.")
    shot(page, "it-deal-2")
    for name, total in (("Ann", "0"), ("Ben", "20"), ("Cat", "85")):
        expect(total_of(page, name)).to_have_text(total)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # the meld checker: does a whole hand hold deal 2's contract?
    page.goto(live_server + "/melds?variant=seven_deals&mode=hand&deal=2&cards=4H+5H+6H+7H+9S+9H+JK+2C+KD")
    expect(page.locator(".verdict")).to_contain_text("Rispetta il contratto della mano 2")
    page.locator(".verdict").scroll_into_view_if_needed()
    shot(page, "it-checker")
    page.get_by_role("link", name="English").first.click()
    expect(page.locator(".verdict")).to_contain_text("Meets deal 2's contract:")
    page.locator(".verdict").scroll_into_view_if_needed()
    shot(page, "checker")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
