import { PRICING_HISTORY_PAGE_SIZE } from '@twinclean/shared/admin-pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { pricingVersionRows } from './history.sql';

const db = useTestDatabase();
let owner: { id: string; email: string };

const change = (to: number) => ({
  field: 'hourlyRate',
  label: 'Hourly rate',
  from: '$45.00',
  to: `$${to}.00`,
});

beforeAll(async () => {
  owner = await newUser(db.knex, 'client', {
    role: 'admin_owner',
    firstName: 'Olga',
    lastName: 'Owner',
  });
  // Versions 2–12 after the migration's version 1; every third by no one (the command line).
  await db.knex('pricingVersions').insert(
    Array.from({ length: 11 }, (_, i) => ({
      version: i + 2,
      config: JSON.stringify({ hourlyRateCents: 4600 + i }),
      addOnCents: JSON.stringify({}),
      changes: JSON.stringify([change(46 + i)]),
      note: i === 0 ? 'First raise' : null,
      createdBy: i % 3 === 2 ? null : owner.id,
      createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
    })),
  );
});

describe('the pricing history report', () => {
  it('reads a page of versions, the newest first, each with its author', async () => {
    const first = await pricingVersionRows(db.knex, 1);
    expect(first.map((r) => r.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(first).toHaveLength(PRICING_HISTORY_PAGE_SIZE);
    expect(first[0]).toEqual({
      version: 12,
      changes: [change(56)],
      note: null,
      createdAt: new Date(Date.UTC(2026, 10, 11)),
      actorId: owner.id,
      actorName: 'Olga Owner',
      actorEmail: owner.email,
    });
    // Version 4 (i = 2) was saved from the command line: no author.
    expect(first.find((r) => r.version === 4)).toMatchObject({
      actorId: null,
      actorName: null,
      actorEmail: null,
    });
  });

  it('reads the next page from where the first ended', async () => {
    const second = await pricingVersionRows(db.knex, 2);
    expect(second.map((r) => r.version)).toEqual([2, 1]);
    expect(second[0]).toMatchObject({
      note: 'First raise',
      changes: [change(46)],
      actorId: owner.id,
    });
    expect(await pricingVersionRows(db.knex, 3)).toEqual([]);
  });
});
