"""The web app: ``create_app``, the only app factory (the package's ``create_app`` calls it).

It reads the configuration (``config``: a mapping in tests, the environment otherwise), binds the
extensions, registers one blueprint per feature, and asks ``server`` for what a server that runs the
app needs (its workers' checks and hooks, the warm-up). The game rules live in ``scorekeeper.engine``,
which knows nothing of Flask.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from flask import Flask
from htmx_flask import Htmx

from .. import service
from . import assets, config, errors, filters, guards, health, hooks, i18n, server
from .config import ROOT
from .extensions import alembic, compress, csrf, db, limiter, watch_engine


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(
        "scorekeeper",
        instance_relative_config=True,
        instance_path=config.instance_folder(),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    config.configure(app, test_config)
    server.wrap(app)
    server.check_limits(app.config)
    _init_extensions(app)
    _register_blueprints(app)
    hooks.init_app(app)
    filters.init_app(app)
    errors.register(app)
    server.warm_up(app)
    return app


def _init_extensions(app: Flask) -> None:
    db.init_app(app)
    # the service asks for its session here: the current app context's, made by Flask-SQLAlchemy-Lite
    service.store.use(lambda: db.session)
    alembic.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)
    compress.init_app(app)
    assets.init_app(app)
    health.init_app(app)
    i18n.init_app(app)
    Htmx(app)
    guards.init_app(app)  # the ``dbid`` converter must exist before the blueprints' routes are added
    with app.app_context():
        watch_engine(db.engine)
        server.fresh_pools_in_each_worker(list(db.engines.values()))


def _register_blueprints(app: Flask) -> None:
    from . import cli, hands, history, home, matches, melds, ratings, spectate, tables

    for feature in (home, tables, matches, hands, melds, history, spectate, ratings):
        app.register_blueprint(feature.bp)
    cli.init_app(app)
