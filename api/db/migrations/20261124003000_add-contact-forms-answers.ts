import type { Knex } from 'knex';

// Issue 17: the contact form asks for a topic, and the inbox knows two states, new and answered
// (by an e-mailed reply or by hand), with who answered and when. The old 'replied' and 'closed'
// were never set by any screen; both mean someone dealt with the message.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_forms', (t) => {
    t.text('topic').notNullable().defaultTo('other');
    t.timestamp('answered_at');
    t.uuid('answered_by').references('users.id').onDelete('SET NULL');
    t.dropChecks(['contact_forms_status']);
  });
  await knex('contact_forms')
    .whereIn('status', ['replied', 'closed'])
    .update({ status: 'answered', answered_at: knex.ref('updated_at') });
  await knex.schema.alterTable('contact_forms', (t) => {
    t.check("status IN ('new', 'answered')", [], 'contact_forms_status');
    t.check("topic IN ('booking', 'billing', 'provider', 'other')", [], 'contact_forms_topic');
    // The inbox: newest first, often only the new ones.
    t.index(['status', 'created_at'], 'contact_forms_status_created_at');
    t.index(['created_at'], 'contact_forms_created_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_forms', (t) => {
    t.dropIndex([], 'contact_forms_created_at');
    t.dropIndex([], 'contact_forms_status_created_at');
    t.dropChecks(['contact_forms_status', 'contact_forms_topic']);
  });
  await knex('contact_forms').where({ status: 'answered' }).update({ status: 'replied' });
  await knex.schema.alterTable('contact_forms', (t) => {
    t.dropColumn('answered_by');
    t.dropColumn('answered_at');
    t.dropColumn('topic');
    t.check("status IN ('new', 'replied', 'closed')", [], 'contact_forms_status');
  });
}
