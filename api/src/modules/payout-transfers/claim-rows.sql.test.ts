import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { jobPayout, localPayoutAccount, transferWith } from '../../test/transfers-world';
import { heldPayoutIds, lockClaimCandidates } from './claim-rows.sql';

const db = useTestDatabase();
let providerId: string;
let accountId: string;

beforeAll(async () => {
  const provider = await newUser(db.knex, 'provider');
  providerId = provider.id;
  accountId = await localPayoutAccount(db.knex, provider);
});

describe('the claim’s reads', () => {
  it('finds pending payouts no transfer holds and paid ones owing a tip, before the week’s end', async () => {
    const at = new Date('2026-11-11T18:00:00Z');
    const open = await jobPayout(db.knex, providerId, { at });
    const tipOwed = await jobPayout(db.knex, providerId, { at, tipCents: 500 });
    await db
      .knex('payouts')
      .where({ id: tipOwed.payoutId })
      .update({ status: 'paid', paidAt: at, tipPaidCents: 200 });
    const settled = await jobPayout(db.knex, providerId, { at });
    await db.knex('payouts').where({ id: settled.payoutId }).update({ status: 'paid', paidAt: at });
    const tooLate = await jobPayout(db.knex, providerId, { at: new Date('2026-11-16T07:00:00Z') });
    const held = await jobPayout(db.knex, providerId, { at });
    await transferWith(db.knex, {
      providerId,
      weekStart: '2026-11-02',
      accountId,
      status: 'failed',
      lines: [{ payoutId: held.payoutId, payCents: held.payCents }],
    });
    const found = await db.knex.transaction((trx) =>
      lockClaimCandidates(trx, providerId, new Date('2026-11-16T06:00:00Z')),
    );
    expect(found.map((c) => c.id).sort()).toEqual([open.payoutId, tipOwed.payoutId].sort());
    expect(found.find((c) => c.id === tipOwed.payoutId)).toMatchObject({
      status: 'paid',
      tipCents: 500,
      tipPaidCents: 200,
      serviceType: 'house',
      priceIsFinal: expect.any(Boolean),
    });
    expect(found.some((c) => c.id === tooLate.payoutId)).toBe(false);
    expect(await heldPayoutIds(db.knex, [open.payoutId, held.payoutId])).toEqual(
      new Set([held.payoutId]),
    );
    expect(await heldPayoutIds(db.knex, [])).toEqual(new Set());
  });
});
