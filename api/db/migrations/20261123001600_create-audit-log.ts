import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": every admin write is recorded (who, what, when, before and
// after), for admin_owner to read. Rows are only ever added.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.text('action').notNullable();
    t.text('entity').notNullable();
    t.text('entity_id').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
