import type { Knex } from 'knex';

// The admin tables' totals ("x–y of 70,000"), the list sorted by provider and the dashboard's
// cards counted 70,000 index entries or summed 60,000 payments on every call: too slow for ten
// admins at once (the `admin` bench). These two tables keep the same figures as they change.
//
// They are append-only logs of changes, never a row updated in place: a booking's trigger adds
// +1 under its new (service, status, provider) and -1 under its old, so two transactions changing
// bookings never wait on (or deadlock over) a shared counter row. A reader sums the log; a job
// (api/src/modules/admin/tallies.ts) folds it into one row per key every few minutes, in one
// statement that only removes what it adds back, so a sum is exact at every moment.
const TRIGGERS = [
  ['bookings', 'tally_bookings'],
  ['payments', 'tally_revenue'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE booking_tallies (
      service_type text NOT NULL,
      derived_status text NOT NULL,
      provider_id uuid,
      n bigint NOT NULL
    );
    CREATE INDEX booking_tallies_key ON booking_tallies (service_type, derived_status, provider_id);
    CREATE TABLE revenue_tallies (cents bigint NOT NULL);

    INSERT INTO booking_tallies
      SELECT service_type, derived_status, provider_id, count(*) FROM bookings GROUP BY 1, 2, 3;
    INSERT INTO revenue_tallies
      SELECT COALESCE(SUM(amount_cents - refunded_cents), 0) FROM payments WHERE status = 'succeeded';

    CREATE FUNCTION tally_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM booking_tallies;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO booking_tallies
          SELECT service_type, derived_status, provider_id, count(*) FROM changed_new GROUP BY 1, 2, 3;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO booking_tallies
          SELECT service_type, derived_status, provider_id, -count(*) FROM changed_old GROUP BY 1, 2, 3;
      ELSE
        INSERT INTO booking_tallies
          SELECT service_type, derived_status, provider_id, sum(n) FROM (
            SELECT service_type, derived_status, provider_id, 1 AS n FROM changed_new
            UNION ALL
            SELECT service_type, derived_status, provider_id, -1 FROM changed_old
          ) AS changes
          GROUP BY 1, 2, 3
          HAVING sum(n) <> 0;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION tally_revenue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM revenue_tallies;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO revenue_tallies
          SELECT sum(amount_cents - refunded_cents) FROM changed_new
          WHERE status = 'succeeded' HAVING sum(amount_cents - refunded_cents) <> 0;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO revenue_tallies
          SELECT -sum(amount_cents - refunded_cents) FROM changed_old
          WHERE status = 'succeeded' HAVING sum(amount_cents - refunded_cents) <> 0;
      ELSE
        INSERT INTO revenue_tallies
          SELECT sum(cents) FROM (
            SELECT amount_cents - refunded_cents AS cents FROM changed_new WHERE status = 'succeeded'
            UNION ALL
            SELECT refunded_cents - amount_cents FROM changed_old WHERE status = 'succeeded'
          ) AS changes
          HAVING sum(cents) <> 0;
      END IF;
      RETURN NULL;
    END $$;
  `);
  // A trigger with transition tables serves one event, so each table gets three; PL/pgSQL plans
  // a statement when it first runs, per trigger, so each runs only its own branch's query.
  for (const [table, fn] of TRIGGERS) {
    await knex.raw(`
      CREATE TRIGGER ${table}_tally_insert AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
      CREATE TRIGGER ${table}_tally_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
      CREATE TRIGGER ${table}_tally_delete AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
      CREATE TRIGGER ${table}_tally_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of TRIGGERS) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${table}_tally_${event} ON ${table}`);
    }
  }
  await knex.raw(`
    DROP FUNCTION IF EXISTS tally_bookings();
    DROP FUNCTION IF EXISTS tally_revenue();
    DROP TABLE IF EXISTS booking_tallies;
    DROP TABLE IF EXISTS revenue_tallies;
  `);
}
