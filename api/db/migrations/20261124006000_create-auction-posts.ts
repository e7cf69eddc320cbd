import type { Knex } from 'knex';

// DECISIONS.md "Admin operations": an admin posts an unassigned job to the auction board with a
// bonus. VIP providers see it alone until vip_until, then everyone whose week it fits. A post
// ends withdrawn (by an admin), claimed (its job got a provider while it was live) or expired
// (its job started first, read from bookings.scheduled_at). The rest of the providers are
// alerted once, when the VIP window ends: rest_alerted_at is that once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auction_posts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.integer('bonus_cents').notNullable();
    t.timestamp('vip_until').notNullable();
    t.uuid('posted_by').references('users.id').onDelete('SET NULL');
    t.timestamp('posted_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('withdrawn_at');
    t.uuid('withdrawn_by').references('users.id').onDelete('SET NULL');
    t.uuid('claimed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('claimed_at');
    t.timestamp('rest_alerted_at');
    t.check('bonus_cents > 0 AND bonus_cents <= 100000', [], 'auction_posts_bonus');
    t.check('vip_until >= posted_at', [], 'auction_posts_vip_until');
    t.check('withdrawn_at IS NULL OR claimed_at IS NULL', [], 'auction_posts_one_outcome');
    t.check('withdrawn_at IS NOT NULL OR withdrawn_by IS NULL', [], 'auction_posts_withdrawn_by');
  });
  // One live post per job; a withdrawn one leaves room for the next. The board joins on it.
  await knex.raw(
    'CREATE UNIQUE INDEX auction_posts_live_booking ON auction_posts (booking_id) WHERE withdrawn_at IS NULL',
  );
  await knex.raw('CREATE INDEX auction_posts_posted_at ON auction_posts (posted_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auction_posts');
}
