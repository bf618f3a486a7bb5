"""The documentation holds together: every link and anchor resolves, nothing cites a file the repository
does not have, the rules pages list every house rule the engine knows with its default, the golden files
name worked examples the rules pages carry, docs/match-format.md lists every field the engine accepts,
and the README's library example runs."""

from __future__ import annotations

import ast
import doctest
import json
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

from scorekeeper.engine.match import replay
from scorekeeper.engine.variants import VARIANTS
from scorekeeper.testing import check_rules_page, house_rules_table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES_DIR = DOCS / "rules"

# Spelled in pieces so that this file does not cite what it refuses.
SECTION_SIGN = "\u00a7"
OUTSIDE_FOLDER = ".." + "/shared"
OUTSIDE_RULES_FILE = "RULES" + ".md"
OUTSIDE_PART = "Part" + " II"

_SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "__pycache__", "instance", "build", "dist",
              ".pytest_cache", ".hypothesis", "test-results"}


# -- reading the repository ------------------------------------------------------------------------------


@cache
def repository_files() -> tuple[Path, ...]:
    """Every file of the repository: tracked and new (not ignored) files, or a walk without git."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                cwd=ROOT, capture_output=True, check=True).stdout.decode()
        files = {ROOT / name for name in listed.split("\0") if name}
    except (OSError, subprocess.CalledProcessError):
        files = {p for p in ROOT.rglob("*")
                 if p.is_file() and not any(part in _SKIP_DIRS or part.endswith(".egg-info")
                                            for part in p.relative_to(ROOT).parts)}
    return tuple(sorted(p for p in files if p.is_file()))


def text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


@cache
def text_files() -> tuple[tuple[Path, str], ...]:
    return tuple((p, t) for p in repository_files() if (t := text_of(p)) is not None)


def markdown_pages() -> list[Path]:
    return sorted([ROOT / "README.md", *DOCS.glob("*.md"), *RULES_DIR.glob("*.md")])


# -- anchors, the way GitHub makes them ---------------------------------------------------------------------

_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)
_HTML_ANCHOR = re.compile(r"""<a\s+(?:id|name)=["']([^"']+)["']""")
_MD_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: markup dropped, lower case, punctuation removed, spaces to hyphens."""
    text = _MD_LINK.sub(r"\1", heading).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def without_code(text: str) -> str:
    return _FENCE.sub("", text)


@cache
def anchors(path: Path) -> frozenset[str]:
    text = without_code(path.read_text(encoding="utf-8"))
    found: set[str] = set(_HTML_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for heading in _HEADING.findall(text):
        base = slug(heading)
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return frozenset(found)


def test_slug_matches_github():
    assert slug("Cards (`scorekeeper.engine.cards`)") == "cards-scorekeeperenginecards"
    assert slug("The winner's cards") == "the-winners-cards"
    assert slug("Laying off (a house rule)") == "laying-off-a-house-rule"


# -- links in the pages ------------------------------------------------------------------------------------


def _links():
    for page in markdown_pages():
        for _, target in _MD_LINK.findall(without_code(page.read_text(encoding="utf-8"))):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
                continue
            yield pytest.param(page, target, id=f"{page.relative_to(ROOT)}->{target}")


@pytest.mark.parametrize(("page", "target"), list(_links()))
def test_every_link_and_anchor_resolves(page, target):
    path_part, _, anchor = target.partition("#")
    dest = (page.parent / path_part).resolve() if path_part else page
    assert dest.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"
    if anchor:
        assert dest.suffix == ".md", f"{target}: anchors are checked only in markdown pages"
        assert anchor in anchors(dest), (
            f"{page.relative_to(ROOT)} links to {target}: {dest.relative_to(ROOT)} has no anchor {anchor!r} "
            f"(it has {sorted(anchors(dest))})")


# -- nothing cites what the repository does not hold -------------------------------------------------------

# a path to a markdown page, with an optional anchor: docs/rules/gin.md#undercut, ../engine.md, README.md
_MD_REF = re.compile(r"(?<![\w/.-])((?:\.\.?/)*(?:[\w-]+/)*[\w-]+\.md)(?:#([\w-]+))?")
_SECTION_REF = re.compile(SECTION_SIGN + r"\s*((?:[\w-]+/)*[\w-]+\.md#[\w-]+)?")


@cache
def _markdown_by_name() -> dict[str, list[Path]]:
    by_name: dict[str, list[Path]] = {}
    for path in repository_files():
        if path.suffix == ".md":
            by_name.setdefault(path.name, []).append(path)
    return by_name


def resolve_reference(citing: Path, ref: str) -> list[Path]:
    """The pages a reference may mean: relative to the citing file, to the root, or to docs/rules."""
    for base in (citing.parent, ROOT, RULES_DIR):
        candidate = (base / ref).resolve()
        if candidate.is_file():
            return [candidate]
    if "/" not in ref:
        return _markdown_by_name().get(ref, [])
    return []


def citation_problems(path: Path, text: str) -> list[str]:
    problems = []
    # a rules file outside the repository is caught below, as any page the repository does not hold
    for needle in (OUTSIDE_FOLDER, OUTSIDE_PART):
        if needle in text:
            problems.append(f"mentions {needle!r}, which is not in the repository")
    for match in _SECTION_REF.finditer(text):
        if not match.group(1):
            tail = text[match.start():match.start() + 20].splitlines()[0]
            problems.append(f"cites {tail!r}: a section sign must be followed by a page and anchor of docs/rules")
    for match in _MD_REF.finditer(text):
        ref, anchor = match.group(1), match.group(2)
        pages = resolve_reference(path, ref)
        if not pages:
            problems.append(f"cites {ref}, which is not in the repository")
        elif anchor and not any(anchor in anchors(p) for p in pages):
            problems.append(f"cites {ref}#{anchor}, but that page has no such anchor")
    return problems


def test_no_file_cites_what_the_repository_lacks():
    problems = []
    for path, text in text_files():
        problems += [f"{path.relative_to(ROOT)}: {p}" for p in citation_problems(path, text)]
    assert problems == []


def test_the_citation_check_refuses_what_it_should():
    here = RULES_DIR / "gin.md"
    assert citation_problems(here, "see gin.md#undercut and docs/rules/common.md#order-of-operations") == []
    assert citation_problems(here, SECTION_SIGN + " docs/rules/gin.md#undercut") == []
    assert len(citation_problems(here, "as " + SECTION_SIGN + "10.4 says")) == 1
    assert len(citation_problems(here, "docs/rules/gin.md" + "#no-such-anchor")) == 1
    assert len(citation_problems(here, "see " + OUTSIDE_FOLDER + "/notes")) == 1
    assert len(citation_problems(here, "as " + "NOTES" + ".md says")) == 1
    assert len(citation_problems(here, "see " + OUTSIDE_RULES_FILE)) == 1


# -- the rules pages and the engine agree --------------------------------------------------------------------

@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_house_rule_is_on_its_page_with_its_default(key):
    """Every installed game's rules page (found through the game: ``Variant.files``) lists its switches
    with their defaults and allowed values (``scorekeeper.testing.check_rules_page``)."""
    check_rules_page(VARIANTS[key])


def test_the_house_rules_check_would_catch_a_missing_row(tmp_path):
    page = tmp_path / "gin.md"
    page.write_text(VARIANTS["gin"].files().rules_page.read_text(encoding="utf-8").replace("| `gin_bonus` |", "| `gin_bonus_x` |"),
                    encoding="utf-8")
    assert "gin_bonus" in house_rules_table(VARIANTS["gin"].files().rules_page)
    assert "gin_bonus" not in house_rules_table(page) and "gin_bonus_x" in house_rules_table(page)


_EXAMPLE_ID = re.compile(r"^((?:RR|Ra|BR|PR|R|G|O|K|F|W|Q)\d+)\b")
_OPEN_QUESTION_ID = re.compile(r"(?<![\w=(])[A-D](?:10|[1-9])\b(?![♠♥♦♣])")


def _golden_descriptions():
    paths = sorted(p for v in VARIANTS.values() for p in (v.files().golden_matches, v.files().golden_melds)
                   if p.is_file() and p.is_relative_to(ROOT))
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data.get("cases", data.get("melds", []))
        texts = [data.get("source", ""), data.get("note", "")]
        texts += [item.get(k, "") for item in items for k in ("name", "source", "note")]
        yield pytest.param(path, data["variant"], [t for t in texts if t], id=str(path.relative_to(ROOT)))


@pytest.mark.parametrize(("path", "variant", "texts"), list(_golden_descriptions()))
def test_golden_files_name_examples_the_rules_pages_carry(path, variant, texts):
    page = VARIANTS[variant].files().rules_page
    for text in texts:
        if m := _EXAMPLE_ID.match(text):
            assert m.group(1).lower() in anchors(page), f"{text!r}: {page.name} has no example {m.group(1)}"
        assert not _OPEN_QUESTION_ID.search(text), f"{text!r} cites a section id the rules pages do not have"


# -- docs/match-format.md lists every field the engine accepts ----------------------------------------------


def documented_fields(heading: str) -> set[str]:
    """The first column of the table whose header cell is ``heading``."""
    text = (DOCS / "match-format.md").read_text(encoding="utf-8")
    block = text.split(f"| {heading} |", 1)[1].split("\n\n", 1)[0]
    return {m.group(1) for line in block.splitlines()[2:] if (m := re.match(r"\|\s*`(\w+)`", line))}


@cache
def candidate_names() -> frozenset[str]:
    """Every identifier-like string the engine's source holds: the fields it reads are among them."""
    names: set[str] = set()
    for path in (ROOT / "scorekeeper" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"[a-z_]+", node.value):
                names.add(node.value)
    return frozenset(names)


def _refused_for(document: dict, name: str) -> bool:
    try:
        replay(document)
    except ValueError as error:
        return name in str(error)
    return False


_PLAYERS = ["P", "Q", "R"]
_HAND = {"kind": "hand", "end": "out", "by": "P", "held": {"Q": {"points": 5}, "R": {"points": 5}}}
_SAMPLE = {"kind": "hand", "end": "out", "by": "P", "held": _HAND["held"], "cards": "2C", "points": 5,
           "opened": True, "player": "Q"}


def accepted(where: str, name: str) -> bool:
    value = _SAMPLE.get(name)
    if where == "document":
        # a field the engine reads refuses a nonsense value; one it does not read is ignored
        document = {"variant": "russian", "players": _PLAYERS, name: [[]]}
        try:
            replay(document)
        except ValueError:
            return True
        return False
    if where == "hand":
        entry = {**_HAND, name: _HAND.get(name, value)}
        return not _refused_for({"variant": "russian", "players": _PLAYERS, "entries": [entry]}, name)
    if where == "held":
        held = {} if name in ("cards", "points") else {"points": 5}
        entry = {**_HAND, "held": {"Q": {**held, name: value}, "R": {"points": 5}}}
        return not _refused_for({"variant": "russian", "players": _PLAYERS, "entries": [entry]}, name)
    if where == "void":
        entry = {"kind": "void", name: "void" if name == "kind" else value}
        return not _refused_for({"variant": "russian", "players": _PLAYERS, "entries": [entry]}, name)
    knock_out = {"kind": "hand", "end": "knock", "by": "P",
                 "held": {"P": {"points": 1}, "Q": {"points": 70}, "R": {"points": 1}}}
    entry = {"kind": "rebuy", "player": "Q", name: {"kind": "rebuy", "player": "Q"}.get(name, value)}
    return not _refused_for({"variant": "rumino", "players": _PLAYERS, "entries": [knock_out, knock_out, entry]},
                            name)


@pytest.mark.parametrize(("where", "heading"), [
    ("document", "Document field"), ("hand", "Hand field"), ("held", "`held` field"),
    ("void", "Void field"), ("rebuy", "Rebuy field"),
])
def test_match_format_lists_every_field_the_engine_accepts(where, heading):
    documented = documented_fields(heading)
    assert documented, heading
    probed = documented | candidate_names() | {"colour"}
    assert {name for name in probed if accepted(where, name)} == documented


# -- the README's example runs ---------------------------------------------------------------------------


def test_readme_library_example_runs():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
