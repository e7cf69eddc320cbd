// The ceiling: node:http + pg running the same query and answer shape as GET /api/add-ons.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

createServer(async (req, res) => {
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
