import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { emailsCounted } from '../metrics/counters';
import { type MailAttachment, OutboundEmail } from '../models/outbound-email';
import { dataCipher } from '../security/data-cipher';

export type MailMessage = {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not back to MAIL_FROM. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on a newsletter. */
  headers?: Record<string, string>;
  /** Files sent with it (a visit report's PDF), kept in the row until it is delivered. */
  attachments?: MailAttachment[];
  /**
   * It carries a bearer secret (a gift card's code): its bodies are kept sealed under the data
   * key, opened only to send, and never logged.
   */
  sealed?: boolean;
};

/**
 * Sends mail through the outbox, outbound_emails: every message is a row first, so one that
 * cannot leave now (SMTP down, the process killed) is tried again until it does.
 */
export type Mailer = {
  /** 'smtp' really delivers; 'stored' only keeps the message (no SMTP_URL, outside production). */
  readonly transport: 'smtp' | 'stored';
  /**
   * Keeps the message and tries it now; true when it left for the recipient. One that could not
   * leave is tried again later, unless `retry` is false: then it is 'failed' at once, for a
   * caller that tells its user the mail did not go (and so must not send it behind their back).
   */
  send(message: MailMessage, options?: { retry?: boolean }): Promise<boolean>;
  /**
   * Tries a queued message (see queueMail) if it is due at `now` and no other process holds
   * it; true when it left. Safe from any number of processes at once.
   */
  deliver(id: string, now?: Date): Promise<boolean>;
};

/**
 * How long a claim on a queued message lasts. The SMTP timeouts below end any attempt well
 * within it, so only a sender that died loses its claim; its message is then tried again.
 */
const DELIVERY_LEASE_MS = 2 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
/** Undelivered this long, a message is given up (and logged): a code or a pay link so late is no use. */
export const GIVE_UP_MS = 3 * 86_400_000;
/** …except a gift card: its code is good for as long as the card, and is e-mailed nowhere else. */
const NEVER_GIVEN_UP = new Set(['gift_card_delivery']);
/** 1, 2, 4 … minutes between attempts, at most an hour. */
const retryDelayMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);

async function rowOf(db: Knex, message: MailMessage) {
  const cipher = message.sealed ? await dataCipher(db) : null;
  return {
    toAddress: message.to,
    template: message.template,
    subject: message.subject,
    textBody: cipher ? cipher.seal(message.text) : message.text,
    htmlBody: cipher ? cipher.seal(message.html) : message.html,
    sealed: Boolean(cipher),
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
    status: 'queued' as const,
    nextAttemptAt: new Date(),
  };
}

/** A row's bodies as sent: opened when sealed. */
export async function openedBodies(
  db: Knex,
  row: Pick<OutboundEmail, 'sealed' | 'textBody' | 'htmlBody'>,
): Promise<{ text: string; html: string }> {
  if (!row.sealed) return { text: row.textBody, html: row.htmlBody };
  const cipher = await dataCipher(db);
  return { text: cipher.open(row.textBody), html: cipher.open(row.htmlBody) };
}

/**
 * Queues a message within `trx`: it exists only if the transaction commits, so a crash can
 * neither lose the e-mail of something done nor send one for something undone. Deliver it with
 * `mailer.deliver(id)` after the commit; the outbox sender (modules/mail-outbox) delivers what
 * nobody did.
 */
export async function queueMail(trx: Knex.Transaction, message: MailMessage): Promise<string> {
  return (await OutboundEmail.query(trx).insert(await rowOf(trx, message))).id;
}

/**
 * Claims a due queued message: a conditional update on its attempt count that one process
 * wins, moving its next attempt past the lease so nobody else tries it meanwhile.
 */
async function claim(db: Knex, id: string, now: Date): Promise<OutboundEmail | undefined> {
  const row = await OutboundEmail.query(db).findById(id);
  if (row?.status !== 'queued' || (row.nextAttemptAt && row.nextAttemptAt > now)) return undefined;
  const won = await OutboundEmail.query(db)
    .patch({
      attempts: row.attempts + 1,
      nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS),
    })
    .where({ id, status: 'queued', attempts: row.attempts });
  if (!won) return undefined;
  row.attempts += 1;
  return row;
}

export function createMailer(options: {
  db: Knex;
  logger: Logger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  const { db, logger } = options;
  const transport = options.smtpUrl ? 'smtp' : 'stored';
  const transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : undefined;
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'twinclean.mail';

  /** Without SMTP_URL a message is kept, as sent as it gets on a laptop. */
  const store = async (row: OutboundEmail) => {
    emailsCounted.inc({ template: row.template, outcome: 'stored' });
    logger.info(
      {
        to: row.toAddress,
        subject: row.subject,
        // A sealed message's secret stays out of the log (README "Gift cards").
        text: row.sealed ? `(sealed: outbound_emails ${row.id})` : row.textBody,
      },
      'e-mail stored (no SMTP_URL)',
    );
    await OutboundEmail.query(db)
      .patch({ transport: 'stored', status: 'stored' })
      .where({ id: row.id, status: 'queued' });
    return false;
  };

  const failed = async (row: OutboundEmail, error: unknown, now: Date, retry: boolean) => {
    emailsCounted.inc({ template: row.template, outcome: 'failed' });
    const reason = String((error as Error).message ?? error);
    const givenUp =
      !retry ||
      (!NEVER_GIVEN_UP.has(row.template) && now.getTime() - row.createdAt.getTime() > GIVE_UP_MS);
    if (givenUp)
      logger.error({ err: error, to: row.toAddress, id: row.id }, 'e-mail not delivered');
    else logger.warn({ err: error, to: row.toAddress, id: row.id }, 'e-mail queued to try again');
    await OutboundEmail.query(db)
      .patch({
        transport: 'smtp',
        error: reason,
        ...(givenUp
          ? { status: 'failed', nextAttemptAt: null }
          : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) }),
      })
      .where({ id: row.id, status: 'queued' });
    return false;
  };

  /** Sends a message this process holds the claim on, and records how that went. */
  const attempt = async (row: OutboundEmail, now: Date, retry: boolean): Promise<boolean> => {
    if (!transporter) return store(row);
    let messageId: string;
    try {
      const body = await openedBodies(db, row);
      const info = await transporter.sendMail({
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        text: body.text,
        html: body.html,
        // From the row: a process that dies between the server taking the message and the row
        // being marked sends it again after the lease, and the copy carries the same Message-ID,
        // recognisably the same message to the recipient's server and to us.
        messageId: `<${row.id}@${domain}>`,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(row.attachments?.length
          ? {
              attachments: row.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.contentBase64,
                encoding: 'base64',
              })),
            }
          : {}),
      });
      messageId = info.messageId;
    } catch (error) {
      return failed(row, error, now, retry);
    }
    emailsCounted.inc({ template: row.template, outcome: 'sent' });
    await OutboundEmail.query(db)
      .patch({
        transport: 'smtp',
        status: 'sent',
        providerMessageId: messageId,
        sentAt: new Date(),
        nextAttemptAt: null,
        error: null,
      })
      .where({ id: row.id });
    return true;
  };

  return {
    transport,
    async send(message, sendOptions = {}) {
      const now = new Date();
      // Kept already claimed by this process: no sweep elsewhere sends it meanwhile.
      const row = await OutboundEmail.query(db).insertAndFetch({
        ...(await rowOf(db, message)),
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS),
      });
      return attempt(row, now, sendOptions.retry ?? true);
    },
    async deliver(id, now = new Date()) {
      const row = await claim(db, id, now);
      return row ? attempt(row, now, true) : false;
    },
  };
}
