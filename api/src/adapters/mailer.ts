import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { PartialModelObject } from 'objection';
import type { Logger } from 'pino';
import { emailsCounted } from '../metrics/counters';
import { OutboundEmail } from '../models/outbound-email';

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
};

/** Sends mail and keeps a copy of every message in outbound_emails. */
export type Mailer = {
  /** 'smtp' really delivers; 'stored' only keeps the message (no SMTP_URL, outside production). */
  readonly transport: 'smtp' | 'stored';
  /** True when the message left for the recipient. */
  send(message: MailMessage): Promise<boolean>;
};

export function createMailer(options: {
  db: Knex;
  logger: Logger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  const { db, logger } = options;
  const record = (message: MailMessage, fields: PartialModelObject<OutboundEmail>) =>
    OutboundEmail.query(db).insert({
      toAddress: message.to,
      template: message.template,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      ...fields,
    });

  if (!options.smtpUrl) {
    return {
      transport: 'stored',
      async send(message) {
        await record(message, { transport: 'stored', status: 'stored' });
        emailsCounted.inc({ template: message.template, outcome: 'stored' });
        logger.info(
          { to: message.to, subject: message.subject, text: message.text },
          'e-mail stored (no SMTP_URL)',
        );
        return false;
      },
    };
  }

  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      let sent = false;
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        sent = true;
        emailsCounted.inc({ template: message.template, outcome: 'sent' });
        await record(message, {
          transport: 'smtp',
          status: 'sent',
          providerMessageId: info.messageId,
          sentAt: new Date(),
        });
        return true;
      } catch (error) {
        // The user's action still succeeds; they can ask for the code again.
        logger.error({ err: error, to: message.to }, 'e-mail delivery failed');
        // Counted by what happened to the message; a failure to record it after sending is not one.
        if (!sent) emailsCounted.inc({ template: message.template, outcome: 'failed' });
        await record(message, {
          transport: 'smtp',
          status: 'failed',
          error: String((error as Error).message ?? error),
        });
        return false;
      }
    },
  };
}
