"""The translation catalogs keep up with the code: the words extracted from the code now (with the
README's `pybabel extract` settings) are exactly those of each language's `.po`, each one translated,
none fuzzy, and every translation keeps its placeholders. A domain with no `.po` yet has nothing to
compare."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "scorekeeper" / "translations"

#: the README's extraction commands, domain by domain
EXTRACT = {
    "messages": ["-F", "babel.cfg", "-k", "lazy_gettext", "-k", "_l"],
    "engine": ["-F", "babel-engine.cfg", "--no-default-keywords", "-k", "_", "-k", "_n:1,2"],
}


def _ids(catalog) -> set:
    return {message.id for message in catalog if message.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pot")
    out = {}
    for domain, options in EXTRACT.items():
        pot = folder / f"{domain}.pot"
        CommandLineInterface().run(["pybabel", "-q", "extract", *options, "-o", str(pot), str(ROOT)])
        with pot.open("rb") as f:
            out[domain] = read_po(f)
    return out


CATALOGS = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))


def test_every_language_has_the_web_catalog():
    assert (TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.po").exists()
    assert {po.stem for po in CATALOGS} <= set(EXTRACT)


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_catalog_is_up_to_date_and_translated(po, extracted):
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name)
    code = _ids(extracted[po.stem])
    kept = _ids(catalog)
    def show(ids):
        return sorted(i if isinstance(i, str) else i[0] for i in ids)[:20]
    assert not code - kept, f"run the README's extract and update for {po.stem}: missing {show(code - kept)}"
    assert not kept - code, f"run the README's extract and update for {po.stem}: stale {show(kept - code)}"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy in {po}: {show(fuzzy)}"
    untranslated = [m.id for m in catalog if m.id and not (
        all(m.string) if isinstance(m.string, (tuple, list)) else m.string)]
    assert not untranslated, f"untranslated in {po}: {show(untranslated)}"
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert not problems, f"placeholders differ in {po}: {problems[:10]}"
