import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { CURSOR_BATCH, declareCursor, fetchBatch } from './export-cursor.sql';

const db = useTestDatabase();

describe("the exports' cursor", () => {
  it('hands over a query’s rows in order, a batch at a time, with their bindings', async () => {
    const trx = await db.knex.transaction();
    try {
      const total = CURSOR_BATCH * 2 + 345;
      await declareCursor(trx, {
        sql: 'SELECT n AS row_number, ? || n AS row_label FROM generate_series(1, ?) AS n ORDER BY n',
        bindings: ['row ', total],
      });
      const sizes: number[] = [];
      const seen: number[] = [];
      for (;;) {
        const batch = await fetchBatch(trx);
        sizes.push(batch.length);
        seen.push(...batch.map((r) => Number(r.row_number)));
        if (batch.length < CURSOR_BATCH) break;
      }
      expect(sizes).toEqual([CURSOR_BATCH, CURSOR_BATCH, 345]);
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(await fetchBatch(trx)).toEqual([]);
    } finally {
      await trx.rollback();
    }
  });

  it('answers columns as PostgreSQL names them, and a failing query fails at once', async () => {
    const trx = await db.knex.transaction();
    try {
      await declareCursor(trx, { sql: 'SELECT 1 AS first_name', bindings: [] });
      expect(await fetchBatch(trx)).toEqual([{ first_name: 1 }]);
    } finally {
      await trx.rollback();
    }
    const broken = await db.knex.transaction();
    await expect(
      declareCursor(broken, { sql: 'SELECT * FROM no_such_table', bindings: [] }),
    ).rejects.toThrow(/no_such_table/);
    await broken.rollback().catch(() => undefined);
  });
});
