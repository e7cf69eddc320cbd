import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": a provider is VIP by their rating, or because an admin marked
// them so. The mark is kept with who set it and when; clearing it clears both. It sits on users
// because every provider has a users row, while a provider_profiles row is optional.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('vip_marked_at');
    t.uuid('vip_marked_by').references('users.id').onDelete('SET NULL');
    t.check("vip_marked_at IS NULL OR role = 'provider'", [], 'users_vip_marked_providers_only');
    t.check('vip_marked_at IS NOT NULL OR vip_marked_by IS NULL', [], 'users_vip_marked_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropChecks(['users_vip_marked_by', 'users_vip_marked_providers_only']);
    t.dropColumn('vip_marked_by');
    t.dropColumn('vip_marked_at');
  });
}
