"""a checkpoint of each match's replay, kept with the version it was made for

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 09:00:00

A save replays only the entries after the checkpoint, in whichever worker gets it, so it costs the
same on hand 2,000 as on hand 100. The checkpoint is derived (the engine's state after the first
``entries`` live entries, the last of them at ``position``) and trusted only while ``version`` is the
match's version. The index on an entry's match and position lets a save read the entries after the
checkpoint without reading the match's others.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0005'
down_revision: Union[str, Sequence[str], None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        'replay_checkpoint',
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('state', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['match.id'], name=op.f('fk_replay_checkpoint_match_id_match'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', name=op.f('pk_replay_checkpoint')),
    )
    with op.batch_alter_table('entry', schema=None) as batch_op:
        batch_op.create_index('ix_entry_match_id_position', ['match_id', 'position'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('entry', schema=None) as batch_op:
        batch_op.drop_index('ix_entry_match_id_position')
    op.drop_table('replay_checkpoint')
