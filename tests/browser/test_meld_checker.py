"""The meld checker in Chromium at 390×844: cards tapped on the picker, the live verdict, no horizontal
scroll, axe (no serious or critical violations), and the same check as a plain form without JavaScript."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE


def ready(page: Page) -> None:
    """Wait for the page's script (deferred) to have set the picker up, so taps and the game select
    act as they do for a person who waits a moment after the page appears."""
    expect(page.locator("[data-picker-ready]").first).to_be_attached()


def tap(page: Page, *names: str) -> None:
    for name in names:
        page.get_by_role("button", name=name, exact=True).click()


def test_tapping_9s_9s_9h_refused_in_ramino_accepted_in_rumino(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("link", name="Check a meld").click()
    ready(page)
    page.get_by_label("Game").select_option("ramino")
    page.wait_for_url("**/melds?**variant=ramino**")
    ready(page)

    tap(page, "9 of spades", "9 of spades", "9 of hearts")
    # two copies of 9♠: the button says so, and the text box follows the taps
    expect(page.get_by_role("button", name="9 of spades", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#cards-count-9S")).to_have_text("×2")
    expect(page.get_by_label("Cards", exact=True)).to_have_value("9S 9S 9H")
    expect(page.locator("[data-picker-chips] button")).to_have_count(3)
    preview = page.locator("#cards-preview")
    expect(preview).to_have_attribute("aria-live", "polite")
    expect(preview).to_contain_text("Not a Ramino meld: two identical 9♠ cannot be in a Ramino set.")

    # the same cards in Rumino: the game is changed, the cards are kept
    page.get_by_label("Game").select_option("rumino")
    page.wait_for_url("**variant=rumino**")
    ready(page)
    expect(page.locator("#cards-preview")).to_contain_text("Yes, a Rumino set of 3: 9♠ 9♠ 9♥.")

    # a chip removes its card; a third tap on a full card takes both copies away
    page.get_by_role("button", name="Remove 9 of hearts").click()
    expect(page.get_by_label("Cards", exact=True)).to_have_value("9S 9S")
    tap(page, "9 of spades")
    expect(page.get_by_label("Cards", exact=True)).to_have_value("")
    expect(page.get_by_role("button", name="9 of spades", exact=True)).to_have_attribute("aria-pressed", "false")

    # typing works too, both ways
    page.get_by_label("Cards", exact=True).fill("5h jk 7h")
    expect(page.get_by_role("button", name="7 of hearts", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="joker", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#cards-preview")).to_contain_text("Yes, a Rumino run of 3")

    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_whole_hand_and_tap_targets(page: Page, live_server: str):
    page.goto(live_server + "/melds?variant=gin")
    page.get_by_text("Whole hand").click()
    tap(page, "3 of hearts", "4 of hearts", "5 of hearts", "8 of spades", "8 of diamonds", "8 of clubs",
        "jack of clubs", "queen of clubs", "king of clubs", "ace of diamonds")
    expect(page.locator("#cards-preview")).to_contain_text("May knock: deadwood 1, within the limit of 10.")
    expect(page.locator("#cards-preview .meld-group")).to_have_count(3)
    # every card button is a 44 px tap target, and the grid fits the phone
    for box in page.locator("button.pick").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"):
        assert box[0] >= 44 and box[1] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_bad_card_typed_gets_a_message_live(page: Page, live_server: str):
    page.goto(live_server + "/melds?variant=ramino")
    page.get_by_label("Cards", exact=True).fill("9s x9")
    expect(page.locator("#cards-preview")).to_contain_text("'x9' (card 2) is not a card.")
    expect(page.get_by_label("Cards", exact=True)).to_have_attribute("aria-invalid", "true")


def test_axe_finds_nothing_serious(page: Page, live_server: str):
    page.goto(live_server + "/melds?variant=rumino&mode=hand&cards=7S+7S+7H+JK+QD+KD+AD")
    expect(page.locator("#cards-preview .arrangement")).to_be_visible()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()


def test_without_javascript_the_plain_form_gives_a_verdict(browser: Browser, live_server: str):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(live_server + "/melds")
        page.get_by_label("Game").select_option("ramino")
        # a checkbox per card (and per copy): tick 9♠ twice and 9♥, then send the form
        page.get_by_label("9 of spades", exact=True).check()
        page.get_by_label("9 of spades, copy 2", exact=True).check()
        page.get_by_label("9 of hearts", exact=True).check()
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#cards-preview")).to_contain_text(
            "Not a Ramino meld: two identical 9♠ cannot be in a Ramino set.")
        expect(page.get_by_label("Cards", exact=True)).to_have_value("9S 9S 9H")
        # the boxes come back ticked: untick the second 9♠, tick 9♦, and the set is good
        page.get_by_label("9 of spades, copy 2", exact=True).uncheck()
        page.get_by_label("9 of diamonds", exact=True).check()
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#cards-preview")).to_contain_text("Yes, a Ramino set of 3: 9♠ 9♥ 9♦.")
        # (no axe or scroll-width check here: both run script in the page, which this context forbids)
    finally:
        context.close()
