"""At the table, round 4, on a 390×844 touch phone: a refusal said once beside its box (and at Save);
the meld checker's reason for counting a Pool hand whole; where an import lands and what a sides game's
history lists; the card picker's first row clear of its sticky chips; a rejoin named in the grid, a
pair's refusal naming the pair, the match page in Italian. Each test asserts what is IN THE VIEWPORT
after the action. One server for the module; tables are seeded straight into the database (see
``test_at_the_table``)."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, migrated_app, serve_app
from .test_at_the_table import Seed, form, in_view, points_box, tap


SHOTS = Path(tempfile.gettempdir())


def shot(page: Page, name: str) -> None:
    """The viewport, photographed into the temporary folder (looked at, not compared)."""
    page.screenshot(path=str(SHOTS / f"round4-{name}.png"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('table') / 'sk.sqlite3'}"

    def make():
        app = migrated_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False})
        return app, app

    with serve_app(make) as served:
        yield served


@pytest.fixture
def phone(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def telefono(browser: Browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True,
                                  locale="it-IT")
    page = context.new_page()
    yield page
    context.close()


def said(page: Page, words: str):
    """Each place on the form that says ``words`` apart from the Save button's "Not saved: …"."""
    return page.locator("form.hand-form .error:not(#save-status *), #preview .preview-error", has_text=words)


def saved_refused(page: Page, words: str):
    """Save tapped: ``words`` is said once beside its box, in view, and once at Save."""
    tap(page, form(page).get_by_role("button", name="Save hand"))
    status = page.locator("#save-status")
    expect(status).to_contain_text("Not saved: " + words)
    in_view(page, status)
    beside = said(page, words)
    expect(beside).to_have_count(1)
    in_view(page, beside)
    expect(page.locator("#preview")).not_to_contain_text(words)
    return beside


# -- 14. a refusal said once ----------------------------------------------------------------------------

def test_a_knock_over_the_limit_is_said_once_beside_the_knockers_box_and_at_save(server, phone: Page):
    seed = Seed(server, "oklahoma", ("Nat", "Sam"))
    phone.goto(seed.url)
    upcard = form(phone).locator("fieldset.upcard")
    tap(phone, upcard.locator("label", has_text=re.compile("^4$")))
    tap(phone, upcard.locator(".suit-D label"))
    tap(phone, form(phone).locator("fieldset", has_text="Who ended").get_by_text("Nat", exact=True))
    points_box(phone, "Nat").fill("5")
    points_box(phone, "Sam").fill("20")
    expect(phone.locator("#preview")).to_contain_text("cannot knock with 5: the limit is 4")
    beside = saved_refused(phone, "cannot knock with 5: the limit is 4")
    expect(form(phone).locator(".held-row", has=phone.get_by_label("Nat", exact=True))).to_contain_text(
        "cannot knock with 5")
    # typed again: the preview says the new reason, and the old one beside the box is gone
    points_box(phone, "Nat").fill("6")
    expect(phone.locator("#preview")).to_contain_text("cannot knock with 6: the limit is 4")
    expect(beside).to_have_count(0)
    expect(said(phone, "cannot knock")).to_have_count(1)
    assert seed.live() == 0


def test_pools_count_over_the_most_is_said_once_beside_its_box(server, phone: Page):
    seed = Seed(server, "pool_rummy", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    tap(phone, form(phone).locator("fieldset", has_text="Who declared?").get_by_text("Ann", exact=True))
    points_box(phone, "Ben").fill("131")
    points_box(phone, "Cat").fill("10")
    expect(phone.locator("#preview")).to_contain_text("131")
    saved_refused(phone, "Ben: 131 points is more than one hand can give in this match (at most 130)")
    assert seed.live() == 0


def test_a_contract_refusal_is_said_under_the_melds_not_under_the_winners_box(server, phone: Page):
    seed = Seed(server, "liverpool", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    tap(phone, form(phone).locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True))
    points_box(phone, "Ben").fill("20")
    points_box(phone, "Cat").fill("10")
    tap(phone, form(phone).locator("details.melds-box summary"))
    form(phone).locator("details.melds-box").get_by_role("textbox").fill("2C 2D 2H | 3C 4C 5C")
    expect(phone.locator("#preview")).to_contain_text("lay-down")
    beside = saved_refused(phone, "Ann's lay-down: 3♣ 4♣ 5♣: a run needs at least 4 cards")
    expect(form(phone).locator("details.melds-box")).to_contain_text("a run needs at least 4 cards")
    expect(form(phone).locator(".held-row", has=phone.get_by_label("Ann", exact=True))).not_to_contain_text(
        "lay-down")
    expect(beside.locator("xpath=..").locator("textarea, input")).to_be_focused()
    assert seed.live() == 0


# -- 9. the meld checker's reason for counting every card ----------------------------------------------

POOL_NO_PURE = "QC QD QS 9C 9D 9H 2S 4H 6D 8C KH AS 5C"


@pytest.mark.parametrize("language, no_group, every_card", [
    ("en", "No group counts: the hand has no pure sequence.", "Every card counts: 13 cards, worth 102."),
    ("it", "Nessun gruppo conta: la mano non ha una scala pura.", "Ogni carta conta: 13 carte, valgono 102."),
])
def test_pools_checker_says_why_every_card_counts(server, browser: Browser, language, no_group, every_card):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True,
                                  locale="it-IT" if language == "it" else "en-GB")
    page = context.new_page()
    base, _app = server
    page.goto(f"{base}/melds?variant=pool_rummy&mode=hand")
    expect(page.locator("[data-picker-ready]").first).to_be_attached()
    box = page.locator("input.picker-text, textarea.picker-text").first
    box.fill(POOL_NO_PURE)
    verdict = page.locator("#cards-preview .verdict")
    expect(verdict).to_contain_text(no_group)
    expect(verdict).to_contain_text(every_card)
    for words in (no_group, every_card):
        line = verdict.get_by_text(words)
        line.scroll_into_view_if_needed()
        in_view(page, line)
    expect(verdict).not_to_contain_text("No meld in these cards")
    expect(verdict).not_to_contain_text("in no group")
    shot(page, f"checker-{language}")
    context.close()


# -- 5. where an import lands --------------------------------------------------------------------------

def canasta_file(tmp_path, hands: int):
    """A partnership Canasta match document of ``hands`` hands (see tests/web/test_export.py)."""
    from tests.web.test_export import canasta_document

    path = tmp_path / f"canasta-{hands}.json"
    path.write_text(json.dumps(canasta_document(hands)))
    return path


def imported(phone: Page, seed: Seed, path) -> None:
    phone.goto(f"{seed.base}/t/{seed.token}/import")
    phone.wait_for_load_state("load")
    phone.get_by_label("Match or table document (JSON)").set_input_files(str(path))
    tap(phone, phone.get_by_role("button", name="Import", exact=True))


def test_a_match_imported_still_being_played_opens_ready_for_its_next_hand(server, phone: Page, tmp_path):
    seed = Seed(server, "free", ("Zed", "Yan"))
    imported(phone, seed, canasta_file(tmp_path, 1))
    expect(phone).to_have_url(re.compile(r"/m/\d+$"))
    in_view(phone, phone.get_by_role("heading", name="Record hand"))
    side = phone.locator("li.standing", has=phone.locator(".name", has_text=re.compile("^NS$")))
    expect(side.locator(".total")).to_have_text("1,115")
    in_view(phone, side)
    shot(phone, "import-going-on")


def test_a_finished_match_imported_shows_its_two_sides_not_four_players(server, phone: Page, tmp_path):
    seed = Seed(server, "free", ("Zed", "Yan"))
    imported(phone, seed, canasta_file(tmp_path, 5))
    expect(phone).to_have_url(re.compile(r"/m/\d+/history$"))
    rows = phone.locator(".standings-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("NS")
    expect(rows.nth(0)).to_contain_text("Ann, Cat")
    expect(rows.nth(0)).to_contain_text("5,575")
    expect(rows.nth(1)).to_contain_text("EW")
    shot(phone, "import-finished")
    for i in range(2):
        in_view(phone, rows.nth(i))


# -- 10. the card picker's first row below its sticky chips --------------------------------------------

THIRTEEN = "2S 3S 4S 5H 6H 7H 9C 9D 9H KD QC 8S 10D"


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return found


def below(upper: dict, lower: dict) -> None:
    assert upper["y"] + upper["height"] <= lower["y"] + 1, f"{lower} is under {upper}"


def test_the_pickers_first_row_shows_below_its_chips_with_13_cards(server, phone: Page):
    seed = Seed(server, "pool_rummy", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    tap(phone, form(phone).locator("fieldset", has_text="Who declared?").get_by_text("Ann", exact=True))
    row = form(phone).locator(".held-row", has=phone.get_by_label("Ben", exact=True))
    tap(phone, row.locator("summary"))
    picker = row.locator("[data-picker]")
    head, aces = picker.locator(".picker-head"), picker.locator("tbody tr").first
    in_view(phone, aces)
    below(box(head), box(aces))
    # 13 cards typed: a value, the melds found, and still the ace row below the head, none under another
    picker.locator("input.picker-text").fill(THIRTEEN)
    found = picker.locator(".melds-found")
    expect(found).to_contain_text("Melds found:")
    in_view(phone, found)
    chips = picker.locator("[data-picker-chips] li")
    expect(chips).to_have_count(13)
    assert box(chips.nth(12))["y"] == box(chips.nth(0))["y"]  # one line
    in_view(phone, chips.nth(12))  # the newest in view
    below(box(found), {"y": box(head)["y"] + box(head)["height"] + 1, "height": 0})  # inside the head
    for twos in (picker.locator("tbody tr").nth(1), aces):
        twos.scroll_into_view_if_needed()
        in_view(phone, twos)
    # scrolled down through the grid, the head sticks; a row brought into view stops below it
    picker.locator("tbody tr").nth(9).scroll_into_view_if_needed()
    aces.evaluate("row => row.scrollIntoView()")
    in_view(phone, aces)
    below(box(head), box(aces))
    below(box(found), box(aces))
    shot(phone, "picker-13")
    for row_number in (1, 5):
        tens = picker.locator("tbody tr").nth(row_number)
        tens.evaluate("row => row.scrollIntoView()")
        below(box(head), box(tens))
        in_view(phone, tens)


# -- 15. the rest: a rejoin named in the grid; a pair's refusal names the pair; the match page in Italian --

POOL_TO_A_REJOIN = (
    {"kind": "hand", "end": "declare", "by": "Ann",
     "held": {"Ben": {"drop": "first"}, "Cat": {"points": 12}, "Dan": {"wrong_show": True}}},
    {"kind": "hand", "end": "declare", "by": "Ben",
     "held": {"Ann": {"points": 30}, "Cat": {"drop": "middle"}, "Dan": {"points": 95}}},
)


def test_a_rejoin_is_called_a_rejoin_in_the_grid(server, phone: Page):
    seed = Seed(server, "pool_rummy", ("Ann", "Ben", "Cat", "Dan"))
    for entry in POOL_TO_A_REJOIN:
        seed.add(entry)
    phone.goto(seed.url)
    tap(phone, phone.locator(".rebuy-offer").get_by_role("button", name="Rejoin Dan"))
    expect(phone.locator(".rebuy-offer")).to_have_count(0)
    row = phone.locator("#sheet tr.kind-rebuy")
    row.scroll_into_view_if_needed()
    in_view(phone, row)
    expect(row.locator("th")).to_have_text("rejoin")
    expect(row).to_contain_text("−107")
    shot(phone, "rejoin-row")


def test_the_match_page_in_italian_says_its_dates_and_changes_in_italian(server, telefono: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 3}}})
    page = telefono
    page.goto(seed.url)
    tap(page, page.locator(".undo-bar").get_by_role("button", name=re.compile("^Annulla")))
    expect(page.locator(".undo-bar").get_by_role("button", name=re.compile("^Ripristina"))).to_be_visible()
    tap(page, page.locator(".undo-bar").get_by_role("button", name=re.compile("^Ripristina")))
    expect(page.locator(".undo-bar").get_by_role("button", name=re.compile("^Annulla"))).to_be_visible()
    page.goto(seed.url + "/history")
    when = page.locator(".match-head time")
    expect(when).to_have_text(re.compile(r"^\d{1,2} (gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic), \d\d:\d\d$"))
    in_view(page, when)
    changes = page.locator("#changes")
    changes.scroll_into_view_if_needed()
    in_view(page, changes)
    expect(changes).to_contain_text("Mano 1 eliminata (annullato)")
    expect(changes).to_contain_text("Mano 1 ripristinata (ripristinato)")
    expect(changes.locator("time").first).to_have_text(re.compile(r"^\d{1,2} [a-z]{3}, \d\d:\d\d$"))
    for english in ("(undone)", "(redone)", "deleted", "AM", "PM", "Dec"):
        assert english not in page.locator("main").inner_text()
    shot(page, "it-match-page")
    # the new match's first dealer, unchosen, is said in Italian too
    page.goto(f"{seed.base}/t/{seed.token}/matches/new?variant=free")
    page.wait_for_load_state("load")
    page.locator(".seat-clear").tap()
    dealer = page.get_by_label("Primo mazziere")
    dealer.scroll_into_view_if_needed()
    in_view(page, dealer)
    expect(dealer.locator("option").first).to_have_text("il primo seduto")
    page.locator(".seat-taps").get_by_role("button", name="Ben", exact=True).tap()
    expect(dealer.locator("option").first).to_have_text("Ben")
    page.locator(".seat-clear").tap()
    expect(dealer.locator("option").first).to_have_text("il primo seduto")


def test_a_cutthroat_pair_short_of_canastas_is_named_as_the_pair(server, phone: Page):
    seed = Seed(server, "canasta", ("Ann", "Ben", "Cat"), three_player_mode="cutthroat", canastas_to_go_out=2)
    phone.goto(seed.url)
    record = form(phone)
    tap(phone, record.locator("fieldset", has_text="Who went out?").get_by_text("Ben", exact=True))
    tap(phone, record.locator("fieldset", has_text="Who plays alone?").get_by_text("Ann", exact=True))
    def side(legend: str):
        return record.locator("fieldset.side-entry", has=phone.locator("legend", has_text=re.compile(f"^{legend}$")))

    for legend, values in {"Alone": {"Points melded": "220", "Points in hand": "85"},
                           "The pair": {"Points melded": "410", "Points in hand": "35"}}.items():
        for label, value in values.items():
            side(legend).get_by_label(label, exact=True).fill(value)
    side("The pair").get_by_label("Mixed canastas", exact=True).fill("1")
    said = "going out needs 2 canastas (the pair Ben and Cat has 1)"
    expect(phone.locator("#preview")).to_contain_text(said)
    saved_refused(phone, said)
    expect(side("The pair")).to_contain_text(said)
    assert not re.search(r"\((Ben|Cat) has 1\)", phone.locator("main").inner_text())
    shot(phone, "cutthroat-pair")
