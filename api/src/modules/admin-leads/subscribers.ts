import type { SubscriberFilters, SubscribersPage } from '@twinclean/shared/admin-leads';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { streamCsv } from '../../core/csv-stream';
import { NewsletterSubscriber } from '../../models/marketing';
import { containing } from './search';

type Row = {
  id: string;
  email: string;
  source: string;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
};

const filtered = (db: Knex, filters: Omit<SubscriberFilters, 'page'>) =>
  NewsletterSubscriber.query(db).modify((q) => {
    if (filters.status === 'subscribed') q.whereNull('unsubscribedAt');
    if (filters.status === 'unsubscribed') q.whereNotNull('unsubscribedAt');
    if (filters.q) q.whereILike('email', containing(filters.q));
  });

const NEWEST_FIRST = [
  { column: 'subscribedAt', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/** GET /api/admin/newsletter/subscribers: newest first, with how many a send would reach. */
export async function listSubscribers(
  db: Knex,
  filters: SubscriberFilters,
): Promise<SubscribersPage> {
  const page = filters.page ?? 1;
  const [rows, total, subscribedCount] = await Promise.all([
    filtered(db, filters)
      .select('id', 'email', 'source', 'subscribedAt', 'unsubscribedAt')
      .orderBy([...NEWEST_FIRST])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    filtered(db, filters).resultSize(),
    NewsletterSubscriber.query(db).whereNull('unsubscribedAt').resultSize(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      source: row.source,
      subscribedAt: row.subscribedAt.toISOString(),
      unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total,
    subscribedCount,
  };
}

const HEADER = ['Email', 'Status', 'Source', 'Subscribed At', 'Unsubscribed At'];

/** GET /api/admin/exports/newsletter-subscribers.csv: every subscriber the filters match. */
export async function subscribersCsv(db: Knex, filters: Omit<SubscriberFilters, 'page'>) {
  const query = filtered(db, filters)
    .select('email', 'source', 'subscribedAt', 'unsubscribedAt')
    .orderBy([...NEWEST_FIRST])
    .toKnexQuery()
    .toSQL();
  return {
    filename: `newsletter-subscribers-${chicagoDate(new Date())}.csv`,
    file: await streamCsv<Omit<Row, 'id'>>(db, query, HEADER, (row) => [
      row.email,
      row.unsubscribedAt ? 'unsubscribed' : 'subscribed',
      row.source,
      row.subscribedAt.toISOString(),
      row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    ]),
  };
}
