import type { Knex } from 'knex';

// occurred_at is the time a punch counts at, which is the server's receipt time when the device's
// is not believed; the device's claim is kept beside it for the admin. Null for older rows and
// for punches sent without a device time.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_events', (t) => {
    t.timestamp('device_occurred_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_events', (t) => {
    t.dropColumn('device_occurred_at');
  });
}
