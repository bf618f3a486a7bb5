"""Page weight: what a phone downloads on the first load of each page. A script, not a test.

    .venv/bin/python benchmarks/page_weight.py

It fills a throwaway SQLite database (a table of six players with a 20-hand Rumino match entered by
cards, a Ramino match and a few finished ones, plus a 200-hand Rumino match), then asks each page
through Flask's test client twice: with ``Accept-Encoding: br, gzip`` (what a phone sends) and
without (the bytes before compression). A page's first load counts the page and every file it asks
for with an empty cache (``scorekeeper.web.assets.first_load``: style sheets, scripts, manifest, icon,
the service worker script, and the card picker's script where a picker is drawn at once). The last
column adds what comes later: the service worker script (registered once the page has loaded) and
what a page loads on demand (the picker's script and styles when a player's cards are opened,
offline.js when the hand form is touched). Sizes are response bodies (headers left out), in bytes.
"spare" is what the first load leaves of the 30 KB limit; a page with less than 2 KB spare is
flagged (room kept for longer words in other languages).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from card_matches import going_out_match, knock_match  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.web.assets import first_load as asked_for  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402
from scorekeeper.service.importing import import_match  # noqa: E402
from scorekeeper.service import new_token  # noqa: E402
from scorekeeper.service.models import Table  # noqa: E402

ON_DEMAND = re.compile(r'data-(?:sw|load-picker|load-picker-css|load-offline)="([^"]+)"')
LIMIT = 30 * 1024
MARGIN = 2 * 1024


def fill(app) -> dict:
    with app.app_context():
        table = Table(name="Friday cards", token=new_token())
        db.session.add(table)
        db.session.commit()
        finished = [import_match(table, going_out_match(12, seed=s)) for s in range(3)]
        for m in finished:
            m.status = "finished"
        db.session.commit()
        ramino = import_match(table, going_out_match(20))
        rumino = import_match(table, knock_match(20))
        big = import_match(table, knock_match(200))
        return {"token": table.token, "rumino": rumino.id, "ramino": ramino.id, "big": big.id}


def body(client, url: str, compressed: bool) -> tuple[int, bytes]:
    headers = {"Accept-Encoding": "br, gzip"} if compressed else {"Accept-Encoding": "identity"}
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return len(response.get_data()), response.get_data()


def first_load(client, url: str, compressed: bool) -> tuple[int, int, int]:
    """(page bytes, page + what its first load asks for, the same + scripts loaded on demand)."""
    size, _ = body(client, url, compressed)
    html = client.get(url).get_data(as_text=True)
    assets = asked_for(html)
    total = size + sum(body(client, a, compressed)[0] for a in assets)
    later = [u.replace("&amp;", "&") for u in ON_DEMAND.findall(html)]
    later = [u for u in later if u not in assets and ("picker" not in u or "data-picker" in html.split("</head>")[1])
             and ("offline" not in u or "hand-form" in html)]
    later = list(dict.fromkeys(later))
    return size, total, total + sum(body(client, a, compressed)[0] for a in later)


def main() -> None:
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/weight.sqlite3"})
    with app.app_context():
        alembic.upgrade()
    data = fill(app)
    client = app.test_client()
    t = data["token"]
    client.get(f"/t/{t}")  # the browser remembers the table: the home page lists it
    pages = [
        ("home", "/"),
        ("table", f"/t/{t}"),
        ("scoreboard (Rumino, 6 players, 20 hands)", f"/t/{t}/m/{data['rumino']}"),
        ("scoreboard (Ramino, 6 players, 20 hands)", f"/t/{t}/m/{data['ramino']}"),
        ("hand form (Rumino, 6 players)", f"/t/{t}/m/{data['rumino']}/hands/new"),
        ("meld checker", "/melds"),
        ("match page (Rumino, 20 hands)", f"/t/{t}/m/{data['rumino']}/history"),
        ("history (5 matches)", f"/t/{t}/history"),
        ("scoreboard (Rumino, 6 players, 200 hands)", f"/t/{t}/m/{data['big']}"),
        ("match page (Rumino, 200 hands)", f"/t/{t}/m/{data['big']}/history"),
    ]
    print(f"{'':44} {'page raw':>9} {'page br':>8} {'first load raw':>15} {'first load br':>14} "
          f"{'+ later br':>11} {'spare':>6}")
    for label, url in pages:
        raw, raw_total, _ = first_load(client, url, compressed=False)
        br, br_total, br_later = first_load(client, url, compressed=True)
        flag = "  over 30 KB" if br_total > LIMIT else "  less than 2 KB spare" if br_total > LIMIT - MARGIN else ""
        print(f"{label:44} {raw:9,d} {br:8,d} {raw_total:15,d} {br_total:14,d} {br_later:11,d} "
              f"{LIMIT - br_total:6,d}{flag}")


if __name__ == "__main__":
    main()
