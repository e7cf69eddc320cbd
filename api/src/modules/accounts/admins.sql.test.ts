import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { adminAccountsPage } from './admins.sql';

const db = useTestDatabase();

const admin = (role: string, lastName: string, fields: Record<string, unknown> = {}) =>
  newUser(db.knex, 'client', { role, firstName: 'Al', lastName, ...fields });

let ids: Record<string, string>;
beforeAll(async () => {
  ids = {
    zedOwner: (await admin('admin_owner', 'Zed')).id,
    abeStaff: (await admin('admin_staff', 'Abe')).id,
    aaaGone: (await admin('admin_owner', 'Aaa', { deactivatedAt: new Date() })).id,
    beeOwner: (await admin('admin_owner', 'Bee', { passwordHash: null })).id,
  };
  await newUser(db.knex, 'client', { lastName: 'Aardvark' });
  await newUser(db.knex, 'provider', { lastName: 'Aardwolf' });
});

describe('the admin accounts page', () => {
  it('lists only admins: active first, owners before staff, then by name', async () => {
    const { rows, total } = await adminAccountsPage(db.knex, 1);
    expect(rows.map((r) => r.id)).toEqual([ids.beeOwner, ids.zedOwner, ids.abeStaff, ids.aaaGone]);
    expect(total).toBe(4);
    expect(rows[0]).toMatchObject({ lastName: 'Bee', role: 'admin_owner', passwordHash: null });
    expect(rows[3]?.deactivatedAt).toBeInstanceOf(Date);
    expect(rows[1]?.passwordHash).toEqual(expect.any(String));
  });

  it('pages by the admin page size and counts every admin', async () => {
    for (let i = 0; i < ADMIN_PAGE_SIZE; i++) {
      await admin('admin_staff', `Staff${String(i).padStart(2, '0')}`);
    }
    const first = await adminAccountsPage(db.knex, 1);
    const second = await adminAccountsPage(db.knex, 2);
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 4);
    expect(first.rows.at(-1)?.lastName).toBe('Staff46');
    expect(second.rows.map((r) => r.lastName)).toEqual(['Staff47', 'Staff48', 'Staff49', 'Aaa']);
    expect(second.total).toBe(ADMIN_PAGE_SIZE + 4);
  });
});
