import {
  contactFormAnswerSchema,
  contactFormDetailSchema,
  contactFormsPageSchema,
} from '@twinclean/shared/admin-leads';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({
  trustProxy: true,
  mailer: catcherMailer(db.knex, smtp),
}));

let staff: JsonCall;
let staffId: string;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  staffId = (await db.knex('users').where({ email: 'staff@example.com' }).first()).id;
});

async function message(fields: Record<string, unknown> = {}) {
  const [row] = await db
    .knex('contactForms')
    .insert({
      name: 'Ruth Okafor',
      email: 'ruth@example.com',
      topic: 'booking',
      subject: '',
      message: 'Can I move my cleaning to Friday afternoon?',
      ...fields,
    })
    .returning('id');
  return row.id as string;
}

describe('the contact forms inbox', () => {
  it('lists newest first, filters by status and searches name, e-mail and text', async () => {
    const older = await message({ name: 'Olga Older', createdAt: new Date(Date.now() - 60_000) });
    const newer = await message({ name: 'Nils Newer', message: 'Do you clean ovens? 100%_sure' });
    await message({ name: 'Ada Answered', status: 'answered', answeredAt: new Date() });
    const all = await staff('GET', '/api/admin/contact-forms');
    const page = contactFormsPageSchema.parse(all.json);
    expect(page.items.map((i) => i.id).indexOf(newer)).toBeLessThan(
      page.items.map((i) => i.id).indexOf(older),
    );
    const fresh = contactFormsPageSchema.parse(
      (await staff('GET', '/api/admin/contact-forms?status=new')).json,
    );
    expect(fresh.items.every((i) => i.status === 'new')).toBe(true);
    expect(fresh.items.map((i) => i.name)).not.toContain('Ada Answered');
    const found = contactFormsPageSchema.parse(
      (await staff('GET', '/api/admin/contact-forms?q=OVENS')).json,
    );
    expect(found.items.map((i) => i.id)).toEqual([newer]);
    // Wildcards are characters like any other.
    const literal = contactFormsPageSchema.parse(
      (await staff('GET', `/api/admin/contact-forms?q=${encodeURIComponent('100%_')}`)).json,
    );
    expect(literal.items.map((i) => i.id)).toEqual([newer]);
    expect((await staff('GET', '/api/admin/contact-forms?status=closed')).status).toBe(400);
  });

  it('opens one message; an unknown one is 404', async () => {
    const id = await message({ phone: '651-555-0199' });
    const { status, json } = await staff('GET', `/api/admin/contact-forms/${id}`);
    expect(status).toBe(200);
    expect(contactFormDetailSchema.parse(json)).toMatchObject({
      id,
      phone: '651-555-0199',
      message: 'Can I move my cleaning to Friday afternoon?',
      status: 'new',
      replies: [],
      answeredBy: null,
    });
    const missing = await staff(
      'GET',
      '/api/admin/contact-forms/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('e-mails a reply to the sender, keeps it with who and when, marks it answered, audits it', async () => {
    const id = await message({ email: 'reply-to-me@example.com' });
    const { status, json } = await staff('POST', `/api/admin/contact-forms/${id}/reply`, {
      subject: 'Re: Moving my cleaning',
      body: 'Friday at 1 PM works. See you then!',
    });
    expect(status).toBe(200);
    const answer = contactFormAnswerSchema.parse(json);
    expect(answer.message).toBe('Reply sent');
    expect(answer.contactForm).toMatchObject({ status: 'answered', answeredBy: 'Sam Nguyen' });
    expect(answer.contactForm.replies).toEqual([
      expect.objectContaining({
        subject: 'Re: Moving my cleaning',
        body: 'Friday at 1 PM works. See you then!',
        sentBy: 'Sam Nguyen',
        delivered: true,
      }),
    ]);
    const mail = smtp.mails.find((m) => m.to.includes('reply-to-me@example.com'));
    expect(mail?.raw).toMatch(/Subject: Re: Moving my cleaning/);
    expect(mail?.raw).toMatch(/Reply-To: hello@twinclean\.test/);
    expect(mail?.raw).toContain('Friday at 1 PM works.');
    const audited = await db.knex('auditLog').where({ entityId: id }).orderBy('id');
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([
      ['contact_form.reply', staffId],
      ['contact_form.mark_answered', staffId],
    ]);
  });

  it('requires a subject and a body for a reply, and sends nothing without them', async () => {
    const id = await message({ email: 'no-empty-reply@example.com' });
    const { status, json } = await staff('POST', `/api/admin/contact-forms/${id}/reply`, {
      subject: 'Re: hi',
      body: '   ',
    });
    expect(status).toBe(400);
    expect((json as { message: string }).message).toMatch(/^body: Message is required/);
    expect(smtp.mails.some((m) => m.to.includes('no-empty-reply@example.com'))).toBe(false);
    expect(await db.knex('contactFormReplies').where({ contactFormId: id })).toHaveLength(0);
  });

  it('marks a message answered without a reply, once', async () => {
    const id = await message();
    const first = await staff('POST', `/api/admin/contact-forms/${id}/mark-answered`);
    expect(first.status).toBe(200);
    const answered = contactFormAnswerSchema.parse(first.json).contactForm;
    expect(answered.status).toBe('answered');
    const again = contactFormAnswerSchema.parse(
      (await staff('POST', `/api/admin/contact-forms/${id}/mark-answered`)).json,
    ).contactForm;
    expect(again.answeredAt).toBe(answered.answeredAt);
    expect(await db.knex('auditLog').where({ entityId: id })).toHaveLength(1);
  });
});
