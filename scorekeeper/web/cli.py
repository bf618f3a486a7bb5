"""Flask commands: ``flask export MATCH_ID`` prints a match document, ``flask import FILE --table TOKEN``
creates a match on a table from one."""

from __future__ import annotations

import json

import click
from flask import Flask
from flask.cli import with_appcontext


def init_app(app: Flask) -> None:
    app.cli.add_command(export_match)
    app.cli.add_command(import_match)


@click.command("export")
@click.argument("match_id", type=int)
@with_appcontext
def export_match(match_id: int) -> None:
    """Print the match document of MATCH_ID as JSON."""
    from .. import service

    match = service.match_by_id(match_id)
    if match is None:
        raise click.ClickException(f"no match {match_id}")
    click.echo(json.dumps(service.to_document(match), indent=2, ensure_ascii=False))


@click.command("import")
@click.argument("file", type=click.File("rb"))
@click.option("--table", "token", required=True, help="the table's token (from its link)")
@click.option("--again", is_flag=True, help="import a match that is already on the table a second time")
@with_appcontext
def import_match(file, token: str, again: bool) -> None:
    """Create the matches of a match or table document FILE on a table (all or nothing)."""
    from .. import service
    from ..service import importing

    try:
        table = service.find_table(token)
    except service.NotFound:
        raise click.ClickException("no table with that token") from None
    try:
        created = importing.import_document(table, importing.read_document(file.read(importing.limits.UPLOAD_BYTES + 1)),
                                            again=again)
    except importing.ImportRefused as exc:
        raise click.ClickException(str(exc)) from None
    for match in created:
        click.echo(f"imported match {match.id}")
