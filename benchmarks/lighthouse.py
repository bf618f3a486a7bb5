"""Lighthouse (mobile) on the pages a phone opens most. A script, not a test: it prints figures.

    npm install lighthouse@12          # anywhere, once; then give its path:
    CHROME_PATH=/usr/bin/chromium .venv/bin/python benchmarks/lighthouse.py \\
        --lighthouse node_modules/.bin/lighthouse [--runs 3] [--keep DIR]

It fills a throwaway SQLite database as ``benchmarks/page_weight.py`` does (a table of six players
with a 20-hand Rumino match entered by cards), serves it with gunicorn on a free port of 127.0.0.1
(as a server runs: one worker, solver tables built at start), and runs Lighthouse with its mobile
defaults (a phone's screen, simulated slow 4G and a 4x slower CPU) on the home page, the scoreboard,
the hand form and the meld checker, ``--runs`` times each. It prints the median score of each
category (performance, accessibility, best practices) and every audit that scored below 1 in the
median run with what Lighthouse says of it. The performance score depends on the machine: on a busy
one, run it three times or more and read the medians. ``--keep`` writes every report (JSON) there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from page_weight import fill  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from server import Server  # noqa: E402

CATEGORIES = ("performance", "accessibility", "best-practices")


def lighthouse(binary: str, url: str, out: Path) -> dict:
    subprocess.run([binary, url, "--quiet", "--output=json", f"--output-path={out}", "--form-factor=mobile",
                    f"--only-categories={','.join(CATEGORIES)}",
                    "--chrome-flags=--headless=new --no-sandbox"],
                   check=True, env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")})
    return json.loads(out.read_text())


def scores(report: dict) -> dict[str, int]:
    return {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}


def below_one(report: dict) -> list[str]:
    lines = []
    for category in CATEGORIES:
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                shown = audit.get("displayValue") or ""
                lines.append(f"{category}: {audit['id']} {audit['score']:.2f} {shown}".rstrip())
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lighthouse", default="lighthouse", help="the lighthouse command (npm's bin)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="a folder for the JSON reports")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    server = Server(tmp, workers=1, threads=1, preload=False, args=["--timeout", "120"], wait=120)
    server.migrate()
    data = fill(create_app({"SECRET_KEY": "lighthouse", "DATABASE_URL": server.database_url}))
    t = data["token"]
    base = server.url
    pages = [
        ("home", "/"),
        ("scoreboard (Rumino, 6 players, 20 hands)", f"/t/{t}/m/{data['rumino']}"),
        ("hand form (Rumino, 6 players)", f"/t/{t}/m/{data['rumino']}/hands/new"),
        ("meld checker", "/melds"),
    ]
    reports = args.keep or tmp
    reports.mkdir(parents=True, exist_ok=True)
    with server:
        print(f"Lighthouse mobile, median of {args.runs} runs (load average {os.getloadavg()[0]:.1f} at start)")
        print(f"{'':44} {'perf':>5} {'a11y':>5} {'best':>5}   runs (perf)")
        notes = []
        for n, (label, path) in enumerate(pages):
            runs = [lighthouse(args.lighthouse, base + path, reports / f"page{n}-run{r}.json")
                    for r in range(args.runs)]
            perf = [scores(r)["performance"] for r in runs]
            median = runs[perf.index(sorted(perf)[len(perf) // 2])]
            got = {c: statistics.median(scores(r)[c] for r in runs) for c in CATEGORIES}
            print(f"{label:44} {got['performance']:5.0f} {got['accessibility']:5.0f} "
                  f"{got['best-practices']:5.0f}   {perf}")
            notes += [f"  {label}: {line}" for line in below_one(median)]
        print("\naudits below 1 in the median run:" if notes else "\nno audit below 1")
        print("\n".join(notes))


if __name__ == "__main__":
    main()
