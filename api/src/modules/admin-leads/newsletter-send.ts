import type { NewsletterSendInput, NewsletterView } from '@twinclean/shared/admin-leads';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { fullNameSql } from '../../core/sql';
import { lockKey } from '../../db/locks';
import { AppError } from '../../errors';
import { newsletterEmail } from '../leads/emails';
import { unsubscribeTokens } from '../leads/unsubscribe-token';
import { type LeadDeps, NEWSLETTER_QUEUE } from './newsletter-deps';

const REPEAT_WINDOW_MS = 10 * 60_000;

type SendRow = {
  id: string;
  subject: string;
  createdAt: Date;
  recipientCount: number;
  sentByName: string | null;
  delivered: string | number;
  pending: string | number;
  failed: string | number;
};

const sends = (db: Knex) =>
  db('newsletters as n')
    .leftJoin('users as u', 'u.id', 'n.sentBy')
    .select(
      'n.id',
      'n.subject',
      'n.createdAt',
      'n.recipientCount',
      db.raw(`${fullNameSql('u')} AS sent_by_name`),
      db.raw(
        "(SELECT count(*) FILTER (WHERE d.status = 'sent') FROM newsletter_deliveries d WHERE d.newsletter_id = n.id) AS delivered",
      ),
      db.raw(
        "(SELECT count(*) FILTER (WHERE d.status = 'pending') FROM newsletter_deliveries d WHERE d.newsletter_id = n.id) AS pending",
      ),
      db.raw(
        "(SELECT count(*) FILTER (WHERE d.status = 'failed') FROM newsletter_deliveries d WHERE d.newsletter_id = n.id) AS failed",
      ),
    );

const toView = (row: SendRow): NewsletterView => ({
  id: row.id,
  subject: row.subject,
  sentBy: row.sentByName,
  createdAt: row.createdAt.toISOString(),
  recipients: row.recipientCount,
  delivered: Number(row.delivered),
  pending: Number(row.pending),
  failed: Number(row.failed),
});

/** GET /api/admin/newsletters: what was sent, by whom, to how many, and how far it has got. */
export async function listNewsletters(db: Knex, page = 1) {
  const [rows, counted] = await Promise.all([
    sends(db)
      .orderBy([
        { column: 'n.createdAt', order: 'desc' },
        { column: 'n.id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<SendRow[]>,
    db('newsletters').count({ n: '*' }).first(),
  ]);
  return {
    items: rows.map(toView),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted?.n ?? 0),
  };
}

/**
 * POST /api/admin/newsletters: fixes the recipients (everyone subscribed now), records the send
 * with who and when, and queues the mailing, all in one transaction; a pg-boss job then mails
 * each subscriber their own copy, so a long list never holds the request. The same newsletter
 * again within ten minutes is refused: a double click must not mail everyone twice.
 */
export async function sendNewsletter(deps: LeadDeps, actorId: string, input: NewsletterSendInput) {
  const { db } = deps;
  // Started on the pool before the transaction, which then only adds the job (queue.ts).
  await deps.jobs.prepare([NEWSLETTER_QUEUE]);
  const id = await db.transaction(async (trx) => {
    await lockKey(trx, 'newsletter:send');
    const repeat = await trx('newsletters')
      .first('id')
      .where({ subject: input.subject, body: input.body })
      .where('createdAt', '>', new Date(Date.now() - REPEAT_WINDOW_MS));
    if (repeat) {
      throw new AppError(409, 'already_sent', 'This newsletter was sent a few minutes ago.');
    }
    const [created] = await trx('newsletters')
      .insert({ subject: input.subject, body: input.body, sentBy: actorId, recipientCount: 0 })
      .returning('id');
    const inserted = await trx.raw(
      `INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, email)
       SELECT ?, id, email FROM newsletter_subscribers WHERE unsubscribed_at IS NULL`,
      [created.id],
    );
    const recipients = inserted.rowCount as number;
    if (recipients === 0) {
      throw new AppError(
        409,
        'no_subscribers',
        'Nobody is subscribed, so there is no one to send to.',
      );
    }
    await trx('newsletters').where({ id: created.id }).update({ recipientCount: recipients });
    await audit(trx, {
      actorId,
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: created.id,
      before: null,
      after: { subject: input.subject, recipients },
    });
    await deps.jobs.send(NEWSLETTER_QUEUE, { newsletterId: created.id }, { within: trx });
    return created.id as string;
  });
  const row: SendRow = await sends(db).where('n.id', id).first();
  const view = toView(row);
  return {
    message: `Newsletter queued for ${view.recipients} subscriber${view.recipients === 1 ? '' : 's'}`,
    newsletter: view,
  };
}

type Delivery = { subscriberId: string; email: string; unsubscribedAt: Date | null };

/** A worker's claim on a copy lasts this long; past it, the worker is taken to have died. */
const CLAIM_LEASE_MS = 10 * 60_000;

/**
 * Mails one pending copy of a newsletter, or says there was none left. Claim, send, record: the
 * copy is claimed in a short transaction (a second worker skips it, a claim older than the lease
 * is taken over), mailed with no transaction open, then marked sent under the same claim, so
 * nobody is mailed twice unless a worker dies mid-send. A subscriber who left since is skipped.
 */
async function deliverOne(
  deps: LeadDeps,
  newsletter: { id: string; subject: string; body: string },
  tokenFor: (subscriberId: string) => string,
) {
  const claimedAt = new Date();
  const next = await deps.db.transaction(async (trx) => {
    const row: Delivery | undefined = await trx('newsletterDeliveries as d')
      .join('newsletterSubscribers as s', 's.id', 'd.subscriberId')
      .select('d.subscriberId', 'd.email', 's.unsubscribedAt')
      .where({ 'd.newsletterId': newsletter.id, 'd.status': 'pending' })
      .where((q) =>
        q
          .whereNull('d.claimedAt')
          .orWhere('d.claimedAt', '<', new Date(claimedAt.getTime() - CLAIM_LEASE_MS)),
      )
      .forUpdate('d')
      .skipLocked()
      .first();
    if (row) {
      await trx('newsletterDeliveries')
        .where({ newsletterId: newsletter.id, subscriberId: row.subscriberId })
        .update({ claimedAt });
    }
    return row;
  });
  if (!next) return false;
  let status: 'sent' | 'failed' | 'skipped' = 'skipped';
  if (!next.unsubscribedAt) {
    const token = encodeURIComponent(tokenFor(next.subscriberId));
    const sent = await deps.mailer.send(
      newsletterEmail(next.email, newsletter, {
        page: `${deps.siteUrl}/newsletter/unsubscribe?token=${token}`,
        oneClick: `${deps.siteUrl}/api/newsletter/unsubscribe/one-click?token=${token}`,
      }),
    );
    // Without SMTP_URL a message is kept in outbound_emails: as sent as it gets on a laptop.
    status = sent || deps.mailer.transport === 'stored' ? 'sent' : 'failed';
  }
  await deps
    .db('newsletterDeliveries')
    .where({ newsletterId: newsletter.id, subscriberId: next.subscriberId, claimedAt })
    .update({ status, sentAt: status === 'sent' ? new Date() : null });
  return true;
}

/** Mails every pending copy of a newsletter (the queue's job). */
export async function deliverNewsletter(deps: LeadDeps, newsletterId: string): Promise<void> {
  const newsletter = await deps
    .db('newsletters')
    .first('id', 'subject', 'body')
    .where({ id: newsletterId });
  if (!newsletter) return;
  const tokenFor = await unsubscribeTokens(deps.db);
  while (await deliverOne(deps, newsletter, tokenFor)) {
    // One copy per claim: a crash re-sends at most the one copy in flight.
  }
}

const jobSchema = z.object({ newsletterId: z.string().uuid() });

/** Runs the newsletter queue in this process (server.ts). */
export async function startNewsletterWorkers(deps: LeadDeps): Promise<void> {
  await deps.jobs.work(NEWSLETTER_QUEUE, (data) =>
    deliverNewsletter(deps, jobSchema.parse(data).newsletterId),
  );
}
