import type { Knex } from 'knex';

// A page far into the admin bookings list, sorted by date (or by status, then date), walked
// every index entry before it: page 20,000 of a million bookings read 200,000 of them, too slow
// for ten admins at once (the `admin` bench). This log of +n/-n per service, status and
// scheduled day, kept as the admin tallies are (migration create-admin-tallies: append-only,
// folded by the same job), says on which day such a page starts and how many bookings come
// before that day, so the walk is at most one day's bookings.
const EVENTS = ['insert', 'update', 'delete', 'truncate'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE booking_day_tallies (
      service_type text NOT NULL,
      derived_status text NOT NULL,
      scheduled_date date NOT NULL,
      n bigint NOT NULL
    );
    CREATE INDEX booking_day_tallies_key
      ON booking_day_tallies (service_type, derived_status, scheduled_date);

    INSERT INTO booking_day_tallies
      SELECT service_type, derived_status, scheduled_date, count(*) FROM bookings GROUP BY 1, 2, 3;

    CREATE FUNCTION tally_booking_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM booking_day_tallies;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO booking_day_tallies
          SELECT service_type, derived_status, scheduled_date, count(*) FROM changed_new
          GROUP BY 1, 2, 3;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO booking_day_tallies
          SELECT service_type, derived_status, scheduled_date, -count(*) FROM changed_old
          GROUP BY 1, 2, 3;
      ELSE
        INSERT INTO booking_day_tallies
          SELECT service_type, derived_status, scheduled_date, sum(n) FROM (
            SELECT service_type, derived_status, scheduled_date, 1 AS n FROM changed_new
            UNION ALL
            SELECT service_type, derived_status, scheduled_date, -1 FROM changed_old
          ) AS changes
          GROUP BY 1, 2, 3
          HAVING sum(n) <> 0;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER bookings_day_tally_insert AFTER INSERT ON bookings
      REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION tally_booking_days();
    CREATE TRIGGER bookings_day_tally_update AFTER UPDATE ON bookings
      REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
      FOR EACH STATEMENT EXECUTE FUNCTION tally_booking_days();
    CREATE TRIGGER bookings_day_tally_delete AFTER DELETE ON bookings
      REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION tally_booking_days();
    CREATE TRIGGER bookings_day_tally_truncate AFTER TRUNCATE ON bookings
      FOR EACH STATEMENT EXECUTE FUNCTION tally_booking_days();
  `);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of EVENTS) {
    await knex.raw(`DROP TRIGGER IF EXISTS bookings_day_tally_${event} ON bookings`);
  }
  await knex.raw(`
    DROP FUNCTION IF EXISTS tally_booking_days();
    DROP TABLE IF EXISTS booking_day_tallies;
  `);
}
