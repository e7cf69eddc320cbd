import type { Knex } from 'knex';

/** ADMIN_BENCH_BOOKINGS: a million by default; fewer for a quick run. */
export const ADMIN_BENCH_BOOKINGS = Number(process.env.ADMIN_BENCH_BOOKINGS ?? 1_000_000);
export const ADMIN_BENCH_PROVIDERS = 50;

/** 50 providers and one admin with a session; the admin's session id and the providers' ids. */
export async function seedAdminPeople(
  knex: Knex,
): Promise<{ sessionId: string; providerIds: string[] }> {
  const providers = await knex('users')
    .insert(
      Array.from({ length: ADMIN_BENCH_PROVIDERS }, (_, i) => ({
        email: `bench.provider.${i}@example.com`,
        firstName: ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli'][i % 5],
        lastName: `Provider ${i}`,
        role: 'provider',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning('id');
  const [admin] = await knex('users')
    .insert({
      email: 'bench.admin@example.com',
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin_staff',
      emailVerifiedAt: new Date(),
    })
    .returning('id');
  const sessionId = 'bench-admin-session';
  await knex('sessions').insert({
    id: sessionId,
    userId: admin.id,
    data: { userId: admin.id },
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { sessionId, providerIds: providers.map((p: { id: string }) => p.id) };
}

/**
 * ADMIN_BENCH_BOOKINGS bookings over the past year and the next month, in one statement: seven in ten house
 * cleanings, the rest carpet, laundry and dry cleaning; past visits mostly done and paid, future
 * ones open, assigned, awaiting or holding a deposit; one in ten canceled. Clients are drawn
 * from 40 first and 60 last names, so a name search finds a realistic few hundred.
 */
export async function seedAdminBookings(knex: Knex, providerIds: string[]): Promise<void> {
  await knex.transaction((trx) =>
    withoutSecondaryIndexes(trx, SEEDED_TABLES, () => insertBookings(trx, providerIds)),
  );
  // As autovacuum would by then: fresh statistics and a visibility map for index-only scans.
  await knex.raw('VACUUM ANALYZE');
  await checkTallies(knex);
}

const SEEDED_TABLES = ['bookings', 'house_cleaning_details', 'payments'];

/**
 * Runs a bulk insert with the tables' secondary indexes dropped and built again afterwards from
 * their own definitions: a million rows into a trigram index and a dozen B-trees one by one took
 * most of the seeding's time, one sorted build each takes a fraction. The indexes behind
 * constraints (keys, uniques) stay and check every row.
 */
async function withoutSecondaryIndexes(
  trx: Knex.Transaction,
  tables: string[],
  insert: () => Promise<void>,
): Promise<void> {
  const { rows } = await trx.raw<{ rows: { name: string; definition: string }[] }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY(?)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                       WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [tables],
  );
  for (const { name } of rows) await trx.raw('DROP INDEX ??', [name]);
  await insert();
  await trx.raw("SET LOCAL maintenance_work_mem = '256MB'");
  for (const { definition } of rows) await trx.raw(definition);
}

/**
 * The admin tallies (kept by statement triggers, which a bulk insert fires as any insert does)
 * must agree with the bookings they count, or the bench would time answers that are wrong.
 */
async function checkTallies(knex: Knex): Promise<void> {
  for (const [table, keys] of [
    ['booking_tallies', 'service_type, derived_status, provider_id'],
    ['booking_day_tallies', 'service_type, derived_status, scheduled_date'],
  ] as const) {
    // Keys are compared as text, so a NULL provider (unassigned) matches its own.
    const { rows } = await knex.raw<{ rows: { off: number }[] }>(
      `SELECT count(*)::int AS off FROM (
         SELECT row(${keys})::text AS key, count(*) AS n FROM bookings GROUP BY ${keys}
       ) AS c
       FULL JOIN (
         SELECT row(${keys})::text AS key, sum(n) AS n FROM ${table}
         GROUP BY ${keys} HAVING sum(n) <> 0
       ) AS t USING (key)
       WHERE c.n IS DISTINCT FROM t.n`,
    );
    if (rows[0]?.off) {
      throw new Error(`${table} disagree with the bookings on ${rows[0].off} keys`);
    }
  }
  const revenue = await knex.raw<{ rows: { paid: string; tallied: string }[] }>(
    `SELECT (SELECT COALESCE(sum(amount_cents - refunded_cents), 0) FROM payments
             WHERE status = 'succeeded') AS paid,
            (SELECT COALESCE(sum(cents), 0) FROM revenue_tallies) AS tallied`,
  );
  const { paid, tallied } = revenue.rows[0] ?? {};
  if (paid !== tallied) throw new Error(`revenue tallies say ${tallied} cents, payments ${paid}`);
}

async function insertBookings(trx: Knex.Transaction, providerIds: string[]): Promise<void> {
  await trx.raw(
    `WITH raw AS (
       SELECT n,
              current_date - 365 + (n % 396) AS day,
              CASE WHEN n % 20 < 14 THEN 'house' WHEN n % 20 < 17 THEN 'carpet'
                   WHEN n % 20 < 19 THEN 'laundry' ELSE 'dry_cleaning' END AS service,
              1 + n % 4 AS hours,
              (?::uuid[])[1 + n % ?] AS provider
       FROM generate_series(1, ?) AS n
     ), rows AS (
       SELECT raw.*,
              day < current_date AS past,
              n % 10 = 9 AS canceled,
              (n % 7) AS stage,
              hours * 4500 AS total
       FROM raw
     ), inserted AS (
       INSERT INTO bookings (service_type, client_first_name, client_last_name, client_email,
         client_phone, address, city, state, zip_code, scheduled_date, scheduled_time, scheduled_at,
         subscription_type, base_hours, total_hours, hourly_rate_cents, base_amount_cents,
         total_amount_cents, deposit_amount_cents, price_is_final, amount_paid_cents, provider_id,
         assigned_at, deposit_requested_at, en_route_at, clock_in_at, clock_out_at, canceled_at,
         cancellation_reason, created_at)
       SELECT service,
         (ARRAY['Ada','Ben','Cora','Dan','Eve','Finn','Gus','Hana','Ivy','Jon','Kai','Lena','Mo',
           'Nia','Otto','Pia','Quinn','Rosa','Sam','Tara','Uma','Vic','Wes','Xena','Yara','Zed',
           'Alma','Bo','Cy','Dee','Ezra','Fay','Gil','Hal','Iris','Jade','Kit','Lou','Max','Noor'])[1 + n % 40],
         (ARRAY['Lovelace','Hopper','Turing','Curie','Noether','Babbage','Knuth','Liskov','Ritchie',
           'Thompson','Kernighan','Torvalds','Wirth','Dijkstra','Hoare','Milner','Backus','Church',
           'Goedel','Shannon','Neumann','Berners','Cerf','Kahn','Postel','Metcalfe','Engelbart',
           'Kay','Sutherland','Lamport','Stroustrup','Gosling','Rossum','Wall','Matsumoto','Eich',
           'Hejlsberg','Lattner','Pike','Cox','Bray','Fowler','Beck','Cunningham','Gamma','Helm',
           'Johnson','Vlissides','Brooks','Parnas','Meyer','Hamilton','Allen','Goldberg','Ingalls',
           'Moore','Kildall','Wozniak','Jobs','Gates'])[1 + (n / 40) % 60],
         'client' || n || '@example.com', '612-555-0100',
         (100 + n % 9000) || ' ' || (ARRAY['Lyndale Ave S','Hennepin Ave','Grand Ave','Summit Ave',
           'Lake St','Nicollet Ave','Bryant Ave S','University Ave','Snelling Ave','Como Ave'])[1 + n % 10],
         (ARRAY['Minneapolis','Saint Paul','Edina','Bloomington','Richfield','Roseville'])[1 + n % 6],
         'MN', (ARRAY['55408','55405','55105','55104','55410','55113'])[1 + n % 6],
         day, lpad((8 + n % 9)::text, 2, '0') || ':00',
         (day + (lpad((8 + n % 9)::text, 2, '0') || ':00')::time) AT TIME ZONE 'America/Chicago',
         'none', hours, hours, CASE WHEN service = 'house' THEN 4500 END, total, total, total * 2 / 5,
         true,
         CASE WHEN past AND NOT canceled THEN total
              WHEN stage = 3 THEN total * 2 / 5 WHEN stage = 4 THEN total ELSE 0 END,
         CASE WHEN past OR stage >= 1 THEN provider END,
         CASE WHEN past OR stage >= 1 THEN day - 3 END,
         CASE WHEN stage >= 2 AND NOT past THEN day - 2 END,
         CASE WHEN stage = 5 AND NOT past THEN day - 1 END,
         CASE WHEN past AND NOT canceled THEN day + time '09:00' END,
         CASE WHEN past AND NOT canceled THEN day + time '11:00' END,
         CASE WHEN canceled THEN day - 1 END,
         CASE WHEN canceled THEN 'Bench cancellation' END,
         day - 7 + (n % 1000) * interval '1 second'
       FROM rows
       RETURNING id, service_type, amount_paid_cents
     ), details AS (
       INSERT INTO house_cleaning_details (booking_id, home_size, number_of_floors, bedroom_count,
         full_bathroom_count, half_bathroom_count, has_kitchen, has_living_room, selected_rooms)
       SELECT id, 'medium', 1, 2, 1, 0, true, true,
         ARRAY['bedroom_1', 'bedroom_2', 'full_bathroom_1', 'kitchen', 'living_room']
       FROM inserted WHERE service_type = 'house'
     )
     INSERT INTO payments (booking_id, gateway, gateway_payment_id, kind, amount_cents, status)
     SELECT id, 'local', 'pi_bench_' || id, 'full', amount_paid_cents, 'succeeded'
     FROM inserted WHERE amount_paid_cents > 0`,
    [providerIds, providerIds.length, ADMIN_BENCH_BOOKINGS],
  );
}
