"""The three layers import in one order only: the engine (pure), then the service (stored matches, no
Flask), then the web (the factory, extensions and blueprints).

Read from the source (every ``import`` of every module, relative ones resolved), so that an import
hidden inside a function counts too, and checked by importing the service alone in a fresh process.
A blueprint's ``routes`` are the web's leaves: no other module imports them (what two blueprints share
lives in a module of its own), so a page's helpers never pull in another page's views.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).resolve().parent
#: libraries of the web: the service (and so the engine) imports none of them
WEB_LIBRARIES = ("flask", "flask_babel", "flask_wtf", "flask_limiter", "flask_alembic", "flask_compress",
                 "flask_sqlalchemy_lite", "htmx_flask", "werkzeug", "jinja2", "markupsafe", "wtforms")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, here: str | None = None) -> set[str]:
    """Every module ``path`` (the module ``here``) imports, as absolute names."""
    here = here or _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            # ``from . import service`` imports the module ``scorekeeper.service``
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def _layer(module: str) -> str:
    if module == "scorekeeper.engine" or module.startswith("scorekeeper.engine."):
        return "engine"
    if module == "scorekeeper.service" or module.startswith("scorekeeper.service."):
        return "service"
    return "web"


#: the modules beside the three folders: the package's door (``create_app``) and the check kit a game's
#: author runs against their game (it drives every layer, as a test does)
AT_THE_TOP = {"scorekeeper", "scorekeeper.testing"}


def _modules() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def _is_ours(name: str) -> bool:
    return name == "scorekeeper" or name.startswith("scorekeeper.")


def _existing(name: str, modules: dict[str, set[str]]) -> bool:
    return name in modules


def test_each_layer_imports_only_the_layers_below_it():
    modules = _modules()
    order = {"engine": 0, "service": 1, "web": 2}
    wrong = []
    for module, imported in modules.items():
        for name in imported:
            if not _is_ours(name) or not _existing(name, modules) or name == "scorekeeper":
                continue
            if order[_layer(name)] > order[_layer(module)]:
                wrong.append(f"{module} ({_layer(module)}) imports {name} ({_layer(name)})")
    assert not wrong, "\n".join(sorted(wrong))


def test_every_module_lives_in_one_of_the_three_folders():
    folders = ("scorekeeper.engine", "scorekeeper.service", "scorekeeper.web")
    loose = sorted(m for m in _modules() if m not in AT_THE_TOP
                   and not any(m == f or m.startswith(f + ".") for f in folders))
    assert not loose, loose


def _blueprint(module: str) -> str | None:
    """The blueprint package of a web module (``scorekeeper.web.hands.routes`` → ``hands``), if any."""
    parts = module.split(".")
    if len(parts) >= 4 and parts[:2] == ["scorekeeper", "web"]:
        return parts[2]
    return None


def test_no_two_blueprints_import_each_other():
    # an arrow from one page's package to another's and back would be an arrow running up the house:
    # what two pages share lives in a module of its own
    modules = _modules()
    arrows = {(_blueprint(m), _blueprint(n)) for m, imported in modules.items() for n in imported
              if n in modules and _blueprint(m) and _blueprint(n) and _blueprint(m) != _blueprint(n)}
    both = sorted(f"{a} <-> {b}" for a, b in arrows if (b, a) in arrows and a < b)
    assert not both, both


def test_what_the_pages_share_imports_no_page():
    # the web's own floor (the scoreboard, the hand form, charts, words...) lies under the blueprints: only
    # the app's assembly looks up at them (the factory registers them; the request hooks and the server's
    # plumbing tell the live sheet's streams of a save and of the server stopping)
    modules = _modules()
    assembly = {"scorekeeper.web.factory", "scorekeeper.web.hooks", "scorekeeper.web.server"}
    wrong = sorted(f"{m} imports {n}" for m, imported in modules.items() for n in imported
                   if m.startswith("scorekeeper.web.") and not _blueprint(m) and m not in assembly
                   and n in modules and _blueprint(n) and not n.startswith(m + "."))
    assert not wrong, wrong


def test_the_service_and_the_engine_import_no_web_library():
    wrong = []
    for module, imported in _modules().items():
        if _layer(module) == "web":
            continue
        for name in imported:
            if name.split(".")[0] in WEB_LIBRARIES:
                wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_module_imports_another_blueprints_routes():
    modules = _modules()
    wrong = []
    for module, imported in modules.items():
        for name in imported:
            if _is_ours(name) and name.endswith(".routes") and name in modules:
                owner = name.rpartition(".")[0]
                if module != owner:
                    wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(sorted(wrong))


def test_the_service_imports_alone():
    code = ("import sys; import scorekeeper.service, scorekeeper.service.importing, scorekeeper.service.presets, "
            "scorekeeper.service.summaries, scorekeeper.service.stats; "
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {WEB_LIBRARIES!r}); "
            "web = sorted(m for m in sys.modules if m.startswith('scorekeeper.') "
            "and not m.startswith(('scorekeeper.engine', 'scorekeeper.service'))); "
            "assert not bad and not web, (bad, web); print('alone')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "alone"


def test_the_test_sees_a_wrong_import(tmp_path):
    # the source reading is the test's eyes: an import hidden in a function of a service module is seen
    probe = tmp_path / "probe.py"
    probe.write_text("def later():\n    from ..web.extensions import db\n    from flask import abort\n", encoding="utf-8")
    found = _imports(probe, "scorekeeper.service.probe")
    assert {"scorekeeper.web.extensions", "scorekeeper.web.extensions.db", "flask"} <= found
    assert _layer("scorekeeper.web.extensions") == "web" and _layer("scorekeeper.service.probe") == "service"


#: the web's modules that touch the database themselves: the extensions (the engine and its settings), the
#: error pages (a failed request's session rolled back, SQLAlchemy's errors caught while doing so) and the
#: health check (the database pinged, its session rolled back). Every query lives in the service.
TOUCH_THE_DATABASE = {"scorekeeper.web.extensions", "scorekeeper.web.errors", "scorekeeper.web.health"}
#: the session's calls that run a query
QUERIES = {"execute", "scalar", "scalars", "get", "query"}


def _runs_sql(source: str) -> list[str]:
    """What in ``source`` imports SQLAlchemy or runs a query on a session (``db.session.execute(...)``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] == "sqlalchemy"]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "sqlalchemy":
            found.append(f"from {node.module} import")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in QUERIES
              and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "session"):
            found.append(f"session.{node.func.attr}() on line {node.lineno}")
    return found


def test_the_web_runs_no_sql_of_its_own():
    web = PACKAGE / "web"
    wrong = {_module_name(p): _runs_sql(p.read_text(encoding="utf-8")) for p in sorted(web.rglob("*.py"))}
    assert {m: found for m, found in wrong.items() if found and m not in TOUCH_THE_DATABASE} == {}


def test_the_test_sees_sql_in_the_web():
    probe = ("import sqlalchemy as sa\nfrom sqlalchemy.orm import selectinload\n"
             "def rows():\n    return db.session.execute(sa.select(Match)), db.session.get(Match, 1)\n"
             "def fine(page):\n    db.session.rollback()\n    return urlsplit(page).query\n")
    assert _runs_sql(probe) == ["import sqlalchemy", "from sqlalchemy.orm import", "session.execute() on line 4",
                                "session.get() on line 4"]
