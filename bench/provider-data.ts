import type { Knex } from 'knex';

export const BENCH_PROVIDERS = 50;
export const BENCH_BOOKINGS = 10_000;

/** 50 providers available weekdays 08:00–17:00, each with a session; returns their ids. */
export async function seedProviders(knex: Knex): Promise<{ id: string; sessionId: string }[]> {
  const providers = await knex('users')
    .insert(
      Array.from({ length: BENCH_PROVIDERS }, (_, i) => ({
        email: `bench.provider.${i}@example.com`,
        firstName: 'Bench',
        lastName: `Provider ${i}`,
        role: 'provider',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning('id');
  await knex('availabilitySlots').insert(
    providers.flatMap(({ id }) =>
      [1, 2, 3, 4, 5].map((day) => ({
        providerId: id,
        dayOfWeek: day,
        startTime: '08:00',
        endTime: '17:00',
      })),
    ),
  );
  const sessions = providers.map(({ id }, i) => ({
    id: `bench-session-${i}`,
    userId: id,
    data: { userId: id },
    expiresAt: new Date(Date.now() + 86_400_000),
  }));
  await knex('sessions').insert(sessions);
  return providers.map(({ id }, i) => ({ id, sessionId: `bench-session-${i}` }));
}

/**
 * 10,000 house bookings over the next 30 days, 08:00–16:00 Chicago: seven in ten open on the
 * board, the rest assigned or canceled.
 */
export async function seedBookings(knex: Knex, providerIds: string[]): Promise<void> {
  await knex.raw(
    `WITH rows AS (
       SELECT n,
              (current_date + (n % 30) + 1) AS day,
              lpad(((8 + n % 9))::text, 2, '0') || ':00' AS slot
       FROM generate_series(1, ?) AS n
     ), inserted AS (
       INSERT INTO bookings (service_type, client_first_name, client_last_name, client_email, client_phone,
         address, city, state, zip_code, latitude, longitude, geocode_precision, scheduled_date, scheduled_time,
         scheduled_at, subscription_type, base_hours, total_hours, hourly_rate_cents, base_amount_cents,
         total_amount_cents, deposit_amount_cents, price_is_final, green_cleaning, provider_id, assigned_at,
         canceled_at, cancellation_reason)
       SELECT 'house', 'Bench', 'Client ' || n, 'bench' || n || '@example.com', '612-555-0100',
         (100 + n) || ' Lyndale Ave S', 'Minneapolis', 'MN', '55408', 44.9466, -93.2862, 'zip', day, slot,
         (day + slot::time) AT TIME ZONE 'America/Chicago', 'none', 1 + n % 4, 1 + n % 4, 4500,
         (1 + n % 4) * 4500, (1 + n % 4) * 4500, (1 + n % 4) * 1800, true, n % 5 = 0,
         CASE WHEN n % 10 IN (7, 8) THEN (?::uuid[])[1 + n % ?] END,
         CASE WHEN n % 10 IN (7, 8) THEN now() END,
         CASE WHEN n % 10 = 9 THEN now() END,
         CASE WHEN n % 10 = 9 THEN 'Bench cancellation' END
       FROM rows
       RETURNING id, base_hours
     )
     INSERT INTO house_cleaning_details (booking_id, home_size, number_of_floors, bedroom_count,
       full_bathroom_count, half_bathroom_count, has_kitchen, has_living_room, selected_rooms)
     SELECT id, 'medium', 1, 2, 1, 0, true, true, ARRAY['bedroom_1', 'bedroom_2', 'full_bathroom_1', 'kitchen', 'living_room']
     FROM inserted`,
    [BENCH_BOOKINGS, providerIds, providerIds.length],
  );
  await knex.raw('ANALYZE');
}
