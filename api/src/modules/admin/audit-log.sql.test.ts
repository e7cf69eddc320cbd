import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../core/audit';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { auditChoices, auditCount, auditRows } from './audit-log.sql';

const db = useTestDatabase();
let owner: string;
let staff: string;

/** An entry written at `at` (minutes past a fixed hour), so the order is known. */
async function entry(actorId: string | null, action: string, at: number, entityId = 'x') {
  const [row] = await db
    .knex('auditLog')
    .insert({
      actorId,
      action,
      entity: action.split('.')[0],
      entityId,
      before: JSON.stringify({ status: 'pending' }),
      after: JSON.stringify({ status: 'paid' }),
      createdAt: new Date(Date.UTC(2026, 10, 20, 12, at)),
    })
    .returning('id');
  return String(row.id);
}

beforeAll(async () => {
  owner = (
    await newUser(db.knex, 'client', { role: 'admin_owner', firstName: 'Olga', lastName: 'Owner' })
  ).id;
  staff = (
    await newUser(db.knex, 'client', { role: 'admin_staff', firstName: 'Abe', lastName: 'Staff' })
  ).id;
  await newUser(db.knex, 'client', { firstName: 'Cal', lastName: 'Client' });
  await newUser(db.knex, 'provider', { firstName: 'Aaron', lastName: 'Provider' });
});

describe('the audit log report', () => {
  it('reads a page newest first with the actor, filtered by entity, action and actor', async () => {
    const paid = await entry(owner, 'payout.mark_paid', 10, 'p1');
    const reviewed = await entry(staff, 'payout.review', 20, 'p2');
    const refunded = await entry(owner, 'payment.refund', 30, 'pay1');
    const byCli = await entry(null, 'payout.mark_paid', 5, 'p3');

    const all = await auditRows(db.knex, {}, 1);
    expect(all.map((r) => String(r.id))).toEqual([refunded, reviewed, paid, byCli]);
    expect(all[2]).toMatchObject({
      action: 'payout.mark_paid',
      entity: 'payout',
      entityId: 'p1',
      actorId: owner,
      actorName: 'Olga Owner',
      before: { status: 'pending' },
      after: { status: 'paid' },
    });
    expect(all[3]).toMatchObject({ actorId: null, actorName: null, actorEmail: null });

    const payouts = { entity: 'payout' };
    expect((await auditRows(db.knex, payouts, 1)).map((r) => String(r.id))).toEqual([
      reviewed,
      paid,
      byCli,
    ]);
    expect(await auditCount(db.knex, payouts)).toBe(3);
    const marked = { action: 'payout.mark_paid' };
    expect((await auditRows(db.knex, marked, 1)).map((r) => String(r.id))).toEqual([paid, byCli]);
    expect(await auditCount(db.knex, marked)).toBe(2);
    const owners = { entity: 'payout', actorId: owner };
    expect((await auditRows(db.knex, owners, 1)).map((r) => String(r.id))).toEqual([paid]);
    expect(await auditCount(db.knex, owners)).toBe(1);
    expect(await auditCount(db.knex, {})).toBe(4);
  });

  it('pages by the newest first, ties broken by the newest id', async () => {
    const before = await auditCount(db.knex, { entity: 'booking' });
    expect(before).toBe(0);
    const ids: string[] = [];
    // All at one instant: only the id orders them.
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++)
      ids.push(await entry(staff, 'booking.assign', 59));
    const newestFirst = [...ids].reverse();
    const filters = { entity: 'booking' };
    expect((await auditRows(db.knex, filters, 1)).map((r) => String(r.id))).toEqual(
      newestFirst.slice(0, ADMIN_PAGE_SIZE),
    );
    expect((await auditRows(db.knex, filters, 2)).map((r) => String(r.id))).toEqual(
      newestFirst.slice(ADMIN_PAGE_SIZE),
    );
    expect(await auditCount(db.knex, filters)).toBe(ADMIN_PAGE_SIZE + 2);
  });

  it("offers the log's entities and actions once each, and the admin accounts by name", async () => {
    expect(await auditChoices(db.knex)).toEqual({
      entities: ['booking', 'payment', 'payout'],
      actions: ['booking.assign', 'payment.refund', 'payout.mark_paid', 'payout.review'],
      actors: [
        { id: staff, name: 'Abe Staff' },
        { id: owner, name: 'Olga Owner' },
      ],
    });
  });

  it('keeps what audit() records, its before and after as JSON', async () => {
    await db.knex.transaction((trx) =>
      audit(trx, {
        actorId: owner,
        action: 'pricing.save',
        entity: 'pricing',
        entityId: '7',
        before: { tags: ['a', 'b'], cents: 100 },
        after: null,
      }),
    );
    const [row] = await auditRows(db.knex, { entity: 'pricing' }, 1);
    expect(row).toMatchObject({
      actorId: owner,
      action: 'pricing.save',
      entityId: '7',
      before: { tags: ['a', 'b'], cents: 100 },
      after: null,
    });
  });
});
