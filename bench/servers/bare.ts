// The ceiling: node:http + pg running the same queries and answer shapes as the app's
// GET /api/add-ons and GET /api/provider/job-board.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// The job board's question in one query: open jobs inside the provider's active slots.
const JOB_BOARD = `
  SELECT b.id, h.home_size, b.total_hours, b.city, b.state, b.address, b.scheduled_date::text,
         b.scheduled_time, b.green_cleaning, b.client_notes
  FROM bookings b LEFT JOIN house_cleaning_details h ON h.booking_id = b.id
  WHERE b.provider_id IS NULL AND b.canceled_at IS NULL AND b.scheduled_at > now()
    AND EXISTS (
      SELECT 1 FROM availability_slots s
      WHERE s.provider_id = $1 AND s.is_active AND s.day_of_week = extract(dow FROM b.scheduled_date)
        AND s.start_time <= b.scheduled_time
        AND to_char(b.scheduled_time::time + make_interval(mins => round(coalesce(b.total_hours, 0) * 60)::int), 'HH24:MI') <= s.end_time)
  ORDER BY b.scheduled_at
  LIMIT 200`;

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/provider/job-board') {
    const { rows } = await pool.query(JOB_BOARD, [url.searchParams.get('provider')]);
    const body = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        homeSize: r.home_size,
        totalAmount: dollars(Math.round(Number(r.total_hours) * 2500)),
        city: r.city,
        state: r.state,
        address: r.address,
        scheduledDate: r.scheduled_date,
        scheduledTime: r.scheduled_time,
        totalHours: Number(r.total_hours),
        hourlyRate: '25.00',
        greenCleaning: r.green_cleaning,
        clientNotes: r.client_notes,
      })),
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
