import {
  LEAD_SOURCE_LABELS,
  type LeadSource,
  leadSourceSchema,
  type MarketingContact,
  type MarketingContactsPage,
  type MarketingFilters,
} from '@twinclean/shared/admin-leads';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { camelCaseRows, streamCsv } from '../../core/csv-stream';
import { fullNameSql } from '../../core/sql';
import { containing } from './search';

// Every address we have met, one row each: where from (all sources), the latest name and phone
// given, when first seen, and whether they agreed to marketing. Only a live newsletter
// subscription (or the marketing list's own opt-in) is consent; a booking, an account, an
// application or a question is not.
const LEADS = `
  SELECT lower(email) AS email, NULL::text AS name, NULL::text AS phone, 'newsletter' AS source,
         subscribed_at AS seen_at, unsubscribed_at IS NULL AS consent
    FROM newsletter_subscribers
  UNION ALL
  SELECT lower(email), name, phone, 'contact_form', created_at, false FROM contact_forms
  UNION ALL
  SELECT lower(email), ${fullNameSql()}, phone, 'provider_application', created_at, false
    FROM provider_applications
  UNION ALL
  SELECT lower(client_email), ${fullNameSql(undefined, 'client_')}, client_phone,
         'guest_booking', created_at, false
    FROM bookings WHERE client_id IS NULL
  UNION ALL
  SELECT lower(email), ${fullNameSql()}, phone, 'client_account', created_at, false
    FROM users WHERE role = 'client'
  UNION ALL
  SELECT lower(email), nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''),
         phone, 'imported', created_at, consent
    FROM marketing_contacts`;

const CONTACTS = `
  SELECT email,
         (array_agg(name ORDER BY seen_at DESC) FILTER (WHERE name <> ''))[1] AS name,
         (array_agg(phone ORDER BY seen_at DESC) FILTER (WHERE phone <> ''))[1] AS phone,
         array_agg(DISTINCT source) AS sources,
         min(seen_at) AS first_seen,
         bool_or(consent) AS consent
    FROM (${LEADS}) leads
   GROUP BY email`;

/** The filters as a WHERE clause over CONTACTS' columns. */
function where(filters: Omit<MarketingFilters, 'page'>) {
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (filters.q) {
    parts.push("(email ILIKE ? OR coalesce(name, '') ILIKE ? OR coalesce(phone, '') ILIKE ?)");
    const like = containing(filters.q);
    bindings.push(like, like, like);
  }
  if (filters.source) {
    parts.push('? = ANY(sources)');
    bindings.push(filters.source);
  }
  if (filters.consent) parts.push(filters.consent === 'yes' ? 'consent' : 'NOT consent');
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', bindings };
}

type Row = {
  email: string;
  name: string | null;
  phone: string | null;
  sources: string[];
  firstSeen: Date;
  consent: boolean;
};

const ORDER = Object.keys(LEAD_SOURCE_LABELS) as LeadSource[];

const toContact = (row: Row): MarketingContact => ({
  email: row.email,
  name: row.name,
  phone: row.phone,
  sources: row.sources
    .map((s) => leadSourceSchema.parse(s))
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)),
  firstSeen: row.firstSeen.toISOString(),
  consent: row.consent,
});

const NEWEST_FIRST = 'ORDER BY first_seen DESC, email';

/** GET /api/admin/marketing-contacts: the union, newest first, a page at a time. */
export async function listMarketingContacts(
  db: Knex,
  filters: MarketingFilters,
): Promise<MarketingContactsPage> {
  const page = filters.page ?? 1;
  const w = where(filters);
  const [rows, counted] = await Promise.all([
    db.raw<{ rows: Row[] }>(
      `SELECT * FROM (${CONTACTS}) c ${w.sql} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      [...w.bindings, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE],
    ),
    db.raw<{ rows: { n: string }[] }>(
      `SELECT count(*) AS n FROM (${CONTACTS}) c ${w.sql}`,
      w.bindings,
    ),
  ]);
  return {
    items: (camelCaseRows(rows.rows) as Row[]).map(toContact),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted.rows[0]?.n ?? 0),
  };
}

const HEADER = ['Email', 'Name', 'Phone', 'Sources', 'First Seen', 'Marketing Consent'];

/** GET /api/admin/exports/marketing-contacts.csv: every contact the filters match. */
export async function marketingContactsCsv(db: Knex, filters: Omit<MarketingFilters, 'page'>) {
  const w = where(filters);
  return {
    filename: `marketing-contacts-${chicagoDate(new Date())}.csv`,
    file: await streamCsv<Row>(
      db,
      { sql: `SELECT * FROM (${CONTACTS}) c ${w.sql} ${NEWEST_FIRST}`, bindings: w.bindings },
      HEADER,
      (row) => {
        const contact = toContact(row);
        return [
          contact.email,
          contact.name,
          contact.phone,
          contact.sources.map((s) => LEAD_SOURCE_LABELS[s]).join('; '),
          contact.firstSeen,
          contact.consent ? 'yes' : 'no',
        ];
      },
    ),
  };
}
