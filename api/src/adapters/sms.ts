import { randomBytes } from 'node:crypto';
import { toE164 } from '@twinclean/shared/phone';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { storedSecret } from '../db/stored-secret';
import { OutboundText, SmsOptOut } from '../models/outbound-text';
import { twilioMessages } from './sms-twilio';

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

/** Sends queued texts: through Twilio when SMS_* is set, else kept (status 'stored'). */
export type Sms = {
  readonly transport: 'twilio' | 'stored';
  /** The number texts come from (E.164), to text START to; null without one (MG…, no Twilio). */
  readonly replyNumber: string | null;
  /**
   * Tries a queued text (see queueText) if it is due at `now` and no other process holds it;
   * true when Twilio took it. Safe from any number of processes at once.
   */
  deliver(id: string, now?: Date): Promise<boolean>;
  /**
   * The key Twilio signs its webhooks with (X-Twilio-Signature): the auth token, or without
   * Twilio a secret of this site's (app_secrets), so the local default is checked the same way.
   */
  webhookKey(): Promise<string>;
};

/** A claim on a text: longer than an attempt can take (a lookup and a send, 15 s each). */
export const TEXT_LEASE_MS = 2 * 60_000;
/** Undelivered this long, a text is given up: "on the way" two hours late is worse than none. */
export const TEXT_GIVE_UP_MS = 2 * 3_600_000;
const CLOCK_SLACK_MS = 10 * 60_000;
/** 1, 2, 4 … minutes between attempts, at most half an hour. */
const retryDelayMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 30 * 60_000);

/** A number as logs may show it: its last four digits. */
export const maskedNumber = (e164: string) => `…${e164.slice(-4)}`;

/**
 * Claims a due queued text: a conditional update on its attempt count that one process wins,
 * moving its next attempt past the lease (adapters/mailer.ts does the same for e-mail).
 */
async function claim(db: Knex, id: string, now: Date): Promise<OutboundText | undefined> {
  const row = await OutboundText.query(db).findById(id);
  if (row?.status !== 'queued' || (row.nextAttemptAt && row.nextAttemptAt > now)) return undefined;
  const won = await OutboundText.query(db)
    .patch({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + TEXT_LEASE_MS) })
    .where({ id, status: 'queued', attempts: row.attempts });
  if (!won) return undefined;
  row.attempts += 1;
  return row;
}

export function createSms(options: {
  db: Knex;
  logger: Logger;
  accountSid?: string | undefined;
  authToken?: string | undefined;
  from?: string | undefined;
  apiUrl?: string | undefined;
}): Sms {
  const { db, logger } = options;
  const twilio =
    options.accountSid && options.authToken && options.from
      ? twilioMessages({
          accountSid: options.accountSid,
          authToken: options.authToken,
          from: options.from,
          apiUrl: options.apiUrl ?? 'https://api.twilio.com',
        })
      : undefined;
  let localKey: Promise<string> | undefined;
  // Only ever the template, the id and the last four digits: the body carries a report link.
  const about = (row: OutboundText) => ({
    id: row.id,
    to: maskedNumber(row.toNumber),
    template: row.template,
  });
  /** Records the end of an attempt, unless another process has recorded one meanwhile. */
  const record = (row: OutboundText, patch: Partial<OutboundText>) =>
    OutboundText.query(db).patch(patch).where({ id: row.id, status: 'queued' });

  const optedOut = async (row: OutboundText, reason: string | null) => {
    await SmsOptOut.query(db).insert({ phone: row.toNumber }).onConflict('phone').ignore();
    logger.info(about(row), 'text not sent: the number opted out');
    await record(row, { status: 'opted_out', nextAttemptAt: null, error: reason });
    return false;
  };

  const retryLater = async (row: OutboundText, reason: string, now: Date) => {
    const givenUp = now.getTime() - row.createdAt.getTime() > TEXT_GIVE_UP_MS;
    if (givenUp) logger.error({ ...about(row), reason }, 'text not delivered');
    else logger.warn({ ...about(row), reason }, 'text queued to try again');
    await record(row, {
      transport: 'twilio',
      error: reason,
      ...(givenUp
        ? { status: 'failed', nextAttemptAt: null }
        : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) }),
    });
    return false;
  };

  const sent = async (row: OutboundText, sid: string, found: boolean) => {
    logger.info({ ...about(row), sid, found }, found ? 'text found already sent' : 'text sent');
    await record(row, {
      transport: 'twilio',
      status: 'sent',
      providerMessageId: sid,
      sentAt: new Date(),
      nextAttemptAt: null,
      error: null,
    });
    return true;
  };

  /** Sends a text this process holds the claim on, and records how that went. */
  const attempt = async (row: OutboundText, now: Date): Promise<boolean> => {
    // STOP may have arrived while the text waited for a retry.
    if (await SmsOptOut.query(db).findById(row.toNumber)) return optedOut(row, null);
    if (!twilio) {
      logger.info(about(row), 'text stored (no SMS_ACCOUNT_SID)');
      await record(row, { transport: 'stored', status: 'stored', nextAttemptAt: null });
      return false;
    }
    const text = { to: row.toNumber, body: row.body };
    if (row.attempts > 1) {
      // An earlier attempt may have reached Twilio without us hearing back (its answer lost,
      // or this process killed mid-send): Twilio keeps no idempotency key, so ask it first.
      let already: string | null;
      try {
        // From a little before the row: Twilio's clock is not ours.
        const since = new Date(row.createdAt.getTime() - CLOCK_SLACK_MS);
        already = await twilio.find(text, since, async (sid) =>
          Boolean(await OutboundText.query(db).findOne({ providerMessageId: sid })),
        );
      } catch (error) {
        return retryLater(row, `Could not look the text up: ${(error as Error).message}`, now);
      }
      if (already) return sent(row, already, true);
    }
    const outcome = await twilio.send(text);
    if (outcome.kind === 'sent') return sent(row, outcome.sid, false);
    if (outcome.kind === 'opted_out') return optedOut(row, outcome.reason);
    if (outcome.kind === 'retry') return retryLater(row, outcome.reason, now);
    logger.error({ ...about(row), reason: outcome.reason }, 'text refused for good');
    await record(row, {
      transport: 'twilio',
      status: 'failed',
      nextAttemptAt: null,
      error: outcome.reason,
    });
    return false;
  };

  return {
    transport: twilio ? 'twilio' : 'stored',
    replyNumber: twilio && options.from ? toE164(options.from) : null,
    async deliver(id, now = new Date()) {
      const row = await claim(db, id, now);
      return row ? attempt(row, now) : false;
    },
    webhookKey() {
      if (options.authToken) return Promise.resolve(options.authToken);
      localKey ??= storedSecret(db, 'sms_local_auth_token', () =>
        randomBytes(24).toString('base64url'),
      ).then(String);
      return localKey;
    },
  };
}
