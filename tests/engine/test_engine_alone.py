"""The engine is a library: importing it imports no web library, and the app is still made on demand."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_import_engine_imports_no_web_library():
    done = _run("import scorekeeper.engine, sys; assert 'flask' not in sys.modules; "
                "bad = [m for m in ('flask_wtf', 'sqlalchemy', 'alembic', 'flask_limiter', 'jinja2') "
                "if m in sys.modules]; assert not bad, bad; print('alone')")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "alone"


def test_the_package_still_makes_the_app_for_flask_and_gunicorn():
    # what `flask --app scorekeeper` and gunicorn's 'scorekeeper:create_app()' look up
    done = _run("import scorekeeper, flask; app = scorekeeper.create_app({'TESTING': True, "
                "'SQLALCHEMY_ENGINES': {'default': 'sqlite://'}, 'SECRET_KEY': 'x'}); "
                "assert isinstance(app, flask.Flask) and app.name == 'scorekeeper'; "
                "from flask.cli import find_best_app; assert callable(scorekeeper.create_app); print(scorekeeper.ROOT.name)")
    assert done.returncode == 0, done.stderr
