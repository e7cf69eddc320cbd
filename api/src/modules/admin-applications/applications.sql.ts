import type { ApplicationFilters, ApplicationStatus } from '@twinclean/shared/admin-applications';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Role } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// The applications pages: each application with who decided it and how many other applications
// and accounts look like the same person, and, for one, who those are.

// The phone's last ten digits, however it was typed and with or without the country code; the
// expression of the indexes on both tables (migration 20261124008000), so each lookup uses them.
const digits = (column: string) => `right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/** Another application, or an account, sharing `a`'s e-mail or phone. */
const sameApplicant = `(o.email = a.email OR (${digits('o.phone')} = ${digits('a.phone')} AND ${digits('a.phone')} <> ''))`;
// The account this application's approval created is the applicant, not a duplicate.
const sameAccount = `(u.email = a.email OR (${digits('u.phone')} = ${digits('a.phone')} AND ${digits('a.phone')} <> ''))
  AND NOT EXISTS (SELECT 1 FROM provider_profiles pp WHERE pp.user_id = u.id AND pp.application_id = a.id)`;

export type ApplicationRecord = {
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

/** One page of the matching applications, newest first, and how many match. */
export async function applicationPage(
  db: Knex,
  filters: ApplicationFilters,
  page: number,
): Promise<{ rows: ApplicationRecord[]; total: number }> {
  const [found, counted] = await Promise.all([
    filtered(rows(db), filters)
      .orderBy([
        { column: 'a.createdAt', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<ApplicationRecord[]>,
    filtered(db('providerApplications as a'), filters).count({ n: '*' }).first(),
  ]);
  return { rows: found, total: Number(counted?.n ?? 0) };
}

export type ApplicationDetailRecord = ApplicationRecord & {
  experience: string;
  availability: string;
  whyJoin: string;
};

/** One application with its whole text; undefined when there is none. */
export function applicationRecord(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<ApplicationDetailRecord | undefined> {
  return rows(db as Knex)
    .select('a.experience', 'a.availability', 'a.whyJoin')
    .where('a.id', id)
    .first();
}

type Person = { id: string; firstName: string; lastName: string; email: string; phone: string };

/** Up to 20 other applications (newest first) and accounts (oldest first) of the same person. */
export async function applicationMatches(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<{
  applications: (Person & { status: ApplicationStatus; createdAt: Date })[];
  accounts: (Omit<Person, 'phone'> & { phone: string | null; role: Role })[];
}> {
  const [applications, accounts] = await Promise.all([
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
  ]);
  return { applications, accounts };
}
