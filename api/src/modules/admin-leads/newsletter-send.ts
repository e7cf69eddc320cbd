import type { NewsletterSendInput, NewsletterView } from '@twinclean/shared/admin-leads';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { lockKey } from '../../db/locks';
import { AppError } from '../../errors';
import { Newsletter } from '../../models/newsletter';
import { newsletterEmail } from '../leads/emails';
import { unsubscribeTokens } from '../leads/unsubscribe-token';
import { type LeadDeps, NEWSLETTER_QUEUE } from './newsletter-deps';
import {
  claimCopy,
  queueCopies,
  recordCopy,
  type SendRecord,
  sendPage,
  sendRecord,
} from './newsletters.sql';

const REPEAT_WINDOW_MS = 10 * 60_000;

const toView = (row: SendRecord): NewsletterView => ({
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
  const [rows, total] = await Promise.all([sendPage(db, page), Newsletter.query(db).resultSize()]);
  return { items: rows.map(toView), page, pageSize: ADMIN_PAGE_SIZE, total };
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
    const repeat = await Newsletter.query(trx)
      .select('id')
      .where({ subject: input.subject, body: input.body })
      .where('createdAt', '>', new Date(Date.now() - REPEAT_WINDOW_MS))
      .first();
    if (repeat) {
      throw new AppError(409, 'already_sent', 'This newsletter was sent a few minutes ago.');
    }
    const created = await Newsletter.query(trx).insert({
      subject: input.subject,
      body: input.body,
      sentBy: actorId,
      recipientCount: 0,
    });
    const recipients = await queueCopies(trx, created.id);
    if (recipients === 0) {
      throw new AppError(
        409,
        'no_subscribers',
        'Nobody is subscribed, so there is no one to send to.',
      );
    }
    await Newsletter.query(trx).patch({ recipientCount: recipients }).where({ id: created.id });
    await audit(trx, {
      actorId,
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: created.id,
      before: null,
      after: { subject: input.subject, recipients },
    });
    await deps.jobs.send(NEWSLETTER_QUEUE, { newsletterId: created.id }, { within: trx });
    return created.id;
  });
  const view = toView((await sendRecord(db, id)) as SendRecord);
  return {
    message: `Newsletter queued for ${view.recipients} subscriber${view.recipients === 1 ? '' : 's'}`,
    newsletter: view,
  };
}

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
  const next = await claimCopy(deps.db, newsletter.id, claimedAt, CLAIM_LEASE_MS);
  if (!next) return false;
  let status: 'sent' | 'failed' | 'skipped' = 'skipped';
  if (!next.unsubscribedAt) {
    const token = encodeURIComponent(tokenFor(next.subscriberId));
    const sent = await deps.mailer.send(
      newsletterEmail(next.email, newsletter, {
        page: `${deps.siteUrl}/newsletter/unsubscribe?token=${token}`,
        oneClick: `${deps.siteUrl}/api/newsletter/unsubscribe/one-click?token=${token}`,
      }),
      // The copy's own record says whether it went; the outbox must not send it later as well.
      { retry: false },
    );
    // Without SMTP_URL a message is kept in outbound_emails: as sent as it gets on a laptop.
    status = sent || deps.mailer.transport === 'stored' ? 'sent' : 'failed';
  }
  await recordCopy(
    deps.db,
    { newsletterId: newsletter.id, subscriberId: next.subscriberId, claimedAt },
    status,
  );
  return true;
}

/** Mails every pending copy of a newsletter (the queue's job). */
export async function deliverNewsletter(deps: LeadDeps, newsletterId: string): Promise<void> {
  const newsletter = await Newsletter.query(deps.db)
    .select('id', 'subject', 'body')
    .findById(newsletterId);
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
