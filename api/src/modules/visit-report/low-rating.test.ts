import { randomUUID } from 'node:crypto';
import { formatDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { pdfPageCount, pdfText } from '../../test/pdf-text';
import { newUser } from '../../test/people';
import { signInAs } from '../../test/sign-in';
import { type CaughtMail, catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { ratingTokens } from '../ratings/tokens';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({ trustProxy: true, mailer: catcherMailer(db.knex, smtp) }));
const HOUR = 3_600_000;

let owners: string[];
let jordan: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  await seedDemoData(db.knex);
  // A second owner hears of it too; a deactivated one and the staff do not.
  const second = await newUser(db.knex, 'client', { role: 'admin_owner' });
  const gone = await newUser(db.knex, 'client', { role: 'admin_owner', deactivatedAt: new Date() });
  owners = (
    await db.knex('users').where({ role: 'admin_owner' }).whereNull('deactivatedAt').select('email')
  ).map((u) => u.email as string);
  expect(owners).toContain(second.email);
  expect(owners).not.toContain(gone.email);
  jordan = await signInAs(api.url, demoAccounts.client.email);
});

/** Jordan's visit done by Maria an hour ago. */
async function doneVisit(): Promise<string> {
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(new Date(Date.now() - 4 * HOUR), {
        clientId: demoAccounts.client.id,
        clientFirstName: 'Jordan',
        clientLastName: 'Client',
        providerId: demoAccounts.provider.id,
        assignedAt: new Date(Date.now() - 5 * HOUR),
        clockInAt: new Date(Date.now() - 4 * HOUR),
        clockOutAt: new Date(Date.now() - HOUR),
      }),
    )
    .returning(['id', 'scheduledDate']);
  return row.id;
}

const rate = (id: string, stars: number, comment = '') =>
  jordan(`/api/bookings/${id}/rating`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ stars, comment }),
  });

const alertsFor = (id: string) =>
  db
    .knex('outboundEmails')
    .where({ template: 'low_rating_alert' })
    .whereRaw('text_body LIKE ?', [`%/admin/bookings/${id}%`]);
/** Messages the SMTP catcher got about the visit (quoted-printable's soft breaks undone). */
const caught = (id: string) =>
  smtp.mails.filter((m) => m.raw.replace(/=\r?\n/g, '').includes(`/admin/bookings/${id}`));

/** The PDF attached to a caught message. */
function attachedPdf(mail: CaughtMail): Buffer {
  const part = mail.raw.split(/\r?\n--/).find((p) => p.includes('Content-Type: application/pdf'));
  const body = (part ?? '')
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

describe('the low-rating alert', () => {
  it('e-mails every active owner once, with the visit report attached, for 1 or 2 stars', async () => {
    const id = await doneVisit();
    const { scheduledDate } = await db.knex('bookings').where({ id }).first();
    expect((await rate(id, 2, 'Missed the bathroom')).status).toBe(201);
    const rows = await alertsFor(id);
    expect(rows.map((r) => r.toAddress).sort()).toEqual([...owners].sort());
    const subject = `Low rating: 2 stars for Maria ${demoAccounts.provider.lastName} (${formatDate(scheduledDate)})`;
    for (const row of rows) {
      expect(row.subject).toBe(subject);
      expect(row.textBody).toContain('Their comment: "Missed the bathroom"');
      expect(row.attachments).toEqual([
        expect.objectContaining({
          filename: `twinclean-visit-${scheduledDate}.pdf`,
          contentType: 'application/pdf',
        }),
      ]);
    }
    // Delivered right after the commit: the PDF arrives, one page, naming the cleaner and stars.
    const mails = caught(id);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([...owners].sort());
    const pdf = attachedPdf(mails[0] as CaughtMail);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('Maria');
    expect(pdfText(pdf)).toContain('2 of 5 stars');

    // The visit is rated once: a second try is refused and tells nobody.
    expect((await rate(id, 1)).status).toBe(409);
    expect(await alertsFor(id)).toHaveLength(owners.length);
    expect(caught(id)).toHaveLength(owners.length);
  });

  it('also comes from the rating link, and not for 3 stars or more', async () => {
    const low = await doneVisit();
    const link = (await ratingTokens(db.knex))(low);
    const res = await fetch(`${api.url}/api/ratings/${link}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stars: 1 }),
    });
    expect(res.status).toBe(201);
    const [row] = await alertsFor(low);
    expect(row?.subject).toMatch(/^Low rating: 1 star for Maria /);
    expect(row?.textBody).toContain('They left no comment.');

    for (const stars of [3, 4, 5]) {
      const id = await doneVisit();
      expect((await rate(id, stars)).status).toBe(201);
      expect(await alertsFor(id)).toHaveLength(0);
    }
  });

  it('sends nothing for a rating refused: another client’s visit', async () => {
    const id = await doneVisit();
    const stranger = await signInAs(api.url, (await newUser(db.knex, 'client')).email);
    const refused = await stranger(`/api/bookings/${id}/rating`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stars: 1, comment: randomUUID() }),
    });
    expect(refused.status).toBe(404);
    expect(await alertsFor(id)).toHaveLength(0);
  });
});
