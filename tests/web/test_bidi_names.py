"""Names cannot reorder the text around them (issue 20, finding 10): a player named "Ann\u202e" (a
RIGHT-TO-LEFT OVERRIDE at its end) with 19 points read "Ann91" in the summary, in the text for pasting
into a chat and in the "largest swing" line.

Every page a table's or a spectator's link reaches (found in ``app.url_map``) is read with a parser,
for two names that can move text: "Ann" with an override, and an Arabic name. Each of their characters
in the page's text must sit inside ``<bdi>`` or an element with ``dir``; where no element can go (an
attribute, the title, an image, a textarea), the override must be gone and the Arabic name between
FSI and PDI. Then the three places of the finding one by one.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
import sqlalchemy as sa

from scorekeeper.web.bidi import CONTROLS, FSI, PDI, bdi, isolated, without_controls
from scorekeeper.web.extensions import db
from scorekeeper.service import presets
from scorekeeper.service.models import Entry, Match, Table

RLO = "\u202e"
ANN = f"Ann{RLO}"
#: an Arabic name: right-to-left letters, nothing invisible (the override is dropped, never this)
SALMA = "\u0633\u0644\u0645\u0649"
MARKERS = (RLO, SALMA)
TABLE = f"Pub{RLO}night"
ARGS = {"token", "view_token", "match_id", "entry_id", "player_id", "preset_id"}


class Isolation(HTMLParser):
    """Where a page's override characters are: in text inside an isolating element, or not."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.loose: list[str] = []

    def _isolating(self) -> bool:
        return any(isolating for _, isolating in self.stack)

    @staticmethod
    def _enclosed(text: str) -> bool:
        """Every marker in ``text`` is plain-text isolated: no override left, each Arabic name between
        an FSI and its PDI."""
        if RLO in text:
            return False
        start = 0
        while (i := text.find(SALMA, start)) >= 0:
            if text[:i].count(FSI) <= text[:i].count(PDI):
                return False
            start = i + 1
        return True

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        has_dir = "dir" in attrs
        for name, value in attrs.items():
            if not value or not any(m in value for m in MARKERS):
                continue
            if not (self._enclosed(value) or (tag == "input" and name == "value" and has_dir)):
                self.loose.append(f"<{tag} {name}={value!r}>")
        if tag not in self.VOID:
            self.stack.append((tag, tag == "bdi" or has_dir))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data):
        if not any(m in data for m in MARKERS):
            return
        inside = [t for t, _ in self.stack]
        plain = {"title", "textarea", "text", "desc", "option"} & set(inside)  # no element can go there
        if plain or not self._isolating():
            if not self._enclosed(data):
                self.loose.append(f"{'/'.join(inside[-3:])}: {data.strip()[:80]!r}")


def loose_controls(body: str) -> list[str]:
    parser = Isolation()
    parser.feed(body)
    parser.close()
    return parser.loose


@pytest.fixture
def played(app, scorer):
    """A table with an override in its name and in a player's: a finished match (Ann scores 19 in the
    largest swing), a match in progress with a hand, a deleted hand and house rules."""
    scorer.create_table(TABLE)
    scorer.add_players(ANN, "Ben", "Cat", SALMA)
    finished = scorer.start_match("free", [ANN, "Ben", "Cat"], rules={"target": 20}, stake="5")
    assert scorer.record_points(finished, {ANN: 19, "Ben": 25, "Cat": 2}).status_code == 302
    active = scorer.start_match("free", [ANN, "Ben", SALMA])
    for points in ({ANN: 4, "Ben": 7, SALMA: 1}, {ANN: 1, "Ben": 2, SALMA: 5}, {ANN: 3, "Ben": 3, SALMA: 2}):
        assert scorer.record_points(active, points).status_code == 302
    with app.app_context():
        entries = list(db.session.scalars(sa.select(Entry.id).where(Entry.match_id == active).order_by(Entry.id)))
        table = db.session.scalar(sa.select(Table).where(Table.token == scorer.token))
        preset = presets.save(table, "free", f"Our rules{RLO}", {"target": 50}).id  # a name typed, too
        views = {m: db.session.get(Match, m).view_token for m in (finished, active)}
    assert scorer.post(f"/t/{scorer.token}/m/{active}/hands/{entries[0]}/delete",
                      {"version": str(scorer.version(active))}).status_code == 302
    return {"token": scorer.token, "finished": finished, "active": active, "entry": entries[-1],
            "deleted": entries[0], "views": views, "preset": preset, "players": scorer.player_ids()}


def _urls(app, played) -> list[str]:
    urls = ["/", f"/t/{played['token']}/stats?a={played['players'][ANN]}&b={played['players']['Ben']}",
            f"/t/{played['token']}/history?player={played['players'][ANN]}"]
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or not set(rule.arguments) or not set(rule.arguments) <= ARGS:
            continue
        if rule.endpoint.endswith(("export_match_json", "export_table", "export_match_csv")):
            continue  # data for other programs, kept exactly as stored
        if rule.endpoint.endswith("summary_png"):
            continue  # a picture, no text (tests/web/test_house_rules_and_rematch.py reads it)
        if rule.endpoint == "spectate.stream":
            continue  # version numbers, no names (tests/web/test_live_stream.py)
        for match in ("finished", "active"):
            values = {"token": played["token"], "view_token": played["views"][played[match]],
                      "match_id": played[match], "entry_id": played["entry"], "preset_id": played["preset"],
                      "player_id": played["players"][ANN]}
            if "entry_id" in rule.arguments and match == "finished":
                continue
            urls.append(re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", lambda m: str(values[m.group(1)]), rule.rule))
    urls.append(f"/t/{played['token']}/m/{played['active']}/hands/{played['entry']}/edit")
    urls.append(f"/t/{played['token']}/m/{played['active']}/hands/{played['deleted']}")
    urls.append(f"/t/{played['token']}/matches/new?variant=free&again={played['finished']}")
    return sorted(set(urls))


def test_every_name_on_every_page_is_isolated(app, client, played):
    urls = _urls(app, played)
    assert len(urls) >= 25, urls
    found, named = {}, 0
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        body = response.get_data(as_text=True)
        named += any(m in body for m in MARKERS) or FSI in body
        loose = loose_controls(body)
        if loose:
            found[url] = loose[:5]
    assert named >= 25  # the pages really draw the names (the crawl is right)
    assert not found, "\n".join(f"{url}: {where}" for url, where in found.items())


def test_a_refused_form_draws_names_isolated_too(app, scorer, played):
    # a refusal page (a rename to a name taken) and the hand form sent back with an error
    t = played["token"]
    response = scorer.post(f"/t/{t}/players/{played['players']['Ben']}/rename", {"name": "ann\u202e"})
    assert response.status_code == 422
    assert not loose_controls(response.get_data(as_text=True))
    response = scorer.record_points(played["active"], {ANN: "x", "Ben": 1, SALMA: 2})
    assert response.status_code == 422
    assert not loose_controls(response.get_data(as_text=True))


def _summary(client, played) -> str:
    return client.get(f"/v/{played['views'][played['finished']]}/summary").get_data(as_text=True)


def test_the_summary_never_reads_ann91(client, played):
    body = _summary(client, played)
    # the ranking (in the picture, its alternative and the link preview's description): each name
    # isolated before its points, which an override would otherwise reverse
    preview = re.search(r'<meta property="og:description" content="([^"]*)"', body).group(1)
    assert f"2. {FSI}Ann{PDI} 19" in preview
    assert not loose_controls(body)
    # the headline (title, heading, image text) is plain text: the winner is isolated in it
    assert f"<h1 class=\"page-title\">{isolated('Cat')} wins at Free scoring</h1>" in body


def test_the_chat_text_drops_the_controls_and_isolates_each_name(client, played):
    body = _summary(client, played)
    chat = re.search(r'<textarea[^>]*id="share-text"[^>]*>(.*?)</textarea>', body, re.S).group(1)
    assert not set(CONTROLS) - {FSI, PDI} & set(chat), "an override reached the chat text"
    assert f"2. {FSI}Ann{PDI} 19" in chat
    # the image's description and the share button's title are plain text too
    assert RLO not in re.search(r'alt="([^"]*)"', body).group(1)
    assert RLO not in re.search(r'data-share-title="([^"]*)"', body).group(1)


def test_the_largest_swing_line_isolates_each_name(client, played):
    body = _summary(client, played)
    line = re.search(r"largest swing: hand 1 \((.*?)\)</p>", body).group(1)
    assert line == f"Ben +25, <bdi>{ANN}</bdi> +19, Cat +2"  # names that can move nothing, as they are


def test_isolation_helpers():
    assert isolated("Ann\u202e") == "\u2068Ann\u2069"
    assert isolated(SALMA) == f"{FSI}{SALMA}{PDI}" and isolated("\u0661\u0662") == "\u2068\u0661\u0662\u2069"
    # a name that can move nothing is drawn as it is: in a left-to-right page isolating it changes nothing
    assert isolated("Zoë 2") == "Zoë 2" and str(bdi("Ann")) == "Ann" and str(bdi("<b>")) == "&lt;b&gt;"
    assert str(bdi(SALMA)) == f"<bdi>{SALMA}</bdi>" and str(bdi(ANN)) == f"<bdi>{ANN}</bdi>"
    assert isolated("\u2069\u202bX\u200f") == "\u2068X\u2069"  # a PDI in a name cannot close the isolate early
    assert without_controls("a\u061cb\u200ec\u2066d") == "abcd"


def test_engine_sentences_that_name_a_player_isolate_the_name(app, scorer):
    """The engine's own words tell of players ("Ann went out in one turn", "Ann deals"): said in the
    page's language, the name in them is isolated too (``i18n.speak``)."""
    scorer.create_table()
    scorer.add_players(ANN, "Ben")
    match = scorer.start_match("ramino", [ANN, "Ben"])
    ids = scorer.player_ids()
    preview = scorer.post(f"/t/{scorer.token}/m/{match}/hands/preview", {
        "by": str(ids[ANN]), "end": "out_in_one_turn", f"points_{ids[ANN]}": "0", f"points_{ids['Ben']}": "12",
        "version": str(scorer.version(match))}).get_data(as_text=True)
    assert f"{isolated(ANN)} went out in one turn" in preview, preview
    assert not loose_controls(preview)
    assert scorer.record(match, by=ANN, end="out_in_one_turn", points={ANN: 0, "Ben": 12}).status_code == 302
    for url in (f"/t/{scorer.token}/m/{match}", f"/t/{scorer.token}/m/{match}/history"):
        body = scorer.client.get(url).get_data(as_text=True)
        assert not loose_controls(body), (url, loose_controls(body))
