"""the history listing's per-match summary, kept with the version it was derived from

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 07:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0002'
down_revision: Union[str, Sequence[str], None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('summary', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('summary_version', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('summary_version')
        batch_op.drop_column('summary')
