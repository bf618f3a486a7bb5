"""a match's undo log and a table's currency

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 07:00:00

The undo log lets "Undo" take back the last action of any kind (a hand added, edited, deleted or
restored, a rebuy, a void) and "Redo" bring it back until the next action. The currency is the one
symbol a table's money is shown with everywhere.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0004'
down_revision: Union[str, Sequence[str], None] = '0003'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('actions', sa.JSON(), nullable=True))
    with op.batch_alter_table('card_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('currency', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('card_table', schema=None) as batch_op:
        batch_op.drop_column('currency')
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('actions')
