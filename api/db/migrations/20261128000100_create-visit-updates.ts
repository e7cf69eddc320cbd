import type { Knex } from 'knex';

// DECISIONS.md "Visit updates, checklists, tips" (issue 32). "On my way" is a provider event like
// a punch (exactly once by its uuid); the client hears of it, the arrival and the end by e-mail
// and by text through the outbound_texts outbox (as outbound_emails), honouring STOP. Checklists
// are versioned like prices; a tick is an event kept once by its uuid, the latest per task wins.
// A tip is a payment of its own kind, and its provider's payout line.

// The room-by-room lists the site published before owners could edit them (web /services):
// version 1, as written then. Frozen here: later versions are the owners'.
const FIRST_LISTS = {
  rooms: {
    kitchen: [
      'Counters and backsplash wiped',
      'Sink scrubbed and polished',
      'Stovetop degreased',
      'Appliance fronts and handles',
      'Floors vacuumed and mopped',
    ],
    bathroom: [
      'Toilet cleaned inside and out',
      'Tub and shower scrubbed',
      'Sink, faucet and mirror shined',
      'Towels folded or hung',
      'Floors mopped',
    ],
    bedroom: [
      'Surfaces and nightstands dusted',
      'Beds made, linens changed on request',
      'Mirrors and glass wiped',
      'Floors vacuumed',
      'Trash emptied',
    ],
    living_room: [
      'Furniture and shelves dusted',
      'Cushions straightened',
      'Electronics dusted',
      'Floors and rugs vacuumed',
      'Light switches wiped',
    ],
    dining_room: [
      'Table and chairs wiped',
      'Sideboards dusted',
      'Light fixtures dusted',
      'Floors vacuumed and mopped',
    ],
    hallways: [
      'Doors and handles wiped',
      'Baseboards spot-cleaned',
      'Entry mats shaken out',
      'Floors vacuumed and mopped',
    ],
  },
  addOns: {},
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('notify_by_email').notNullable().defaultTo(true);
    t.boolean('notify_by_text').notNullable().defaultTo(false);
  });

  await knex.schema.alterTable('bookings', (t) => {
    /** The arrival the client was told when "on my way" was tapped; null without a fix. */
    t.timestamp('en_route_eta_at');
    /** The checklist version the visit's ticks follow; null until the first tick. */
    t.integer('checklist_version');
  });

  await knex.schema.alterTable('provider_events', (t) => {
    t.dropChecks(['provider_events_type']);
  });
  await knex.schema.alterTable('provider_events', (t) => {
    t.check("type IN ('clock_in', 'clock_out', 'en_route')", [], 'provider_events_type');
  });

  await knex.schema.createTable('outbound_texts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** E.164, as libphonenumber-js writes it. */
    t.text('to_number').notNullable().index();
    t.text('template').notNullable();
    t.text('body').notNullable();
    t.text('transport');
    t.text('status').notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at');
    t.text('provider_message_id');
    t.text('error');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at');
    t.check("to_number ~ '^\\+[1-9][0-9]{6,14}$'", [], 'outbound_texts_number');
    t.check(
      "transport IS NULL OR transport IN ('twilio', 'stored')",
      [],
      'outbound_texts_transport',
    );
    t.check(
      "status IN ('queued', 'sent', 'stored', 'failed', 'opted_out')",
      [],
      'outbound_texts_status',
    );
    t.check('char_length(body) BETWEEN 1 AND 1600', [], 'outbound_texts_body');
  });
  await knex.schema.raw(
    "CREATE INDEX outbound_texts_queued ON outbound_texts (next_attempt_at) WHERE status = 'queued'",
  );

  await knex.schema.createTable('sms_opt_outs', (t) => {
    t.text('phone').primary();
    t.timestamp('opted_out_at').notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('checklist_versions', (t) => {
    t.integer('version').primary();
    /** { rooms: { kitchen: string[], … }, addOns: { [addOnId]: string[] } } */
    t.jsonb('lists').notNullable();
    t.text('note').notNullable().defaultTo('');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.check('version >= 1', [], 'checklist_versions_number');
    t.check('char_length(note) <= 200', [], 'checklist_versions_note');
  });
  await knex('checklist_versions').insert({ version: 1, lists: JSON.stringify(FIRST_LISTS) });

  await knex.schema.createTable('checklist_ticks', (t) => {
    t.bigIncrements('id');
    /** The phone's uuid for this tick (its Idempotency-Key): applied once. */
    t.uuid('client_event_id').notNullable().unique();
    t.uuid('booking_id').notNullable().references('bookings.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.integer('checklist_version').notNullable();
    /** `{room key}-{n}:{task index}`, e.g. `bedroom-2:0`, or `addon-{id}:{task index}`. */
    t.text('item_key').notNullable();
    t.boolean('done').notNullable();
    t.integer('device_seq');
    t.timestamp('occurred_at').notNullable();
    t.timestamp('received_at').notNullable().defaultTo(knex.fn.now());
    t.text('request_hash').notNullable();
    t.smallint('response_status').notNullable();
    t.jsonb('response_body').notNullable();
    t.index(['booking_id', 'item_key']);
    t.check('char_length(item_key) BETWEEN 1 AND 100', [], 'checklist_ticks_item_key');
  });

  await knex.schema.alterTable('photos', (t) => {
    /** The checklist task the photo was taken for, if any. */
    t.text('checklist_item_key');
    t.check(
      'checklist_item_key IS NULL OR char_length(checklist_item_key) BETWEEN 1 AND 100',
      [],
      'photos_checklist_item_key',
    );
  });

  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_kind']);
  });
  await knex.schema.alterTable('payments', (t) => {
    t.check(
      "kind IN ('deposit', 'balance', 'full', 'late_cancel_fee', 'subscription', 'early_cancel_fee', 'tip')",
      [],
      'payments_kind',
    );
  });

  await knex.schema.alterTable('payouts', (t) => {
    /** The visit's tips, net of refunds: 100 % the provider's, a line of its own. */
    t.integer('tip_cents').notNullable().defaultTo(0);
    t.check('tip_cents >= 0', [], 'payouts_tip');
  });

  await knex.schema.alterTable('outbound_emails', (t) => {
    /** [{ filename, contentType, contentBase64 }]: a visit report's PDF, for one. */
    t.jsonb('attachments');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('attachments');
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_tip']);
    t.dropColumn('tip_cents');
  });
  await knex('payments').where({ kind: 'tip' }).delete();
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_kind']);
  });
  await knex.schema.alterTable('payments', (t) => {
    t.check(
      "kind IN ('deposit', 'balance', 'full', 'late_cancel_fee', 'subscription', 'early_cancel_fee')",
      [],
      'payments_kind',
    );
  });
  await knex.schema.alterTable('photos', (t) => {
    t.dropChecks(['photos_checklist_item_key']);
    t.dropColumn('checklist_item_key');
  });
  await knex.schema.dropTable('checklist_ticks');
  await knex.schema.dropTable('checklist_versions');
  await knex.schema.dropTable('sms_opt_outs');
  await knex.schema.dropTable('outbound_texts');
  await knex('provider_events').where({ type: 'en_route' }).delete();
  await knex.schema.alterTable('provider_events', (t) => {
    t.dropChecks(['provider_events_type']);
  });
  await knex.schema.alterTable('provider_events', (t) => {
    t.check("type IN ('clock_in', 'clock_out')", [], 'provider_events_type');
  });
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('checklist_version');
    t.dropColumn('en_route_eta_at');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('notify_by_text');
    t.dropColumn('notify_by_email');
  });
}
