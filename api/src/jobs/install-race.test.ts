import pino from 'pino';
import { expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { pgBossQueue } from './queue';

// A database pg-boss has never used (the test template holds only our migrations), as on a
// deploy's first start: every process installs pg-boss's schema at once.
const db = useTestDatabase();

it('leaves no pooled connection in a failed transaction when processes install pg-boss at once', async () => {
  const processes = Array.from({ length: 4 }, () =>
    pgBossQueue(db.knex, pino({ level: 'silent' }), { sendOnly: true }),
  );
  try {
    // All but one find the schema made meanwhile, and pg-boss's install script fails midway.
    await Promise.all(processes.map((queue) => queue.prepare([])));
    // Every connection of the pool at once: none may be left inside that script's transaction.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => db.knex.raw('SELECT pg_sleep(0.05), 1 AS ok')),
    );
    expect(answers.map((answer) => answer.rows[0].ok)).toEqual(Array(10).fill(1));
  } finally {
    await Promise.all(processes.map((queue) => queue.stop()));
  }
});
