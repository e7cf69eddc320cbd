import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { lockServedZips, waitingInServedZips, waitlistGroupRows } from './waitlist.sql';

const db = useTestDatabase();
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  await db.knex('waitlistEntries').insert([
    // Duluth (not served): two people, one of them for two services.
    { email: 'a@example.com', zip: '55802', serviceType: 'house', createdAt: at('2026-11-01') },
    { email: 'a@example.com', zip: '55802', serviceType: 'carpet', createdAt: at('2026-11-03') },
    {
      email: 'b@example.com',
      zip: '55802',
      serviceType: 'dry_cleaning',
      createdAt: at('2026-11-02'),
    },
    // Minneapolis (served): one told already, one waiting twice over.
    {
      email: 'c@example.com',
      zip: '55401',
      serviceType: 'laundry',
      createdAt: at('2026-10-01'),
      notifiedAt: at('2026-10-05'),
    },
    { email: 'd@example.com', zip: '55401', serviceType: 'house', createdAt: at('2026-10-02') },
    { email: 'd@example.com', zip: '55401', serviceType: 'laundry', createdAt: at('2026-10-02') },
  ]);
});

describe('waitlistGroupRows', () => {
  it('counts each ZIP per service, waiting and told, newest ZIP first', async () => {
    const rows = await waitlistGroupRows(db.knex, {});
    expect(rows).toEqual([
      {
        zip: '55802',
        served: false,
        total: 3,
        waiting: 3,
        byService: { house: 1, carpet: 1, laundry: 0, dry_cleaning: 1 },
        newestAt: at('2026-11-03'),
        notifiedAt: null,
      },
      {
        zip: '55401',
        served: true,
        total: 3,
        waiting: 2,
        byService: { house: 1, carpet: 0, laundry: 2, dry_cleaning: 0 },
        newestAt: at('2026-10-02'),
        notifiedAt: at('2026-10-05'),
      },
    ]);
  });

  it('keeps to the ZIP and service asked for', async () => {
    expect(await waitlistGroupRows(db.knex, { serviceType: 'laundry' })).toMatchObject([
      { zip: '55401', total: 2, waiting: 1, byService: { laundry: 2, house: 0 } },
    ]);
    expect(await waitlistGroupRows(db.knex, { zip: '55802', serviceType: 'laundry' })).toEqual([]);
    expect(await waitlistGroupRows(db.knex, { zip: '55802' })).toHaveLength(1);
  });
});

describe('waitingInServedZips', () => {
  it('counts the people still waiting in served ZIPs, once per ZIP', async () => {
    // d@ waits twice in 55401; c@ was told; Duluth is not served.
    expect(await waitingInServedZips(db.knex)).toBe(1);
  });
});

describe('lockServedZips', () => {
  it('makes a second save wait for the first to commit', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.knex.transaction(async (trx) => {
      await lockServedZips(trx);
      order.push('first locked');
      await held;
      order.push('first done');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = db.knex.transaction(async (trx) => {
      await lockServedZips(trx);
      order.push('second locked');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first done', 'second locked']);
  });
});
