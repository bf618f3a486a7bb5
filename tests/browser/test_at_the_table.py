"""At the table on a phone (390×844, touch): every answer to a tap is IN THE VIEWPORT right after it.

A refused save shows its first error focused beside its field and again at Save; a stale sheet offers
"Keep theirs" or "Add mine as the next hand" at Save and a plain second tap does not save twice; a
request that never reaches the server says "Not saved: no connection" and keeps what was typed; a save
brings the standings into view with the new hand marked and the next dealer beside Save; Undo takes back
the last action and says which, Redo brings it back; a deleted hand shows "Deleted — Undo" in place;
ending a match early asks first and can be reopened; the edit page previews live. One server and one
browser for the module; each test gets its own table, seeded straight into the database (the pages
that create tables and matches have their own tests).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import PHONE, Seed


def in_view(page: Page, locator: Locator) -> None:
    """The element's box lies inside the viewport (not merely somewhere in the page), once the page
    has settled (it scrolls there itself just after a swap)."""
    expect(locator).to_be_visible()
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    box = None
    for _ in range(20):
        box = locator.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] >= 0 \
                and box["x"] + box["width"] <= width + 1:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not in the {width}×{height} viewport: {box}")


def not_under_save_bar(page: Page, locator: Locator) -> None:
    """The element is not hidden behind the sticky Save bar."""
    bar = page.locator("#save-bar").bounding_box()
    box = locator.bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + 1, f"{box} is under the Save bar at {bar['y']}"


def form(page: Page) -> Locator:
    return page.locator("form.hand-form")


def points_box(page: Page, name: str) -> Locator:
    return form(page).locator(".held").get_by_label(name, exact=True)


#: what a person does before tapping Save: looks at the preview of what was typed. The preview is asked
#: for 60 ms after a change and 200 ms after typing (templates/hands/partials/form.html); its answer can
#: change the lines in the Save bar (who deals next) and so move Save. A tap aimed before it lands and
#: sent after would miss Save, as a thumb would.
PREVIEW_SETTLES_MS = 250


def tap(page: Page, locator: Locator) -> None:
    if (locator.get_attribute("class") or "").split().count("save"):
        page.wait_for_timeout(PREVIEW_SETTLES_MS)
        page.wait_for_function("() => !document.querySelector('#preview.htmx-request')")
    locator.tap()  # scrolled into view first, as a thumb would


def previewed(page: Page, text: str) -> None:
    """The live preview shows what was typed last. On a short form (free scoring, two or three
    players) Save sits just under the preview, not in the sticky bar, and a preview that arrives
    between Playwright's aim and its tap moves Save from under the tap: the tap then misses."""
    expect(page.locator("#preview")).to_contain_text(text)


# -- 1. a refused save --------------------------------------------------------------------------------

def test_refused_save_shows_the_first_error_in_view_and_at_save(server, phone: Page):
    seed = Seed(server, "rumino", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    # nobody chosen as ending the hand: points typed, Save tapped from the bottom of the form
    for name, value in {"Ann": "3", "Ben": "20", "Cat": "9"}.items():
        points_box(phone, name).fill(value)
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    status = phone.locator("#save-status")
    expect(status).to_contain_text("Not saved:")
    in_view(phone, status)
    error = form(phone).locator("fieldset", has_text="Who ended").locator(".error")
    in_view(phone, error)
    not_under_save_bar(phone, error)
    expect(phone.locator("#by-0")).to_be_focused()
    # what was typed is kept, and the reason is said beside its box and at Save, not a third time below
    expect(points_box(phone, "Ben")).to_have_value("20")
    expect(phone.locator("#preview")).to_be_empty()
    assert seed.live() == 0


def test_impossible_cards_are_refused_beside_the_cards_box(server, phone: Page):
    seed = Seed(server, "gin", ("Ann", "Ben"))
    phone.goto(seed.url)
    f = form(phone)
    tap(phone, f.locator("fieldset", has_text="Who ended").get_by_text("Ann", exact=True))
    tap(phone, f.locator("fieldset", has_text="How?").get_by_text("Gin", exact=True))
    ben = f.locator(".held-row", has=phone.get_by_label("Ben", exact=True))
    tap(phone, ben.locator("summary", has_text="Cards"))
    ben.get_by_label("Ben's cards").fill("9S 9S 9S")
    tap(phone, f.get_by_role("button", name="Save hand"))
    in_view(phone, phone.locator("#save-status"))
    expect(phone.locator("#save-status")).to_contain_text("Not saved:")
    text = phone.locator("#cards-%d-text" % seed.ids["Ben"])
    expect(text).to_be_focused()
    in_view(phone, text)
    expect(text).to_have_value("9S 9S 9S")


# -- 2. a stale sheet ---------------------------------------------------------------------------------

def test_conflict_is_shown_at_save_and_a_second_tap_does_not_save_twice(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    for name, value in {"Ann": "5", "Ben": "7", "Cat": "1"}.items():
        points_box(phone, name).fill(value)
    previewed(phone, "Cat +1")
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 5}, "Ben": {"points": 7},
                                                         "Cat": {"points": 1}}})  # the other phone
    save = form(phone).get_by_role("button", name="Save hand")
    tap(phone, save)
    status = phone.locator("#save-status")
    expect(status).to_contain_text("the sheet changed on another phone (hand 1 recorded)")
    expect(status).to_contain_text("They recorded: Ann +5, Ben +7, Cat +1")
    in_view(phone, status.get_by_role("link", name="Keep theirs"))
    in_view(phone, status.get_by_role("button", name="Add mine as the next hand"))
    expect(points_box(phone, "Ben")).to_have_value("7")
    # the same hand, tapped again: refused again, never recorded twice (its answer waited for: the status
    # already says so from the first tap, and an answer landing after "Keep theirs" would put the hand back)
    with phone.expect_response(lambda r: r.request.method == "POST") as answered:
        tap(phone, form(phone).get_by_role("button", name="Save hand"))
    assert answered.value.status == 409
    expect(phone.locator("#save-status")).to_contain_text("changed on another phone")
    assert seed.live() == 1
    tap(phone, phone.locator("#save-status").get_by_role("link", name="Keep theirs"))
    expect(points_box(phone, "Ben")).to_have_value("")
    assert seed.live() == 1


def test_add_mine_as_the_next_hand(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    points_box(phone, "Ann").fill("4")
    points_box(phone, "Ben").fill("6")
    previewed(phone, "Ben +6")
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Ben": {"points": 2}}})
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    add = phone.locator("#save-status").get_by_role("button", name="Add mine as the next hand")
    in_view(phone, add)
    tap(phone, add)
    in_view(phone, phone.locator("#standings"))
    expect(phone.locator("#standings")).to_contain_text("Saved: hand 2.")
    assert seed.live() == 2


# -- 3. no connection, a server error ------------------------------------------------------------------

@pytest.mark.console_errors(r"net::ERR_INTERNET_DISCONNECTED", r"htmx:sendError",
                            r"error occurred when fetching the script")  # the service worker's, cut off too
def test_a_hand_saved_with_no_connection_is_kept_and_said_at_save(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    points_box(phone, "Ann").fill("12")
    points_box(phone, "Ben").fill("−3")
    previewed(phone, "Ben −3")
    # typing loads the offline queue (static/js/offline.js), which answers a Save with no connection
    expect(form(phone)).to_have_attribute("data-offline-queue", "")
    phone.context.set_offline(True)
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    # the offline queue (issue 13) keeps it and brings its list of kept hands into view
    kept = phone.locator("#pending-hands .queue-note")
    expect(kept).to_contain_text("No connection: the hand is kept on this phone")
    in_view(phone, kept)
    assert seed.live() == 0
    phone.context.set_offline(False)
    expect(phone.locator("#standings")).to_contain_text("12")
    assert seed.live() == 1


@pytest.mark.console_errors(r"net::ERR_INTERNET_DISCONNECTED", r"htmx:sendError",
                            r"error occurred when fetching the script")  # the service worker's, cut off too
def test_undo_with_no_connection_says_not_saved_at_the_button(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 10}, "Ben": {"points": 3}}})
    phone.goto(seed.url)
    undo = phone.locator("#standings").get_by_role("button", name=re.compile("^Undo"))
    phone.context.set_offline(True)
    tap(phone, undo)
    said = phone.locator("#standings .undo-bar").get_by_text("Not saved: no connection")
    in_view(phone, said)
    phone.context.set_offline(False)
    assert seed.live() == 1


@pytest.mark.console_errors(r"status of 500 ", r"Response Status Error Code 500 ")
def test_a_server_error_is_said_at_save_and_keeps_the_typing(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    points_box(phone, "Ann").fill("12")
    points_box(phone, "Ben").fill("−3")
    previewed(phone, "Ben −3")
    phone.route("**/hands/new", lambda route: route.fulfill(status=500, body="down"))
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    status = phone.locator("#save-status")
    expect(status).to_contain_text("Not saved: the server could not save it (error 500)")
    in_view(phone, status)
    expect(points_box(phone, "Ann")).to_have_value("12")
    expect(points_box(phone, "Ben")).to_have_value("−3")
    phone.unroute("**/hands/new")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("Saved: hand 1.")
    assert seed.live() == 1


# -- 8. after a save; and the taps it takes ------------------------------------------------------------

def test_a_hand_by_points_in_few_taps_then_the_standings_in_view(server, phone: Page):
    seed = Seed(server, "rumino", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    taps = 0
    f = form(phone)
    tap(phone, f.locator("fieldset", has_text="Who ended").get_by_text("Cat", exact=True))
    taps += 1  # who ended it (the usual end, a knock, is chosen already)
    for name, value in {"Ann": "12", "Ben": "30", "Cat": "2"}.items():
        box = points_box(phone, name)
        tap(phone, box)
        taps += 1  # one tap per box, then typing
        phone.keyboard.type(value)
    tap(phone, f.get_by_role("button", name="Save hand"))
    taps += 1
    assert taps == 1 + 3 + 1
    standings = phone.locator("#standings")
    expect(standings).to_contain_text("Saved: hand 1.")
    in_view(phone, standings.locator(".action-note"))
    in_view(phone, standings.locator("li.standing").first)
    expect(standings.locator("li.standing.fresh")).to_have_count(3)
    # the form is ready for the next hand, the next dealer beside Save
    expect(points_box(phone, "Ben")).to_have_value("")
    expect(phone.locator("#save-bar .next-dealer")).to_have_text("Hand 2 · Ben deals")
    expect(phone.locator("#sheet tr.new")).to_have_count(1)
    assert seed.live() == 1


# -- 4. undo and redo; a deleted hand in place ----------------------------------------------------------

def test_undo_says_what_it_undid_and_redo_brings_it_back(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 10}, "Ben": {"points": 3}}})
    phone.goto(seed.url)
    points_box(phone, "Ann").fill("1")
    points_box(phone, "Ben").fill("2")
    previewed(phone, "Ben +2")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    undo = phone.locator("#standings").get_by_role("button", name=re.compile("^Undo"))
    in_view(phone, undo)
    expect(undo).to_contain_text("hand 2 recorded")
    tap(phone, undo)
    note = phone.locator("#standings .action-note")
    expect(note).to_have_text("Undone: hand 2 recorded.")
    in_view(phone, note)
    assert seed.live() == 1
    redo = phone.locator("#standings").get_by_role("button", name=re.compile("^Redo"))
    in_view(phone, redo)
    tap(phone, redo)
    expect(phone.locator("#standings .action-note")).to_have_text("Redone: hand 2 recorded.")
    assert seed.live() == 2


def test_a_deleted_hand_shows_deleted_undo_in_place(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    first = seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 10}, "Ben": {"points": 3}}})
    seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 1}, "Ben": {"points": 1}}})
    phone.goto(f"{seed.url}/hands/{first}")
    tap(phone, phone.get_by_role("button", name="Delete"))
    row = phone.locator(f"#entry-{first}")
    expect(row).to_contain_text("Deleted: hand 1")
    in_view(phone, row)
    tap(phone, row.get_by_role("button", name=re.compile("^Undo")))
    expect(phone.locator(f"#entry-{first}")).not_to_contain_text("Deleted")
    assert seed.live() == 2


# -- 5. ending a match early ------------------------------------------------------------------------------

def test_end_match_early_asks_first_and_can_be_reopened(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    tap(phone, phone.get_by_text("End match early…"))
    yes = phone.get_by_role("button", name="Yes, end the match")
    in_view(phone, yes)
    tap(phone, yes)
    expect(phone).to_have_url(f"{seed.base}/t/{seed.token}")
    phone.goto(seed.url)
    expect(phone.locator(".match-head")).to_contain_text("Ended early")
    tap(phone, phone.get_by_role("button", name="Reopen the match"))
    expect(form(phone)).to_be_visible()


# -- 6, 7. free scoring's boxes -----------------------------------------------------------------------

def test_points_boxes_take_negatives_and_speak_the_apps_words(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    phone.goto(seed.url)
    ann = points_box(phone, "Ann")
    # the number pad, with a ± button beside the box for the minus (iOS's pad has none), and no "pattern"
    expect(ann).to_have_attribute("inputmode", "numeric")
    assert ann.get_attribute("pattern") is None
    expect(form(phone).get_by_role("button", name="Change the sign of Ann’s points")).to_be_visible()
    ann.fill("abc")
    points_box(phone, "Ben").fill("4")
    expect(phone.locator("#preview")).to_contain_text("Ann: Type a whole number.")
    expect(ann).to_have_attribute("aria-invalid", "true")  # the box the preview speaks of is marked
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(ann).to_be_focused()
    in_view(phone, form(phone).locator(".held-row.has-error .error"))
    ann.fill("−7")
    expect(ann).not_to_have_attribute("aria-invalid", "true")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("−7")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# -- 10. the edit page ------------------------------------------------------------------------------------

def test_edit_page_previews_live(server, phone: Page):
    seed = Seed(server, "free", ("Ann", "Ben"))
    first = seed.add({"kind": "hand", "end": "scores", "held": {"Ann": {"points": 10}, "Ben": {"points": 3}}})
    phone.goto(f"{seed.url}/hands/{first}/edit")
    points_box(phone, "Ben").fill("30")
    expect(phone.locator("#preview")).to_contain_text("Ben +30")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("30")


# -- 22. the card pickers ----------------------------------------------------------------------------------

def test_one_card_picker_open_at_a_time_and_the_chips_stay_in_view(server, phone: Page):
    seed = Seed(server, "rummy", ("Ann", "Ben", "Cat"))
    phone.goto(seed.url)
    f = form(phone)
    ben = f.locator(".held-row", has=phone.get_by_label("Ben", exact=True))
    cat = f.locator(".held-row", has=phone.get_by_label("Cat", exact=True))
    tap(phone, ben.locator("summary", has_text="Cards"))
    # Ben's grid is drawn (it pushes Cat's row down) before the thumb moves on to Cat's: a tap aimed
    # while the page still moves can land on Ben's grid instead
    expect(ben.get_by_role("button", name="2 of clubs", exact=True)).to_be_visible()
    tap(phone, cat.locator("summary", has_text="Cards"))
    expect(cat.locator("details.cards-box")).to_have_attribute("open", "")
    expect(ben.locator("details.cards-box")).not_to_have_attribute("open", "")
    expect(f.locator("details.cards-box[open]")).to_have_count(1)
    for card in ("2 of clubs", "3 of clubs", "4 of diamonds"):
        tap(phone, cat.get_by_role("button", name=card, exact=True))
    in_view(phone, cat.locator(".picker-chips"))
    expect(cat.locator(".picker-preview")).to_contain_text("9")
    in_view(phone, cat.locator(".picker-preview"))


# -- 16. the Oklahoma upcard ---------------------------------------------------------------------------

def test_oklahoma_upcard_is_tapped_and_its_knock_limit_shows_at_once(server, phone: Page):
    seed = Seed(server, "oklahoma", ("Nat", "Sam"))
    phone.goto(seed.url)
    upcard = form(phone).locator("fieldset.upcard")
    tap(phone, upcard.locator("label", has_text=re.compile("^7$")))
    limit = upcard.get_by_text("7: Knock with 7 or less")
    in_view(phone, limit)  # at once, with no request
    expect(upcard.get_by_text("8: Knock with 8 or less")).to_be_hidden()
    tap(phone, upcard.locator(".suit-D label"))
    expect(upcard.get_by_role("radio", name="diamonds")).to_be_checked()
    tap(phone, form(phone).locator("fieldset", has_text="Who ended").get_by_text("Nat", exact=True))
    points_box(phone, "Nat").fill("3")
    points_box(phone, "Sam").fill("20")
    tap(phone, form(phone).get_by_role("button", name="Save hand"))
    expect(phone.locator("#standings")).to_contain_text("Saved: hand 1.")
    assert seed.live() == 1
