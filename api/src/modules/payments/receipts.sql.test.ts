import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { clientReceiptRow, clientReceiptRows } from './receipts.sql';

const db = useTestDatabase();
const DAY = 86_400_000;
const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * DAY);

let client: string;
let other: string;
type Name =
  | 'bMine'
  | 'bMineAsGuest'
  | 'bOther'
  | 'pMine'
  | 'pMembership'
  | 'pGuest'
  | 'pFailed'
  | 'pOther'
  | 'rMine'
  | 'rFailed'
  | 'rOther';
/** Ids by name: payments p…, refunds r…, bookings b…. */
const ids = {} as Record<Name, string>;

async function booking(name: Name, clientId: string, city: string) {
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(new Date(NOW + 3 * DAY), { clientId, city }))
    .returning('id');
  ids[name] = row.id;
}

async function payment(name: Name, fields: Record<string, unknown>) {
  const [row] = await db
    .knex('payments')
    .insert({
      gateway: 'local',
      gatewayPaymentId: `pi_${name}`,
      kind: 'deposit',
      amountCents: 5_000,
      status: 'succeeded',
      cardLast4: '4242',
      ...fields,
    })
    .returning('id');
  ids[name] = row.id;
}

async function refund(name: Name, paymentId: string, amountCents: number, createdAt: Date) {
  const [row] = await db
    .knex('refunds')
    .insert({
      paymentId,
      gatewayRefundId: `re_${name}`,
      key: `refund:${name}`,
      amountCents,
      reason: `Reason ${name}`,
      createdAt,
    })
    .returning('id');
  ids[name] = row.id;
}

beforeAll(async () => {
  client = (await newUser(db.knex)).id;
  other = (await newUser(db.knex)).id;
  await booking('bMine', client, 'Minneapolis');
  await booking('bMineAsGuest', client, 'St Paul');
  await booking('bOther', other, 'Duluth');
  const [sub] = await db
    .knex('subscriptions')
    .insert({
      userId: client,
      plan: 'standard',
      status: 'canceled',
      gateway: 'local',
      priceCents: 9_900,
      minimumTermEndsAt: new Date(),
    })
    .returning('id');
  // The client's: their own payment, their membership's, and one on their booking made with no
  // user (a guest checkout); a failed one and another client's are not receipts of theirs.
  await payment('pMine', {
    userId: client,
    bookingId: ids.bMine,
    amountCents: 7_000,
    createdAt: ago(5),
  });
  await payment('pMembership', {
    userId: client,
    subscriptionId: sub.id,
    kind: 'subscription',
    amountCents: 9_900,
    cardLast4: '1111',
    createdAt: ago(4),
  });
  await payment('pGuest', {
    userId: null,
    bookingId: ids.bMineAsGuest,
    kind: 'balance',
    amountCents: 3_000,
    createdAt: ago(3),
  });
  await payment('pFailed', {
    userId: client,
    bookingId: ids.bMine,
    status: 'failed',
    createdAt: ago(1),
  });
  await payment('pOther', { userId: other, bookingId: ids.bOther, createdAt: ago(2) });
  await refund('rMine', ids.pMine, 1_500, ago(2.5));
  await refund('rFailed', ids.pFailed, 500, ago(0.5));
  await refund('rOther', ids.pOther, 800, ago(0.2));
});

describe('clientReceiptRows', () => {
  it("lists the client's succeeded payments and their refunds, newest first", async () => {
    const rows = await clientReceiptRows(db.knex, client);
    expect(rows.map((row) => row.id)).toEqual([ids.rMine, ids.pGuest, ids.pMembership, ids.pMine]);
    expect(rows.map((row) => [row.type, row.kind, row.amountCents])).toEqual([
      ['refund', 'deposit', 1_500],
      ['payment', 'balance', 3_000],
      ['payment', 'subscription', 9_900],
      ['payment', 'deposit', 7_000],
    ]);
  });

  it("carries each receipt's booking, card and reason", async () => {
    const rows = await clientReceiptRows(db.knex, client);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.rMine)).toMatchObject({
      reason: 'Reason rMine',
      cardLast4: '4242',
      bookingId: ids.bMine,
      serviceType: 'house',
      city: 'Minneapolis',
      state: 'MN',
    });
    expect(byId.get(ids.pGuest)).toMatchObject({
      reason: null,
      bookingId: ids.bMineAsGuest,
      city: 'St Paul',
    });
    expect(byId.get(ids.pMembership)).toMatchObject({
      cardLast4: '1111',
      bookingId: null,
      serviceType: null,
      address: null,
    });
    expect(new Date(byId.get(ids.pMine)?.createdAt ?? 0).getTime()).toBe(ago(5).getTime());
  });

  it('shows another client only their own', async () => {
    const rows = await clientReceiptRows(db.knex, other);
    expect(rows.map((row) => row.id)).toEqual([ids.rOther, ids.pOther]);
  });
});

describe('clientReceiptRow', () => {
  it("finds a payment or a refund of the client's by its id", async () => {
    expect(await clientReceiptRow(db.knex, client, ids.pMembership)).toMatchObject({
      type: 'payment',
      amountCents: 9_900,
    });
    expect(await clientReceiptRow(db.knex, client, ids.rMine)).toMatchObject({
      type: 'refund',
      amountCents: 1_500,
      bookingId: ids.bMine,
    });
  });

  it("finds nothing of another client's, nor a failed payment or its refund", async () => {
    expect(await clientReceiptRow(db.knex, client, ids.pOther)).toBeUndefined();
    expect(await clientReceiptRow(db.knex, client, ids.rOther)).toBeUndefined();
    expect(await clientReceiptRow(db.knex, client, ids.pFailed)).toBeUndefined();
    expect(await clientReceiptRow(db.knex, client, ids.rFailed)).toBeUndefined();
    expect(await clientReceiptRow(db.knex, other, ids.pMine)).toBeUndefined();
  });
});
