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
import { streamCsv } from '../../core/csv-stream';
import {
  type ContactRow,
  contactCount,
  contactRows,
  contactsExportQuery,
} from './marketing-contacts.sql';

const ORDER = Object.keys(LEAD_SOURCE_LABELS) as LeadSource[];

const toContact = (row: ContactRow): MarketingContact => ({
  email: row.email,
  name: row.name,
  phone: row.phone,
  sources: row.sources
    .map((s) => leadSourceSchema.parse(s))
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)),
  firstSeen: row.firstSeen.toISOString(),
  consent: row.consent,
});

/** GET /api/admin/marketing-contacts: the union, newest first, a page at a time. */
export async function listMarketingContacts(
  db: Knex,
  filters: MarketingFilters,
): Promise<MarketingContactsPage> {
  const { page: asked, ...matching } = filters;
  const page = asked ?? 1;
  const [rows, total] = await Promise.all([
    contactRows(db, matching, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE),
    contactCount(db, matching),
  ]);
  return { items: rows.map(toContact), page, pageSize: ADMIN_PAGE_SIZE, total };
}

const HEADER = ['Email', 'Name', 'Phone', 'Sources', 'First Seen', 'Marketing Consent'];

/** GET /api/admin/exports/marketing-contacts.csv: every contact the filters match. */
export async function marketingContactsCsv(db: Knex, filters: Omit<MarketingFilters, 'page'>) {
  return {
    filename: `marketing-contacts-${chicagoDate(new Date())}.csv`,
    file: await streamCsv<ContactRow>(db, contactsExportQuery(filters), HEADER, (row) => {
      const contact = toContact(row);
      return [
        contact.email,
        contact.name,
        contact.phone,
        contact.sources.map((s) => LEAD_SOURCE_LABELS[s]).join('; '),
        contact.firstSeen,
        contact.consent ? 'yes' : 'no',
      ];
    }),
  };
}
