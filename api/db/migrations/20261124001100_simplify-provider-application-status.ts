import type { Knex } from 'knex';

// Issue 17: an application is new until an admin approves it (which creates the provider's
// account) or rejects it; who decided and when are kept. The interview and background-check
// steps the first table allowed were never used by any screen, so they fold into "new".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_applications', (t) => {
    t.dropChecks(['provider_applications_status']);
    t.renameColumn('reviewed_by', 'decided_by');
    t.renameColumn('reviewed_at', 'decided_at');
  });
  await knex('provider_applications')
    .whereIn('status', ['submitted', 'interview', 'background_check'])
    .update({ status: 'new', decidedAt: null, decidedBy: null });
  // A decision from before this table kept its time only on the row's last change.
  await knex('provider_applications')
    .whereIn('status', ['approved', 'rejected'])
    .whereNull('decidedAt')
    .update({ decidedAt: knex.ref('updatedAt') });
  await knex.schema.alterTable('provider_applications', (t) => {
    t.text('status').notNullable().defaultTo('new').alter();
    t.check("status IN ('new', 'approved', 'rejected')", [], 'provider_applications_status');
    t.check("(status = 'new') = (decided_at IS NULL)", [], 'provider_applications_decided_when');
    // The admin list: newest first, and duplicates found by phone digits.
    t.index(['created_at']);
  });
  await knex.raw(
    "CREATE INDEX provider_applications_phone_digits ON provider_applications ((regexp_replace(phone, '[^0-9]', '', 'g')))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX provider_applications_phone_digits');
  await knex.schema.alterTable('provider_applications', (t) => {
    t.dropIndex(['created_at']);
    t.dropChecks(['provider_applications_status', 'provider_applications_decided_when']);
  });
  await knex('provider_applications').where({ status: 'new' }).update({ status: 'submitted' });
  await knex.schema.alterTable('provider_applications', (t) => {
    t.text('status').notNullable().defaultTo('submitted').alter();
    t.renameColumn('decided_by', 'reviewed_by');
    t.renameColumn('decided_at', 'reviewed_at');
    t.check(
      "status IN ('submitted', 'interview', 'background_check', 'approved', 'rejected')",
      [],
      'provider_applications_status',
    );
  });
}
