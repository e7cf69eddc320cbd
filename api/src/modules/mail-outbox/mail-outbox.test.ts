import { describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { houseBookingInput } from '../../test/members';
import { newUser } from '../../test/people';
import { catcherMailer, codeIn, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { sweepBalanceRequests } from '../payments/requests';
import { deliverDueMail } from './sender';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({ trustProxy: true, mailer: catcherMailer(db.knex, smtp) }));
const MINUTE = 60_000;

const post = (path: string, body: unknown) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.30' },
    body: JSON.stringify(body),
  });
const caught = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
const outbox = (to: string) => db.knex('outboundEmails').where({ toAddress: to });

describe('e-mail due while the SMTP server is down', () => {
  it('lets every request succeed, keeps the messages, and sends each once when SMTP is back', async () => {
    const booker = `booker-${Date.now()}@example.com`;
    const resetter = await newUser(db.knex);
    const payer = `payer-${Date.now()}@example.com`;
    const [due] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 20 * 3_600_000), { clientEmail: payer }))
      .returning('id');
    const deps = { db: db.knex, mailer: api.deps.mailer, siteUrl: 'http://localhost' };

    await smtp.stop();
    expect((await post('/api/bookings', houseBookingInput(booker))).status).toBe(201);
    const reset = await post('/api/auth/request-password-reset', { email: resetter.email });
    expect(reset.status).toBe(200);
    expect(await sweepBalanceRequests(deps)).toBe(1);
    expect((await db.knex('bookings').where({ id: due.id }).first()).balanceRequestedAt).not.toBe(
      null,
    );

    const addresses = [booker, resetter.email, payer];
    for (const to of addresses) {
      const rows = await outbox(to);
      expect(rows).toMatchObject([{ status: 'queued', attempts: 1 }]);
      expect(rows[0].error).toMatch(/ECONNREFUSED|connect/i);
      expect(caught(to)).toEqual([]);
    }
    // Not tried again before its backoff, down or not.
    expect(await deliverDueMail(deps)).toBe(0);

    await smtp.restart();
    const later = new Date(Date.now() + 2 * MINUTE);
    expect(await deliverDueMail(deps, later)).toBe(3);
    // Sweeps after that, in any number, send nothing more.
    await Promise.all([deliverDueMail(deps, later), deliverDueMail(deps, later)]);
    expect(await deliverDueMail(deps, new Date(Date.now() + 60 * MINUTE))).toBe(0);
    for (const to of addresses) {
      expect(caught(to)).toHaveLength(1);
      expect(await outbox(to)).toMatchObject([{ status: 'sent', transport: 'smtp', attempts: 2 }]);
    }
    expect(caught(booker)[0]?.raw).toContain('Booking received');
    expect(caught(payer)[0]?.raw).toContain('Payment due');
    // The late reset code is the one issued, and it works.
    const verified = await post('/api/auth/verify-reset-code', {
      email: resetter.email,
      code: codeIn(caught(resetter.email)[0]),
    });
    expect(verified.status).toBe(200);
  });
});
