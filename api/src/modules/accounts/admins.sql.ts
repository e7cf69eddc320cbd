import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import type { Role } from '@twinclean/shared/roles';
import { ADMIN_ROLES } from '@twinclean/shared/roles';
import type { Knex } from 'knex';

/** An admin account as the admins page lists it. */
export type AdminRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  passwordHash: string | null;
  deactivatedAt: Date | null;
  createdAt: Date;
};

/** One page of admin accounts: active before deactivated, owners before staff, then by name. */
export async function adminAccountsPage(
  db: Knex,
  page: number,
): Promise<{ rows: AdminRecord[]; total: number }> {
  const admins = () => db('users').whereIn('role', ADMIN_ROLES);
  const [rows, counted] = await Promise.all([
    admins()
      .select(
        'id',
        'firstName',
        'lastName',
        'email',
        'role',
        'passwordHash',
        'deactivatedAt',
        'createdAt',
      )
      .orderByRaw('deactivated_at IS NOT NULL')
      .orderBy([
        { column: 'role', order: 'asc' },
        { column: 'lastName' },
        { column: 'firstName' },
        { column: 'id' },
      ])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<AdminRecord[]>,
    admins().count({ n: '*' }).first(),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
