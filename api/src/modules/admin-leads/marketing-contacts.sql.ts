import type { MarketingFilters } from '@twinclean/shared/admin-leads';
import type { Knex } from 'knex';
import { camelCaseRows } from '../../core/csv-stream';
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

/** One address as the union tells it (columns camel-cased). */
export type ContactRow = {
  email: string;
  name: string | null;
  phone: string | null;
  sources: string[];
  firstSeen: Date;
  consent: boolean;
};

const NEWEST_FIRST = 'ORDER BY first_seen DESC, email';

/** A page of the contacts the filters match, newest first. */
export async function contactRows(
  db: Knex,
  filters: Omit<MarketingFilters, 'page'>,
  limit: number,
  offset: number,
): Promise<ContactRow[]> {
  const w = where(filters);
  const { rows } = await db.raw<{ rows: ContactRow[] }>(
    `SELECT * FROM (${CONTACTS}) c ${w.sql} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
    [...w.bindings, limit, offset],
  );
  return camelCaseRows(rows) as ContactRow[];
}

/** How many contacts the filters match. */
export async function contactCount(
  db: Knex,
  filters: Omit<MarketingFilters, 'page'>,
): Promise<number> {
  const w = where(filters);
  const { rows } = await db.raw<{ rows: { n: string }[] }>(
    `SELECT count(*) AS n FROM (${CONTACTS}) c ${w.sql}`,
    w.bindings,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Every contact the filters match, newest first, as the export's cursor reads them. */
export function contactsExportQuery(filters: Omit<MarketingFilters, 'page'>) {
  const w = where(filters);
  return { sql: `SELECT * FROM (${CONTACTS}) c ${w.sql} ${NEWEST_FIRST}`, bindings: w.bindings };
}
