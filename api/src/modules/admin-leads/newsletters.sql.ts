import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The newsletters page (each send with its sender and how far its mailing got) and the mailing
// itself: the copies fixed when a newsletter is sent, claimed one at a time by the workers.

export type SendRecord = {
  id: string;
  subject: string;
  createdAt: Date;
  recipientCount: number;
  sentByName: string | null;
  delivered: string | number;
  pending: string | number;
  failed: string | number;
};

const copies = (status: 'sent' | 'pending' | 'failed', as: string) =>
  `(SELECT count(*) FILTER (WHERE d.status = '${status}') FROM newsletter_deliveries d WHERE d.newsletter_id = n.id) AS ${as}`;

const sends = (db: Knex) =>
  db('newsletters as n')
    .leftJoin('users as u', 'u.id', 'n.sentBy')
    .select(
      'n.id',
      'n.subject',
      'n.createdAt',
      'n.recipientCount',
      db.raw(`${fullNameSql('u')} AS sent_by_name`),
      db.raw(copies('sent', 'delivered')),
      db.raw(copies('pending', 'pending')),
      db.raw(copies('failed', 'failed')),
    );

/** One page of sends, newest first, each with its sender and its copies by status. */
export function sendPage(db: Knex, page: number): Promise<SendRecord[]> {
  return sends(db)
    .orderBy([
      { column: 'n.createdAt', order: 'desc' },
      { column: 'n.id', order: 'desc' },
    ])
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}

/** One send as the page shows it. */
export function sendRecord(db: Knex, id: string): Promise<SendRecord | undefined> {
  return sends(db).where('n.id', id).first();
}

/** A copy of `newsletterId` for everyone subscribed now; how many that is. */
export async function queueCopies(trx: Knex.Transaction, newsletterId: string): Promise<number> {
  const inserted = await trx.raw(
    `INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, email)
     SELECT ?, id, email FROM newsletter_subscribers WHERE unsubscribed_at IS NULL`,
    [newsletterId],
  );
  return inserted.rowCount as number;
}

export type Copy = { subscriberId: string; email: string; unsubscribedAt: Date | null };

/**
 * Claims one pending copy in a short transaction of its own: one another worker holds is skipped,
 * one claimed before `claimedAt - leaseMs` (a worker that died) is taken over.
 */
export function claimCopy(
  db: Knex,
  newsletterId: string,
  claimedAt: Date,
  leaseMs: number,
): Promise<Copy | undefined> {
  return db.transaction(async (trx) => {
    const row: Copy | undefined = await trx('newsletterDeliveries as d')
      .join('newsletterSubscribers as s', 's.id', 'd.subscriberId')
      .select('d.subscriberId', 'd.email', 's.unsubscribedAt')
      .where({ 'd.newsletterId': newsletterId, 'd.status': 'pending' })
      .where((q) =>
        q
          .whereNull('d.claimedAt')
          .orWhere('d.claimedAt', '<', new Date(claimedAt.getTime() - leaseMs)),
      )
      .forUpdate('d')
      .skipLocked()
      .first();
    if (row) {
      await trx('newsletterDeliveries')
        .where({ newsletterId, subscriberId: row.subscriberId })
        .update({ claimedAt });
    }
    return row;
  });
}

/** Records how a claimed copy went, only while the claim is still this worker's. */
export async function recordCopy(
  db: Knex,
  copy: { newsletterId: string; subscriberId: string; claimedAt: Date },
  status: 'sent' | 'failed' | 'skipped',
): Promise<void> {
  await db('newsletterDeliveries')
    .where(copy)
    .update({ status, sentAt: status === 'sent' ? new Date() : null });
}
