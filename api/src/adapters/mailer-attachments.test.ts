import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { layoutEmail } from '../core/email-layout';
import { type CaughtMail, catcherMailer, useSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { queueMail } from './mailer';

const db = useTestDatabase();
const smtp = useSmtpCatcher();

/** The base64 body of the MIME part named `filename`, decoded. */
function attached(mail: CaughtMail | undefined, filename: string): Buffer | null {
  const parts = (mail?.raw ?? '').split(/\r?\n--/);
  const part = parts.find(
    (p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`),
  );
  if (!part) return null;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

describe('e-mail attachments', () => {
  it('keeps a queued message’s file in its row and sends it with the message', async () => {
    const mailer = catcherMailer(db.knex, smtp);
    const bytes = Buffer.from(`%PDF-1.3 a report ${randomUUID()}`);
    const to = `owner-${randomUUID()}@example.com`;
    const id = await db.knex.transaction((trx) =>
      queueMail(trx, {
        ...layoutEmail(to, 'With a file', ['See attached.'], 'attachment_test'),
        attachments: [
          {
            filename: 'twinclean-visit-2026-11-27.pdf',
            contentType: 'application/pdf',
            contentBase64: bytes.toString('base64'),
          },
        ],
      }),
    );
    const row = await db.knex('outboundEmails').where({ id }).first();
    expect(row.attachments).toEqual([
      expect.objectContaining({ filename: 'twinclean-visit-2026-11-27.pdf' }),
    ]);
    expect(await mailer.deliver(id)).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes(to));
    expect(mail?.raw).toContain('Content-Type: application/pdf');
    expect(attached(mail, 'twinclean-visit-2026-11-27.pdf')?.equals(bytes)).toBe(true);
  });

  it('sends a message without files as before', async () => {
    const mailer = catcherMailer(db.knex, smtp);
    const to = `plain-${randomUUID()}@example.com`;
    expect(await mailer.send(layoutEmail(to, 'Plain', ['Hello'], 'attachment_test'))).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes(to));
    expect(mail?.raw).not.toContain('Content-Disposition: attachment');
    expect(
      (await db.knex('outboundEmails').where({ toAddress: to }).first()).attachments,
    ).toBeNull();
  });
});
