import type { Knex } from 'knex';

// The job board asks "does this job fit one of my slots?" of thousands of open jobs. Stored as
// plain columns (kept in step by PostgreSQL), the weekday and the end time have statistics, so
// the planner walks the open-jobs index in date order and stops at the board's limit instead of
// computing a time expression for every open job.
const START_MINUTE = `(substr(scheduled_time, 1, 2)::int * 60 + substr(scheduled_time, 4, 2)::int)`;
// Past midnight (or absurdly long) reads as '24:00', which fits no slot of the start day.
const END_MINUTE = `least(${START_MINUTE} + round(coalesce(total_hours, 0) * 60)::int, 1440)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE bookings
      ADD COLUMN scheduled_day_of_week smallint
        GENERATED ALWAYS AS (extract(dow FROM scheduled_date)::smallint) STORED,
      -- 'HH:MI' like the availability slots.
      ADD COLUMN scheduled_end_time text
        GENERATED ALWAYS AS (
          lpad((${END_MINUTE} / 60)::text, 2, '0') || ':' || lpad((${END_MINUTE} % 60)::text, 2, '0')
        ) STORED`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bookings', (t) => {
    t.dropColumn('scheduled_end_time');
    t.dropColumn('scheduled_day_of_week');
  });
}
