"""A newcomer finds their way in the web layer: no function longer than a screen, and an app factory
as short as the tutorial's (flaskr's), which says what the app is made of and leaves the how to the
modules it calls.

Read from the source with ``ast``, so that a nested function counts on its own and its lines count
towards the function around it too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

WEB = Path(scorekeeper.__file__).resolve().parent / "web"
#: the longest a web function may be, in lines (its decorators aside, its docstring in)
LONGEST_FUNCTION = 60
#: the longest factory.py may be, in lines
LONGEST_FACTORY = 150


def _long_functions() -> list[str]:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LONGEST_FUNCTION:
                    found.append(f"{path.relative_to(WEB.parent)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_web_function_is_longer_than_a_screen():
    assert _long_functions() == []


def test_the_factory_is_short():
    lines = len((WEB / "factory.py").read_text(encoding="utf-8").splitlines())
    assert lines < LONGEST_FACTORY, f"factory.py has {lines} lines"
