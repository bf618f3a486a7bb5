"""Replay time and page weight of the two games scored by side (Classic Canasta, Hand and Foot). A
script, not a test: it prints figures.

    .venv/bin/python benchmarks/bench_partnership.py [--quick]

Replay: a 40-round Hand and Foot match of six players in three sides (played to a target the rounds
never reach, so that all 40 are rounds of one match) and a long Canasta match of four in two partnerships
(200 hands, the target out of reach), each replayed by the engine alone (``engine.match.replay``) many
times: the median and the slowest of the runs after a warm-up, and the time per hand. Then both matches
(and a finished one of each) are imported into a throwaway SQLite database and their scoreboard and
match page (history) are weighed as ``page_weight.py`` weighs a page: the bytes of the page and of
everything its first load asks for, raw and as a phone gets them (``Accept-Encoding: br, gzip``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_weight import LIMIT, first_load  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine.match import replay  # noqa: E402
from scorekeeper.web.extensions import alembic, db  # noqa: E402
from scorekeeper.service import new_token  # noqa: E402
from scorekeeper.service.importing import import_match  # noqa: E402
from scorekeeper.service.models import Table  # noqa: E402

SIX = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
FOUR = ["Ann", "Ben", "Cat", "Dan"]


def fives(rng: random.Random, low: int, high: int) -> int:
    return 5 * rng.randint(low // 5, high // 5)


def hand_and_foot_match(rounds: int, seed: int = 22, finished: bool = False) -> dict:
    """Six players, partners opposite in three sides (HF-7's seating); each round one side goes out with
    the books it needs, the others score what they laid less what they hold; every third round the stock
    runs out. Counted points by class now and then, as a table counts them."""
    rng = random.Random(seed)
    teams = {"Ann & Dan": ["Ann", "Dan"], "Ben & Eve": ["Ben", "Eve"], "Cat & Fay": ["Cat", "Fay"]}
    entries = []
    for n in range(rounds):
        out = None if n % 3 == 2 else rng.choice(SIX)
        sides = {}
        for name, members in teams.items():
            going = out in members
            clean, dirty = (2 + rng.randint(0, 2), 2 + rng.randint(0, 1)) if going else (rng.randint(0, 2), rng.randint(0, 2))
            meld = 35 * clean + 50 * dirty + fives(rng, 40, 300)
            side = {"clean_books": clean, "dirty_books": dirty, "meld_points": meld,
                    "hand_points": fives(rng, 0, 40) if going else fives(rng, 20, 200),
                    "red_threes_laid": rng.randint(0, 1)}
            if rng.random() < 0.3:
                side["hand_points"] = {"aces_twos": rng.randint(0, 3), "eights_to_kings": rng.randint(0, 5),
                                       "fours_to_sevens": rng.randint(0, 6)}
            if going:
                side["hand_points"] = 0
            sides[name] = side
        entry = {"kind": "hand", "end": "out" if out else "stock_exhausted", "sides": sides}
        if out:
            entry["by"] = out
        entries.append(entry)
    rules = {"rounds": 4} if finished else {"match_mode": "target", "target": 1_000_000}
    if finished:
        entries = entries[:4]
    return {"format": "scorekeeper.match/1", "variant": "hand_and_foot", "rules": rules, "players": SIX,
            "teams": teams, "first_dealer": "Ann", "entries": entries}


def canasta_match(hands: int, seed: int = 11, finished: bool = False) -> dict:
    """Four players, partners opposite; one side goes out with a canasta or two, the other melds and
    holds; red threes shared out, a stock run out every fifth hand, a concealed out now and then."""
    rng = random.Random(seed)
    ns, ew = "Ann & Cat", "Ben & Dan"
    entries = []
    for n in range(hands):
        out = None if n % 5 == 4 else rng.choice(FOUR)
        threes = rng.randint(0, 4)
        mine = rng.randint(0, threes)
        sides = {}
        for name, members, red in ((ns, ("Ann", "Cat"), mine), (ew, ("Ben", "Dan"), threes - mine)):
            going = out in members
            natural, mixed = (rng.randint(0, 2), 1) if going else (rng.randint(0, 1), rng.randint(0, 1))
            meld = 35 * natural + 50 * mixed + fives(rng, 15, 150)
            side = {"natural_canastas": natural, "mixed_canastas": mixed, "red_threes": red, "meld_points": meld,
                    "hand_points": 0 if going else fives(rng, 0, 120)}
            if not going and rng.random() < 0.3:
                side["hand_points"] = {"jokers": rng.randint(0, 1), "aces_twos": rng.randint(0, 2),
                                       "eights_to_kings": rng.randint(0, 3), "fours_to_sevens": rng.randint(0, 3)}
            sides[name] = side
        entry = {"kind": "hand", "end": "out" if out else "stock_exhausted", "sides": sides}
        if out:
            entry["by"] = out
            entry["concealed"] = rng.random() < 0.05
        entries.append(entry)
    rules = {} if finished else {"target": 1_000_000}
    doc = {"format": "scorekeeper.match/1", "variant": "canasta", "rules": rules, "players": FOUR,
           "first_dealer": "Ann", "entries": entries}
    if finished:
        # played until a side reaches 5,000: the hands after it are not played
        for k in range(1, len(entries) + 1):
            doc["entries"] = entries[:k]
            if replay(doc).finished:
                break
    return doc


def time_replay(doc: dict, runs: int) -> tuple[float, float]:
    replay(doc)  # warm-up: the rules resolved once, the words' patterns compiled
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        replay(doc)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    args = parser.parse_args()
    runs = 10 if args.quick else 50

    hf = hand_and_foot_match(40)
    canasta = canasta_match(200)
    assert len(replay(hf).hands) == 40 and len(replay(canasta).hands) == 200
    print("Replay (engine.match.replay), median and slowest of", runs, "runs:")
    for label, doc in (("Hand and Foot, 6 players in 3 sides, 40 rounds", hf),
                       ("Canasta, 4 players in 2 sides, 200 hands", canasta)):
        median, worst = time_replay(doc, runs)
        hands = len(doc["entries"])
        print(f"  {label:50} {median * 1000:8.2f} ms  (slowest {worst * 1000:.2f} ms, "
              f"{median * 1e6 / hands:.0f} µs a hand)")

    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/partnership.sqlite3"})
    with app.app_context():
        alembic.upgrade()
        table = Table(name="Partners", token=new_token())
        db.session.add(table)
        db.session.commit()
        ids = {"hf": import_match(table, hf).id, "canasta": import_match(table, canasta).id,
               "hf4": import_match(table, hand_and_foot_match(4, finished=True)).id,
               "canasta_done": import_match(table, canasta_match(40, finished=True)).id}
        token = table.token
    client = app.test_client()
    client.get(f"/t/{token}")
    pages = [
        ("scoreboard (Canasta, 200 hands)", f"/t/{token}/m/{ids['canasta']}"),
        ("match page (Canasta, 200 hands)", f"/t/{token}/m/{ids['canasta']}/history"),
        ("scoreboard (Canasta, finished)", f"/t/{token}/m/{ids['canasta_done']}"),
        ("match page (Canasta, finished)", f"/t/{token}/m/{ids['canasta_done']}/history"),
        ("scoreboard (Hand and Foot, 6 in 3 sides, 40 rounds)", f"/t/{token}/m/{ids['hf']}"),
        ("match page (Hand and Foot, 40 rounds)", f"/t/{token}/m/{ids['hf']}/history"),
        ("scoreboard (Hand and Foot, 4 rounds, finished)", f"/t/{token}/m/{ids['hf4']}"),
        ("match page (Hand and Foot, 4 rounds)", f"/t/{token}/m/{ids['hf4']}/history"),
        ("history (4 matches)", f"/t/{token}/history"),
        ("meld checker (Canasta)", "/melds?variant=canasta"),
        ("meld checker (Hand and Foot)", "/melds?variant=hand_and_foot"),
    ]
    print()
    print(f"{'Page weight, bytes':52} {'page raw':>9} {'page br':>8} {'first load raw':>15} "
          f"{'first load br':>14} {'spare':>6}")
    for label, url in pages:
        raw, raw_total, _ = first_load(client, url, compressed=False)
        br, br_total, _ = first_load(client, url, compressed=True)
        flag = "  over 30 KB" if br_total > LIMIT else ""
        print(f"{label:52} {raw:9,d} {br:8,d} {raw_total:15,d} {br_total:14,d} {LIMIT - br_total:6,d}{flag}")
    # the request of a scoreboard as a whole (routing, SQL, the replay from its checkpoint, the template)
    print()
    for label, url in (pages[0], pages[4]):
        client.get(url)
        times = []
        for _ in range(runs // 5 or 2):
            start = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - start)
        print(f"request {label:52} {statistics.median(times) * 1000:8.1f} ms (median)")


if __name__ == "__main__":
    main()
