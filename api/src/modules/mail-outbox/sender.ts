import type { Knex } from 'knex';
import type { Mailer } from '../../adapters/mailer';
import type { JobQueue } from '../../jobs/queue';
import { OutboundEmail } from '../../models/outbound-email';

export const MAIL_OUTBOX_QUEUE = 'mail-outbox';

/** At most this many per tick, oldest due first: a long outage drains over a few minutes. */
const BATCH = 200;

/**
 * Delivers the queued e-mails now due: those whose cause committed but whose process died
 * before sending, and those SMTP refused, on their backoff. Each is claimed before it is sent
 * (adapters/mailer.ts), so sweeps in several processes at once deliver each message once.
 * Returns how many left.
 */
export async function deliverDueMail(
  deps: { db: Knex; mailer: Mailer },
  now = new Date(),
): Promise<number> {
  const due = await OutboundEmail.query(deps.db)
    .select('id')
    .where({ status: 'queued' })
    .where((q) => q.whereNull('nextAttemptAt').orWhere('nextAttemptAt', '<=', now))
    .orderBy('nextAttemptAt')
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    if (await deps.mailer.deliver(id, now)) sent += 1;
  }
  return sent;
}

/** The outbox sender on the worker, every minute (pg-boss runs one tick however many workers). */
export async function startMailOutbox(deps: {
  jobs: JobQueue;
  db: Knex;
  mailer: Mailer;
}): Promise<void> {
  await deps.jobs.work(MAIL_OUTBOX_QUEUE, async () => {
    await deliverDueMail(deps);
  });
  await deps.jobs.every(MAIL_OUTBOX_QUEUE, '* * * * *');
}
