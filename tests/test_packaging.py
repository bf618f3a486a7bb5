"""A plain ``pip install .`` (not editable) must carry the top-level templates/, static/ and
migrations/ (an editable install hides their absence): the wheel's data files must hold every one of
them, where create_app looks. Both installs build the solver's compiled lane (every machine we install on
has a C compiler; elsewhere the extension is optional and the solver answers in Python)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_carries_templates_static_and_migrations(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    [wheel] = tmp_path.glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        shipped = {name.split("/data/share/scorekeeper/", 1)[1] for name in z.namelist()
                   if "/data/share/scorekeeper/" in name}
    expected = {str(path.relative_to(ROOT)) for top in ("templates", "static", "migrations")
                for path in (ROOT / top).rglob("*")
                if path.is_file() and "__pycache__" not in path.parts}
    assert expected - shipped == set(), "add these folders to [tool.setuptools.data-files] in pyproject.toml"
    # the translation catalogs' sources travel inside the package (the app compiles them as it starts)
    catalogs = {str(p.relative_to(ROOT)) for p in (ROOT / "scorekeeper" / "translations").rglob("*.po")}
    assert catalogs and catalogs <= names, "add the catalogs to [tool.setuptools.package-data]"
    # the solver's compiled lane, built into the wheel
    assert any(name.startswith("scorekeeper/engine/solver/_lane.") and name.endswith(".so") for name in names)


def test_this_install_built_the_solver_s_compiled_lane():
    """``pip install -e .`` builds the extension in place; the import fails here if it did not (the
    solver would still answer, in Python, so nothing else would say so)."""
    import scorekeeper.engine.solver._lane as lane

    assert Path(lane.__file__).name.startswith("_lane.") and hasattr(lane, "Lane")
