"""a table's named house rules (presets), offered when a match of that game is started

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 07:30:00

A preset is a snapshot: a match started from it copies the rules into its own ``rules``, so editing or
deleting the preset never changes a match.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0003'
down_revision: Union[str, Sequence[str], None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table(
        'house_rules',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('variant', sa.String(length=20), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('name_key', sa.String(length=40), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['card_table.id'], name=op.f('fk_house_rules_table_id_card_table'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_house_rules')),
        sa.UniqueConstraint('table_id', 'name_key', name=op.f('uq_house_rules_table_id_name_key')),
    )
    with op.batch_alter_table('house_rules', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_house_rules_table_id'), ['table_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('house_rules', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_house_rules_table_id'))
    op.drop_table('house_rules')
