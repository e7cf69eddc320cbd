import type { ContactTopic } from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The contact form's detail page: the message and its replies, each with the name of the admin
// who answered or wrote it, read with the message in one join.

export type ContactFormRecord = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  topic: ContactTopic;
  message: string;
  status: 'new' | 'answered';
  createdAt: Date;
  answeredAt: Date | null;
};

export type ReplyRecord = {
  id: string;
  subject: string;
  body: string;
  delivered: boolean;
  createdAt: Date;
  sentByName: string | null;
};

/** The message and the name of the admin who marked it answered; undefined when there is none. */
export function contactFormWithAnswerer(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<(ContactFormRecord & { answeredByName: string | null }) | undefined> {
  return db('contactForms as c')
    .leftJoin('users as a', 'a.id', 'c.answeredBy')
    .select('c.*', db.raw(`${fullNameSql('a')} AS answered_by_name`))
    .where('c.id', id)
    .first();
}

/** The message's replies, oldest first, with who sent each. */
export function contactFormReplies(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<ReplyRecord[]> {
  return db('contactFormReplies as r')
    .leftJoin('users as s', 's.id', 'r.sentBy')
    .select('r.*', db.raw(`${fullNameSql('s')} AS sent_by_name`))
    .where('r.contactFormId', id)
    .orderBy('r.createdAt');
}
