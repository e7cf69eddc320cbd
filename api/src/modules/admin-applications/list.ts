import type {
  ApplicationDetail,
  ApplicationFilters,
  ApplicationStatus,
  ApplicationSummary,
  ApplicationsPage,
} from '@twinclean/shared/admin-applications';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Role } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { notFound } from '../../errors';

// The phone's last ten digits, however it was typed and with or without the country code; the
// expression of the indexes on both tables (migration 20261124008000), so each lookup uses them.
const digits = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/** Another application, or an account, sharing `a`'s e-mail or phone. */
const sameApplicant = `(o.email = a.email OR (${digits('o.phone')} = ${digits('a.phone')} AND ${digits('a.phone')} <> ''))`;
// The account this application's approval created is the applicant, not a duplicate.
const sameAccount = `(u.email = a.email OR (${digits('u.phone')} = ${digits('a.phone')} AND ${digits('a.phone')} <> ''))
  AND NOT EXISTS (SELECT 1 FROM provider_profiles pp WHERE pp.user_id = u.id AND pp.application_id = a.id)`;

type Row = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: ApplicationStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  deciderName: string | null;
  dupApplications: number | string;
  dupAccounts: number | string;
};

function rows(db: Knex) {
  return db('providerApplications as a')
    .leftJoin('users as d', 'd.id', 'a.decidedBy')
    .select(
      'a.id',
      'a.firstName',
      'a.lastName',
      'a.email',
      'a.phone',
      'a.status',
      'a.createdAt',
      'a.decidedAt',
      'a.decidedBy',
      db.raw(`${fullNameSql('d')} AS decider_name`),
      db.raw(
        `(SELECT count(*) FROM provider_applications o WHERE o.id <> a.id AND ${sameApplicant}) AS dup_applications`,
      ),
      db.raw(`(SELECT count(*) FROM users u WHERE ${sameAccount}) AS dup_accounts`),
    );
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const toSummary = (row: Row): ApplicationSummary => ({
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

/** `%`, `_` and `\` typed in the search box are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(query: Knex.QueryBuilder, filters: ApplicationFilters) {
  if (filters.status) query.where('a.status', filters.status);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    query.where((q) =>
      q.whereRaw(`(${fullNameSql('a')}) ILIKE ?`, [pattern]).orWhere('a.email', 'ilike', pattern),
    );
  }
  return query;
}

/** GET /api/admin/provider-applications: newest first, a page at a time. */
export async function listApplications(
  db: Knex,
  filters: ApplicationFilters,
): Promise<ApplicationsPage> {
  const page = filters.page ?? 1;
  const [found, counted] = await Promise.all([
    filtered(rows(db), filters)
      .orderBy([
        { column: 'a.createdAt', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<Row[]>,
    filtered(db('providerApplications as a'), filters).count({ n: '*' }).first(),
  ]);
  return {
    items: found.map(toSummary),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted?.n ?? 0),
  };
}

/** GET /api/admin/provider-applications/{id}: the whole text, and who else it matches. */
export async function applicationDetail(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<ApplicationDetail> {
  const row: (Row & { experience: string; availability: string; whyJoin: string }) | undefined =
    await rows(db as Knex)
      .select('a.experience', 'a.availability', 'a.whyJoin')
      .where('a.id', id)
      .first();
  if (!row) throw notFound('Application');
  const [applications, accounts, profile] = await Promise.all([
    db('providerApplications as o')
      .crossJoin(db.raw('(SELECT email, phone FROM provider_applications WHERE id = ?) a', [id]))
      .whereNot('o.id', id)
      .whereRaw(sameApplicant)
      .select('o.id', 'o.firstName', 'o.lastName', 'o.email', 'o.phone', 'o.status', 'o.createdAt')
      .orderBy('o.createdAt', 'desc')
      .limit(20),
    db('users as u')
      .crossJoin(
        db.raw('(SELECT id, email, phone FROM provider_applications WHERE id = ?) a', [id]),
      )
      .whereRaw(sameAccount)
      .select('u.id', 'u.firstName', 'u.lastName', 'u.email', 'u.phone', 'u.role')
      .orderBy('u.createdAt')
      .limit(20),
    db('providerProfiles').where({ applicationId: id }).first('userId'),
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
        status: o.status as ApplicationStatus,
        createdAt: new Date(o.createdAt).toISOString(),
      })),
      accounts: accounts.map((u) => ({
        id: u.id,
        name: name(u),
        email: u.email,
        phone: u.phone,
        role: u.role as Role,
      })),
    },
  };
}
