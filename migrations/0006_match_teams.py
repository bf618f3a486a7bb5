"""the sides of a match of a game scored by sides (the match document's teams)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 12:30:00

A partnership game (Canasta) keeps who plays with whom: ``[[side name, [player id, …]], …]``, or null
where the game plays its default sides (partners opposite) or has none.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0006'
down_revision: Union[str, Sequence[str], None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('teams', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('teams')
