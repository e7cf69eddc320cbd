// The ceiling: node:http + pg running the same queries and answer shapes as the app's
// GET /api/add-ons and GET /api/provider/job-board.
import { createServer } from 'node:http';
import pg from 'pg';
import { toOpenJob } from '../../api/src/core/job-card';
import { BOARD_SQL, type BoardRow } from '../../api/src/modules/provider/job-board.sql';

// The app's column types (api/src/db/connection.ts): dates as written, numerics as numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// The job board as the app asks it: the app's own statement (BOARD_SQL, the provider's slots
// inside it) and values, prepared under the same name; each row made a card by the app's own
// toOpenJob. The provider bench checks that both servers answer the same bytes.
async function jobBoard(providerId: string) {
  const { rows } = await pool.query<BoardRow>({
    name: 'job-board',
    text: BOARD_SQL,
    values: [providerId, new Date()],
  });
  // No series visits in the bench's data: the app looks series up only for those.
  return rows.map((job) => {
    const card = toOpenJob(job, job, job.bonusCents);
    card.series = null;
    return card;
  });
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/provider/job-board') {
    const body = JSON.stringify(await jobBoard(url.searchParams.get('provider') ?? ''));
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
