import type {
  ContactFormDetail,
  ContactFormFilters,
  ContactFormSummary,
  ContactFormsPage,
  ContactReplyInput,
} from '@twinclean/shared/admin-leads';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import type { Mailer } from '../../adapters/mailer';
import { audit } from '../../core/audit';
import { notFound } from '../../errors';
import { ContactFormReply } from '../../models/contact-form-reply';
import { ContactForm } from '../../models/marketing';
import { contactReply } from '../leads/emails';
import {
  contactFormReplies,
  contactFormWithAnswerer,
  type ContactFormRecord as Row,
} from './contact-forms.sql';
import { containing } from './search';

const PREVIEW = 160;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const toSummary = (row: Row): ContactFormSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  topic: row.topic,
  preview: row.message.length > PREVIEW ? `${row.message.slice(0, PREVIEW)}…` : row.message,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  answeredAt: iso(row.answeredAt),
});

const filtered = (db: Knex, filters: ContactFormFilters) =>
  ContactForm.query(db).modify((q) => {
    if (filters.status) q.where('status', filters.status);
    if (filters.q) {
      const like = containing(filters.q);
      q.where((w) =>
        w.whereILike('name', like).orWhereILike('email', like).orWhereILike('message', like),
      );
    }
  });

/** GET /api/admin/contact-forms: the inbox, newest first, a page at a time. */
export async function listContactForms(
  db: Knex,
  filters: ContactFormFilters,
): Promise<ContactFormsPage> {
  const page = filters.page ?? 1;
  const [rows, total] = await Promise.all([
    filtered(db, filters)
      .select('id', 'name', 'email', 'phone', 'topic', 'message', 'status')
      .select('createdAt', 'answeredAt')
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    filtered(db, filters).resultSize(),
  ]);
  return { items: rows.map(toSummary), page, pageSize: ADMIN_PAGE_SIZE, total };
}

/** GET /api/admin/contact-forms/{id}: the message, its replies and who answered it. */
export async function contactFormDetail(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<ContactFormDetail> {
  const row = await contactFormWithAnswerer(db, id);
  if (!row) throw notFound('Message');
  const replies = await contactFormReplies(db, id);
  return {
    ...toSummary(row),
    message: row.message,
    answeredBy: row.answeredByName,
    replies: replies.map((r) => ({
      id: r.id,
      subject: r.subject,
      body: r.body,
      sentBy: r.sentByName,
      delivered: r.delivered,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The message, locked for this change; 404 when there is none. */
async function lockedMessage(trx: Knex.Transaction, id: string): Promise<Row> {
  const row = await ContactForm.query(trx).findById(id).forUpdate();
  if (!row) throw notFound('Message');
  return row;
}

/** Marks it answered (once: the first answer's who and when stay), audit-logged. */
async function markAnsweredIn(trx: Knex.Transaction, actorId: string, row: Row, how: string) {
  if (row.status === 'answered') return;
  const answeredAt = new Date();
  await ContactForm.query(trx)
    .patch({ status: 'answered', answeredAt, answeredBy: actorId })
    .where({ id: row.id });
  await audit(trx, {
    actorId,
    action: 'contact_form.mark_answered',
    entity: 'contact_form',
    entityId: row.id,
    before: { status: row.status },
    after: { status: 'answered', answeredAt: answeredAt.toISOString(), answeredBy: actorId, how },
  });
}

/** POST /api/admin/contact-forms/{id}/mark-answered: answered some other way (a phone call). */
export async function markContactAnswered(db: Knex, actorId: string, id: string) {
  await db.transaction(async (trx) =>
    markAnsweredIn(trx, actorId, await lockedMessage(trx, id), 'marked'),
  );
  return { message: 'Marked as answered', contactForm: await contactFormDetail(db, id) };
}

/**
 * POST /api/admin/contact-forms/{id}/reply: e-mails the sender (their answer comes back to the
 * support address), keeps the reply with who and when, and marks the message answered. The
 * e-mail goes after the commit; whether it left is kept on the reply for the page to say.
 */
export async function replyToContact(
  deps: { db: Knex; mailer: Mailer },
  actorId: string,
  id: string,
  input: ContactReplyInput,
) {
  const { db } = deps;
  const { row, replyId } = await db.transaction(async (trx) => {
    const row = await lockedMessage(trx, id);
    const reply = await ContactFormReply.query(trx).insert({
      contactFormId: id,
      subject: input.subject,
      body: input.body,
      sentBy: actorId,
      delivered: false,
    });
    await audit(trx, {
      actorId,
      action: 'contact_form.reply',
      entity: 'contact_form',
      entityId: id,
      before: null,
      after: { replyId: reply.id, subject: input.subject, to: row.email },
    });
    await markAnsweredIn(trx, actorId, row, 'reply');
    return { row, replyId: reply.id };
  });
  // Not retried behind the admin's back: they are told it failed and may send again.
  const delivered = await deps.mailer.send(contactReply(row.email, input.subject, input.body), {
    retry: false,
  });
  if (delivered) await ContactFormReply.query(db).patch({ delivered }).where({ id: replyId });
  return {
    message: delivered
      ? 'Reply sent'
      : deps.mailer.transport === 'stored'
        ? 'Reply saved. No mail server is set up (SMTP_URL), so the e-mail was kept, not sent.'
        : 'Reply saved, but the e-mail could not be delivered. Try again later.',
    contactForm: await contactFormDetail(db, id),
  };
}
