import { beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../db/connection';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { claimCopy, queueCopies, recordCopy, sendPage, sendRecord } from './newsletters.sql';

const db = useTestDatabase();
const LEASE = 10 * 60_000;

let admin: string;
const subscribers: Record<string, string> = {};
beforeAll(async () => {
  admin = (await newUser(db.knex, 'client', { firstName: 'Olive', lastName: 'Owner' })).id;
  const rows = await db
    .knex('newsletterSubscribers')
    .insert([
      { email: 'ann@example.com' },
      { email: 'ben@example.com' },
      { email: 'gone@example.com', unsubscribedAt: new Date() },
    ])
    .returning(['id', 'email']);
  for (const row of rows) subscribers[row.email] = row.id;
});

const newsletter = async (subject: string, createdAt: Date, sentBy: string | null = admin) => {
  const [row] = await db
    .knex('newsletters')
    .insert({ subject, body: `${subject} body`, sentBy, recipientCount: 0, createdAt })
    .returning('id');
  return row.id as string;
};

const queued = (newsletterId: string) =>
  db.knex.transaction((trx) => queueCopies(trx, newsletterId));

const copiesOf = (newsletterId: string) =>
  db
    .knex('newsletterDeliveries')
    .where({ newsletterId })
    .orderBy('email')
    .select('email', 'status', 'claimedAt', 'sentAt');

describe('queueing a newsletter', () => {
  it('makes a pending copy for each live subscriber only, and says how many', async () => {
    const id = await newsletter('Spring', new Date('2026-03-01T12:00:00Z'));
    expect(await queued(id)).toBe(2);
    expect((await copiesOf(id)).map((c) => [c.email, c.status])).toEqual([
      ['ann@example.com', 'pending'],
      ['ben@example.com', 'pending'],
    ]);
  });
});

describe('the sends page', () => {
  it('lists sends newest first with the sender and the copies by status', async () => {
    const older = await newsletter('Autumn', new Date('2026-09-01T12:00:00Z'));
    const newer = await newsletter('Winter', new Date('2026-12-01T12:00:00Z'), null);
    await queued(older);
    await queued(newer);
    await db
      .knex('newsletterDeliveries')
      .where({ newsletterId: older, subscriberId: subscribers['ann@example.com'] })
      .update({ status: 'sent' });
    await db
      .knex('newsletterDeliveries')
      .where({ newsletterId: newer, subscriberId: subscribers['ben@example.com'] })
      .update({ status: 'failed' });
    const counts = (r: { delivered: unknown; pending: unknown; failed: unknown }) =>
      [r.delivered, r.pending, r.failed].map(Number);

    const page = await sendPage(db.knex, 1);
    expect(page.map((r) => r.subject)).toEqual(['Winter', 'Autumn', 'Spring']);
    expect(page.map((r) => r.sentByName)).toEqual([null, 'Olive Owner', 'Olive Owner']);
    expect(page.map(counts)).toEqual([
      [0, 1, 1],
      [1, 1, 0],
      [0, 2, 0],
    ]);
    expect(await sendPage(db.knex, 2)).toEqual([]);

    const one = await sendRecord(db.knex, older);
    expect(one).toMatchObject({ id: older, subject: 'Autumn', recipientCount: 0 });
    expect(one && counts(one)).toEqual([1, 1, 0]);
    expect(one?.createdAt).toEqual(new Date('2026-09-01T12:00:00Z'));
    expect(await sendRecord(db.knex, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('claiming and recording copies', () => {
  it('hands out each pending copy once, then takes over a claim past its lease', async () => {
    const id = await newsletter('Claims', new Date());
    await queued(id);
    const now = new Date();
    const first = await claimCopy(db.knex, id, now, LEASE);
    const second = await claimCopy(db.knex, id, now, LEASE);
    expect([first?.email, second?.email].sort()).toEqual(['ann@example.com', 'ben@example.com']);
    expect(await claimCopy(db.knex, id, now, LEASE)).toBeUndefined();
    expect((await copiesOf(id)).map((c) => c.claimedAt)).toEqual([now, now]);

    const later = new Date(now.getTime() + LEASE + 1000);
    const retaken = await claimCopy(db.knex, id, later, LEASE);
    expect(retaken?.subscriberId).toEqual(expect.any(String));
    expect(
      (await copiesOf(id)).filter((c) => c.claimedAt.getTime() === later.getTime()),
    ).toHaveLength(1);
  });

  it('skips a copy another worker holds', async () => {
    const id = await newsletter('Locked', new Date());
    await queued(id);
    // The other worker: a connection of its own, holding Ann's copy.
    const worker = createKnex(db.url);
    try {
      await worker.transaction(async (trx) => {
        await trx('newsletterDeliveries')
          .where({ newsletterId: id, subscriberId: subscribers['ann@example.com'] })
          .forUpdate();
        const claimed = await claimCopy(db.knex, id, new Date(), LEASE);
        expect(claimed?.email).toBe('ben@example.com');
        expect(await claimCopy(db.knex, id, new Date(), LEASE)).toBeUndefined();
      });
    } finally {
      await worker.destroy();
    }
    expect((await claimCopy(db.knex, id, new Date(), LEASE))?.email).toBe('ann@example.com');
  });

  it('says when the subscriber left after the send', async () => {
    const id = await newsletter('Leaving', new Date());
    await queued(id);
    await db
      .knex('newsletterSubscribers')
      .where({ id: subscribers['ben@example.com'] })
      .update({ unsubscribedAt: new Date() });
    const copies = [
      await claimCopy(db.knex, id, new Date(), LEASE),
      await claimCopy(db.knex, id, new Date(), LEASE),
    ];
    const byEmail = Object.fromEntries(copies.map((c) => [c?.email, c?.unsubscribedAt]));
    expect(byEmail['ann@example.com']).toBeNull();
    expect(byEmail['ben@example.com']).toBeInstanceOf(Date);
    await db
      .knex('newsletterSubscribers')
      .where({ id: subscribers['ben@example.com'] })
      .update({ unsubscribedAt: null });
  });

  it('records a copy only under the claim it was sent with', async () => {
    const id = await newsletter('Records', new Date());
    await queued(id);
    const claimedAt = new Date();
    const copy = await claimCopy(db.knex, id, claimedAt, LEASE);
    const subscriberId = copy?.subscriberId as string;
    await recordCopy(db.knex, { newsletterId: id, subscriberId, claimedAt: new Date(0) }, 'sent');
    const stale = await db.knex('newsletterDeliveries').where({ newsletterId: id, subscriberId });
    expect(stale[0]).toMatchObject({ status: 'pending', sentAt: null });

    await recordCopy(db.knex, { newsletterId: id, subscriberId, claimedAt }, 'sent');
    const [sent] = await db.knex('newsletterDeliveries').where({ newsletterId: id, subscriberId });
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    const other = await db
      .knex('newsletterDeliveries')
      .where({ newsletterId: id })
      .whereNot({ subscriberId });
    expect(other[0]).toMatchObject({ status: 'pending', sentAt: null });

    const failed = await claimCopy(db.knex, id, claimedAt, LEASE);
    await recordCopy(
      db.knex,
      { newsletterId: id, subscriberId: failed?.subscriberId as string, claimedAt },
      'failed',
    );
    expect((await copiesOf(id)).map((c) => c.status).sort()).toEqual(['failed', 'sent']);
    expect((await copiesOf(id)).find((c) => c.status === 'failed')?.sentAt).toBeNull();
  });
});
