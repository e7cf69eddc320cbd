import type {
  ApplicationDetail,
  ApplicationFilters,
  ApplicationSummary,
  ApplicationsPage,
} from '@twinclean/shared/admin-applications';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { ProviderProfile } from '../../models/provider-profile';
import {
  type ApplicationRecord,
  applicationMatches,
  applicationPage,
  applicationRecord,
} from './applications.sql';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const toSummary = (row: ApplicationRecord): ApplicationSummary => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  decidedAt: iso(row.decidedAt),
  decidedBy: row.decidedBy && row.deciderName ? { id: row.decidedBy, name: row.deciderName } : null,
  duplicate: { applications: Number(row.dupApplications), accounts: Number(row.dupAccounts) },
});

/** GET /api/admin/provider-applications: newest first, a page at a time. */
export async function listApplications(
  db: Knex,
  filters: ApplicationFilters,
): Promise<ApplicationsPage> {
  const page = filters.page ?? 1;
  const { rows, total } = await applicationPage(db, filters, page);
  return { items: rows.map(toSummary), page, pageSize: ADMIN_PAGE_SIZE, total };
}

/** GET /api/admin/provider-applications/{id}: the whole text, and who else it matches. */
export async function applicationDetail(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<ApplicationDetail> {
  const row = await applicationRecord(db, id);
  if (!row) throw notFound('Application');
  const [{ applications, accounts }, profile] = await Promise.all([
    applicationMatches(db, id),
    ProviderProfile.query(db).select('userId').findOne({ applicationId: id }),
  ]);
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  return {
    ...toSummary(row),
    experience: row.experience,
    availability: row.availability,
    whyJoin: row.whyJoin,
    providerId: profile?.userId ?? null,
    matches: {
      applications: applications.map((o) => ({
        id: o.id,
        name: name(o),
        email: o.email,
        phone: o.phone,
        status: o.status,
        createdAt: new Date(o.createdAt).toISOString(),
      })),
      accounts: accounts.map((u) => ({
        id: u.id,
        name: name(u),
        email: u.email,
        phone: u.phone,
        role: u.role,
      })),
    },
  };
}
