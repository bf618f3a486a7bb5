"""Flask commands: ``flask export MATCH_ID`` prints a match document, ``flask import FILE --table TOKEN``
creates a match on a table from one."""

from __future__ import annotations

import json

import click
import sqlalchemy as sa
from flask import Flask
from flask.cli import with_appcontext

from .extensions import db
from .models import Match


def init_app(app: Flask) -> None:
    app.cli.add_command(export_match)
    app.cli.add_command(import_match)


@click.command("export")
@click.argument("match_id", type=int)
@with_appcontext
def export_match(match_id: int) -> None:
    """Print the match document of MATCH_ID as JSON."""
    from .matches import service

    match = db.session.get(Match, match_id)
    if match is None:
        raise click.ClickException(f"no match {match_id}")
    click.echo(json.dumps(service.to_document(match), indent=2, ensure_ascii=False))


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--table", "token", required=True, help="the table's token (from its link)")
@with_appcontext
def import_match(file, token: str) -> None:
    """Create a match on a table from a match document FILE."""
    from .matches import importing

    try:
        document = json.load(file)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"not a JSON document: {exc}") from None
    from .models import Table

    table = db.session.scalar(sa.select(Table).where(Table.token == token))
    if table is None:
        raise click.ClickException("no table with that token")
    try:
        match = importing.import_match(table, document)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"imported match {match.id}")
