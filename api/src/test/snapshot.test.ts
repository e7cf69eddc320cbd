import { describe, expect, it } from 'vitest';
import { snapshot } from './route-world';
import { useTestDatabase } from './test-database';

const db = useTestDatabase();
const table = () => db.knex('newsletterSubscribers');

// The access-matrix and fuzz tests trust this to see any write a refused request made.
describe('the snapshot of what the tables hold', () => {
  it('is unchanged by reads, locks and rolled-back writes', async () => {
    await table().insert({ email: 'reader@example.com' });
    const before = await snapshot(db.knex);
    await table().select();
    await db.knex.transaction(async (trx) => {
      await trx('newsletterSubscribers').forUpdate().select();
    });
    await db.knex
      .transaction(async (trx) => {
        await trx('newsletterSubscribers').insert({ email: 'gone@example.com' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('changes with an insert, an update (even to the same value) and a delete', async () => {
    const [row] = await table().insert({ email: 'writer@example.com' }).returning('id');
    let last = await snapshot(db.knex);
    const changed = async () => {
      const now = await snapshot(db.knex);
      const differs = now !== last;
      last = now;
      return differs;
    };
    await table().where({ id: row.id }).update({ source: 'website' });
    expect(await changed()).toBe(true);
    await table().insert({ email: 'another@example.com' });
    expect(await changed()).toBe(true);
    await table().where({ id: row.id }).delete();
    expect(await changed()).toBe(true);
    expect(await changed()).toBe(false);
  });
});
