// The ceiling: node:http + pg running the same queries and answer shapes as the app's
// GET /api/add-ons and GET /api/provider/job-board.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// The job board's two questions as the app asks them: the provider's slots, then the open
// jobs inside any of them (one OR of column ranges per slot), soonest first.
const SLOTS =
  'SELECT day_of_week, start_time, end_time FROM availability_slots WHERE provider_id = $1 AND is_active';

async function jobBoard(providerId: string) {
  const { rows: slots } = await pool.query(SLOTS, [providerId]);
  const params: unknown[] = [];
  const fits = slots.map((slot) => {
    params.push(slot.day_of_week, slot.start_time, slot.end_time);
    const n = params.length;
    return `(b.scheduled_day_of_week = $${n - 2} AND b.scheduled_time >= $${n - 1} AND b.scheduled_end_time <= $${n})`;
  });
  const { rows } = await pool.query(
    `SELECT b.id, b.service_type, h.home_size, b.total_hours, b.city, b.state, b.address, b.zip_code,
            b.scheduled_date::text, b.scheduled_time, b.green_cleaning, b.client_notes,
            b.total_amount_cents, b.price_is_final, b.dropoff_same_as_pickup, b.dropoff_address,
            b.dropoff_city, b.dropoff_state, b.dropoff_zip_code, c.bedrooms, c.living_rooms,
            c.stairs, l.number_of_loads,
            CASE WHEN b.service_type = 'dry_cleaning' THEN (
              SELECT json_agg(json_build_object('id', item_id, 'name', item_id, 'quantity', quantity))
              FROM dry_cleaning_items WHERE booking_id = b.id) END AS items
     FROM bookings b LEFT JOIN house_cleaning_details h ON h.booking_id = b.id
       LEFT JOIN carpet_cleaning_details c ON c.booking_id = b.id
       LEFT JOIN laundry_details l ON l.booking_id = b.id
     WHERE b.provider_id IS NULL AND b.canceled_at IS NULL AND b.scheduled_at > now()
       ${fits.length ? `AND (${fits.join(' OR ')})` : ''}
     ORDER BY b.scheduled_at
     LIMIT 200`,
    params,
  );
  return rows;
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/provider/job-board') {
    const rows = await jobBoard(url.searchParams.get('provider') ?? '');
    const body = JSON.stringify(
      rows.map((r) => {
        const house = r.service_type === 'house';
        const dropoff = r.dropoff_same_as_pickup
          ? {
              sameAsPickup: true,
              address: r.address,
              city: r.city,
              state: r.state,
              zipCode: r.zip_code,
            }
          : {
              sameAsPickup: false,
              address: r.dropoff_address,
              city: r.dropoff_city,
              state: r.dropoff_state,
              zipCode: r.dropoff_zip_code,
            };
        return {
          id: r.id,
          serviceType: r.service_type,
          homeSize: r.home_size,
          totalAmount: dollars(
            house
              ? Math.round(Number(r.total_hours) * 2500)
              : Math.round((r.total_amount_cents * 60) / 100),
          ),
          city: r.city,
          state: r.state,
          address: r.address,
          scheduledDate: r.scheduled_date,
          scheduledTime: r.scheduled_time,
          totalHours: Number(r.total_hours),
          hourlyRate: '25.00',
          greenCleaning: r.green_cleaning,
          clientNotes: r.client_notes,
          details:
            r.service_type === 'carpet'
              ? {
                  kind: 'carpet',
                  bedrooms: r.bedrooms,
                  livingRooms: r.living_rooms,
                  stairs: r.stairs,
                }
              : r.service_type === 'laundry'
                ? { kind: 'laundry', numberOfLoads: r.number_of_loads, dropoff }
                : r.service_type === 'dry_cleaning'
                  ? { kind: 'dry_cleaning', items: r.items ?? [], dropoff }
                  : null,
          priceIsFinal: r.price_is_final,
        };
      }),
    );
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    return;
  }
  if (req.url !== '/api/add-ons') {
    res.writeHead(404).end();
    return;
  }
  const { rows } = await pool.query(
    'SELECT id, name, description, price_cents, time_minutes FROM add_ons WHERE is_active = true ORDER BY sort_order, name',
  );
  const body = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      price: dollars(r.price_cents),
      timeMinutes: r.time_minutes,
    })),
  );
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

// Exit normally on SIGTERM so profilers (--cpu-prof) can write their output.
process.on('SIGTERM', () => process.exit(0));
