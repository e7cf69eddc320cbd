import type { Knex } from 'knex';
import { OutboundText, SmsOptOut } from '../models/outbound-text';

// Text messages go through an outbox as e-mail does (adapters/mailer.ts): a message is a row of
// outbound_texts first, queued in the transaction of what caused it, and delivered afterwards by
// the process that caused it or by the worker's sweep, each once.

export type TextMessage = {
  /** E.164 (shared/src/phone.ts toE164). */
  to: string;
  template: string;
  /** At most 1,600 characters (Twilio's limit); one segment (160) is best. */
  body: string;
};

/**
 * Queues a text within `trx`: it exists only if the transaction commits. A number that sent
 * STOP gets a row marked 'opted_out' (what we would have said, never sent). Returns the row's
 * id, to deliver after the commit (sms.deliver), or null when it will not be sent.
 */
export async function queueText(
  trx: Knex.Transaction,
  message: TextMessage,
): Promise<string | null> {
  const stopped = await SmsOptOut.query(trx).findById(message.to);
  const row = await OutboundText.query(trx).insert({
    toNumber: message.to,
    template: message.template,
    body: message.body,
    status: stopped ? 'opted_out' : 'queued',
    nextAttemptAt: stopped ? null : new Date(),
  });
  return stopped ? null : row.id;
}
