"""The meld checker for the Canasta family on a phone (390×844, touch): a Canasta meld tapped on the
two-pack picker (its kind, its wild cards, its card points), then melds laid together weighed against the
first meld's minimum the table picks by the side's total; a Hand and Foot wild book and a round's minimum;
the Italian words; no sideways scroll; axe without serious findings. With ``SCOREKEEPER_SCREENSHOTS=1``
the viewport is saved in docs/screenshots/ (meld-checker-canasta-*.png, meld-checker-hand-and-foot-*.png),
and Cutthroat's hand in which nobody took the pile (canasta-cutthroat-nobody-alone.png)."""

from __future__ import annotations

import os
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import PHONE

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shot(page: Page, name: str) -> None:
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / f"meld-checker-{name}.png"))


def ready(page: Page) -> None:
    expect(page.locator("[data-picker-ready]").first).to_be_attached()


def tap(page: Page, *names: str) -> None:
    for name in names:
        page.get_by_role("button", name=name, exact=True).click()


def serious(page: Page) -> list:
    found = Axe().run(page).response["violations"]
    return [v["id"] for v in found if v["impact"] in ("serious", "critical")]


def test_a_canasta_meld_then_melds_laid_together(page: Page, live_server: str):
    page.goto(live_server + "/melds")
    ready(page)
    page.get_by_label("Game").select_option("canasta")
    page.wait_for_url("**variant=canasta**")
    ready(page)
    # 9-9-9-9-9-2-2 of K-1: two packs, so a second 9♠ is a tap on the same card
    tap(page, "9 of spades", "9 of hearts", "9 of diamonds", "9 of clubs", "9 of spades", "2 of hearts",
        "2 of diamonds")
    preview = page.locator("#cards-preview")
    expect(preview).to_contain_text("Yes: a mixed canasta of 7 cards.")
    expect(preview).to_contain_text("2 (at most 3)")
    expect(preview).to_contain_text("90 (towards the first meld")
    page.get_by_label("Cards", exact=True).scroll_into_view_if_needed()
    shot(page, "canasta-meld")
    # a red three is refused as a meld
    tap(page, "3 of hearts")
    expect(preview).to_contain_text("a red three is never melded")
    page.get_by_role("button", name="Remove 3 of hearts").click()

    # melds laid together: the side is on 1,600, so its first meld needs 90
    page.get_by_text("Melds laid together", exact=True).click()
    expect(page.get_by_label("The side's total before the hand")).to_be_visible()
    page.get_by_label("The side's total before the hand").select_option("1500")
    tap(page, "ace of spades", "ace of hearts", "ace of diamonds")
    expect(preview).to_contain_text("2 melds worth 150: enough for a first meld of 90.")
    expect(preview).to_contain_text("Meld 2: a mixed canasta of 7 cards, 90 points.")
    shot(page, "canasta-laid")
    page.get_by_label("The side's total before the hand").select_option("3000")
    expect(preview).to_contain_text("enough for a first meld of 120")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert serious(page) == []


def test_hand_and_foot_books_and_round_minimum_in_italian(page: Page, live_server: str):
    page.goto(live_server + "/melds?variant=hand_and_foot&mode=hand&opening=2&cards=KS+KH+KD+8S+8H+8D")
    ready(page)
    preview = page.locator("#cards-preview")
    expect(preview).to_contain_text("a first meld needs 90, 30 more")
    tap(page, "joker")
    tap(page, "ace of spades", "ace of hearts")
    expect(preview).to_contain_text("3 melds worth 150: enough for a first meld of 90.")
    shot(page, "hand-and-foot-laid")
    page.goto(live_server + "/lang/it?next=/melds%3Fvariant%3Dhand_and_foot%26cards%3D2S%2B2H%2B2D%2B2C%2B2S%2B2H%2BJK")
    ready(page)
    expect(page.locator("#cards-preview")).to_contain_text("Sì: una canasta di matte di 7 carte.")
    page.set_viewport_size({"width": 360, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.set_viewport_size(PHONE)
    shot(page, "hand-and-foot-wild-book-it")
    assert serious(page) == []


def test_cutthroat_hand_where_nobody_took_the_pile(page: Page, live_server: str):
    """Cutthroat's hand 2 of K-7 entered on a phone: "Nobody" shows each player's own boxes (his red
    threes with them) in place of the lone hand's and the pair's, and the totals come out as K-7 says."""
    from .conftest import choose_game, new_table, seat, total_of

    new_table(page, live_server, ["Ann", "Ben", "Cat"], name="Cutthroat")
    page.get_by_role("link", name="New match").first.click()
    choose_game(page, "Canasta")
    seat(page, ["Ann", "Ben", "Cat"])
    page.locator("details.house-rules summary").click()
    page.get_by_label("Three players").select_option("cutthroat")
    page.get_by_role("button", name="Start Canasta").click()
    record = page.locator("#record")
    expect(record).to_contain_text("Who plays alone?")
    alone = page.locator("[data-when-field='lone']")
    expect(alone).to_be_hidden()
    record.get_by_text("Stock ran out", exact=True).click()
    record.locator("label", has_text="Nobody: the stock ran out, the pile never taken").click()
    expect(alone).to_be_visible()
    expect(page.locator("[data-unless-field='lone']")).to_be_hidden()
    boxes = {name: alone.locator("fieldset.side-entry", has=page.locator("legend", has_text=name))
             for name in ("Ann", "Ben", "Cat")}
    for name, values in {"Ann": {"Red threes": "1", "Points in hand": "120"},
                         "Ben": {"Points melded": "150", "Points in hand": "60"},
                         "Cat": {"Red threes": "1", "Points melded": "95", "Points in hand": "40"}}.items():
        for label, value in values.items():
            boxes[name].get_by_label(label, exact=True).fill(value)
    boxes["Cat"].scroll_into_view_if_needed()
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        page.screenshot(path=str(SHOTS / "canasta-cutthroat-nobody-alone.png"))
    page.get_by_role("button", name="Save hand").click()
    expect(total_of(page, "Ann")).to_have_text("−220")
    expect(total_of(page, "Ben")).to_have_text("90")
    expect(total_of(page, "Cat")).to_have_text("155")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
