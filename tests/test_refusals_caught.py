"""The web says a refusal to a person only when it is one: it catches ``engine.errors.Refusal`` (which every
error of the engine and the service derives from), never a bare ``ValueError``, which a mistake in the
program raises too and which would then be shown to a player as a rule. The only ``ValueError`` it
catches is the one Python raises when text is read as a number, an id or a time, and it says so."""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.engine.errors import Refusal
from scorekeeper import service
from scorekeeper.service import importing, presets
from scorekeeper.web.melds.checker import CheckError

ROOT = Path(__file__).resolve().parent.parent


def test_the_service_and_the_checker_refuse_with_refusals():
    for error in (service.MatchClosedError, service.NothingToUndo, service.LaterEntryError,
                  presets.PresetRefused, importing.ImportRefused, CheckError):
        assert issubclass(error, Refusal), error


def test_the_web_catches_no_bare_value_error():
    found = []
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        if "engine" in path.relative_to(ROOT).parts:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, ast.ExceptHandler) or node.type is None:
                continue
            names = [n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)]
            line = lines[node.lineno - 1]
            if "ValueError" in names and "# int() of" not in line and "# fromisoformat() of" not in line \
                    and "# form_id() of" not in line:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {line.strip()}")
    assert not found, "\n".join(found)
