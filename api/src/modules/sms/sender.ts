import type { Knex } from 'knex';
import type { Sms } from '../../adapters/sms';
import type { JobQueue } from '../../jobs/queue';
import { OutboundText } from '../../models/outbound-text';

export const TEXT_OUTBOX_QUEUE = 'text-outbox';

/** At most this many per tick, oldest due first. */
const BATCH = 200;

/**
 * Delivers the queued texts now due: those whose cause committed but whose process died before
 * sending (or while sending: the claim's lease ran out), and those Twilio put off, on their
 * backoff. Each is claimed first (adapters/sms.ts), so sweeps in several processes at once send
 * each text once. Returns how many Twilio took.
 */
export async function deliverDueTexts(
  deps: { db: Knex; sms: Sms },
  now = new Date(),
): Promise<number> {
  const due = await OutboundText.query(deps.db)
    .select('id')
    .where({ status: 'queued' })
    .where((q) => q.whereNull('nextAttemptAt').orWhere('nextAttemptAt', '<=', now))
    .orderBy('nextAttemptAt')
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    if (await deps.sms.deliver(id, now)) sent += 1;
  }
  return sent;
}

/** The text outbox's sweep on the worker, every minute (pg-boss runs one tick however many). */
export async function startTextOutbox(deps: { jobs: JobQueue; db: Knex; sms: Sms }): Promise<void> {
  await deps.jobs.work(TEXT_OUTBOX_QUEUE, async () => {
    await deliverDueTexts(deps);
  });
  await deps.jobs.every(TEXT_OUTBOX_QUEUE, '* * * * *');
}
