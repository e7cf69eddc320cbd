import {
  ADMIN_CLIENT_SORTS,
  type AdminClientRow,
  adminClientPageSchema,
  adminClientSchema,
} from '@twinclean/shared/admin-people';
import { errorBodySchema } from '@twinclean/shared/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPeopleWorld } from '../../test/admin-people-world';
import { newUser } from '../../test/people';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

let admin: Awaited<ReturnType<typeof signInAs>>;
let world: Awaited<ReturnType<typeof adminPeopleWorld>>;

beforeAll(async () => {
  const staff = await newUser(db.knex, 'client', { role: 'admin_staff' });
  admin = await signInAs(api.url, staff.email);
  world = await adminPeopleWorld(db.knex);
});

async function list(query = '') {
  const res = await admin(`/api/admin/clients${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminClientPageSchema.parse(await res.json());
}
const names = (rows: AdminClientRow[]) => rows.map((r) => r.firstName);

describe('GET /api/admin/clients', () => {
  it('lists client accounts only, by last name, with their figures', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(names(page.items)).toEqual(['Grace', 'Ada', 'Pat', 'Alan']);
    const ada = page.items.find((r) => r.id === world.ada.id);
    expect(ada).toMatchObject({
      lastName: 'Lovelace',
      email: world.ada.email,
      phone: '(612) 555-0199',
      subscriptionType: 'none',
      membership: null,
      bookings: 2,
      // $90 paid, $20 refunded; the failed deposit counts for nothing.
      totalPaid: '70.00',
      deactivatedAt: null,
    });
    expect(ada?.lastBookingDate).toBe(
      (await db.knex('bookings').where({ id: world.adaNext }).first()).scheduledDate,
    );
    const alan = page.items.find((r) => r.id === world.alan.id);
    expect(alan).toMatchObject({
      subscriptionType: 'standard',
      membership: { plan: 'standard', status: 'active' },
      bookings: 0,
      totalPaid: '99.99',
      lastBookingDate: null,
    });
    expect(page.items.find((r) => r.id === world.grace.id)?.deactivatedAt).not.toBeNull();
  });

  it('searches name, e-mail and phone (typed or digits), every word, wildcards literal', async () => {
    expect(names((await list('?q=lovel')).items)).toEqual(['Ada']);
    expect(names((await list(`?q=${world.ada.email.slice(0, 14)}`)).items)).toEqual(['Ada']);
    expect(names((await list('?q=6125550199')).items)).toEqual(['Ada']);
    expect(names((await list('?q=555-0199')).items)).toEqual(['Ada']);
    expect(names((await list('?q=ada%20hopper')).items)).toEqual([]);
    expect(names((await list('?q=grace%20HOP')).items)).toEqual(['Grace']);
    // "ce_t" would find "Percent" if the underscore were a wildcard.
    expect(names((await list('?q=ce_t')).items)).toEqual([]);
    expect(names((await list('?q=percent_sign')).items)).toEqual(['Pat']);
    expect(names((await list('?q=%25')).items)).toEqual([]);
  });

  it('filters by account state and membership', async () => {
    expect(names((await list('?state=deactivated')).items)).toEqual(['Grace']);
    expect((await list('?state=active')).total).toBe(3);
    expect(names((await list('?membership=standard')).items)).toEqual(['Alan']);
    expect((await list('?membership=none&state=active')).total).toBe(2);
  });

  it('sorts by every column both ways, those without a value last', async () => {
    expect(names((await list('?sort=bookings&dir=desc')).items).slice(0, 2)).toEqual([
      'Ada',
      'Grace',
    ]);
    expect(names((await list('?sort=totalPaid&dir=desc')).items).slice(0, 2)).toEqual([
      'Alan',
      'Ada',
    ]);
    expect(names((await list('?sort=lastBooking&dir=desc')).items).slice(0, 2)).toEqual([
      'Ada',
      'Grace',
    ]);
    expect(names((await list('?sort=lastBooking&dir=asc')).items).slice(0, 2)).toEqual([
      'Grace',
      'Ada',
    ]);
    expect(names((await list('?sort=createdAt&dir=desc')).items)).toEqual([
      'Pat',
      'Alan',
      'Grace',
      'Ada',
    ]);
    for (const sort of ADMIN_CLIENT_SORTS) {
      for (const dir of ['asc', 'desc']) {
        const all = await list(`?sort=${sort}&dir=${dir}`);
        const paged = [
          ...(await list(`?sort=${sort}&dir=${dir}&pageSize=3`)).items,
          ...(await list(`?sort=${sort}&dir=${dir}&pageSize=3&page=2`)).items,
        ];
        expect(
          paged.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(all.items.map((r) => r.id));
      }
    }
  });

  it('answers an empty page past the end, and 400 with a message for a bad query', async () => {
    expect(await list('?page=9')).toMatchObject({ items: [], total: 4, page: 9 });
    for (const query of ['?sort=phone', '?pageSize=500', '?state=gone', '?page=0']) {
      const res = await admin(`/api/admin/clients${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBodySchema.parse(await res.json()).message).not.toBe('');
    }
  });
});

describe('GET /api/admin/clients/{id}', () => {
  it('answers the account, bookings (latest first), payments with refunds, membership', async () => {
    const res = await admin(`/api/admin/clients/${world.ada.id}`);
    expect(res.status).toBe(200);
    const ada = adminClientSchema.parse(await res.json());
    expect(ada).toMatchObject({
      firstName: 'Ada',
      emailVerified: true,
      totalPaid: '70.00',
      subscription: null,
      bookings: { total: 2 },
      payments: { total: 2 },
    });
    expect(ada.bookings.items.map((b) => b.id)).toEqual([world.adaNext, world.adaOld]);
    expect(ada.bookings.items[1]).toMatchObject({ status: 'fully_paid', amountPaid: '90.00' });
    const paid = ada.payments.items.find((p) => p.id === world.paid);
    expect(paid).toMatchObject({ kind: 'full', status: 'succeeded', refunded: '20.00' });
    expect(paid?.refunds).toMatchObject([{ amount: '20.00', reason: 'Goodwill' }]);

    const alan = adminClientSchema.parse(
      await (await admin(`/api/admin/clients/${world.alan.id}`)).json(),
    );
    expect(alan.subscription).toMatchObject({
      id: world.membership,
      plan: 'standard',
      status: 'active',
      price: '99.99',
      paidMonths: 2,
      cancelAtPeriodEnd: false,
    });
    expect(alan.payments.items).toMatchObject([{ kind: 'subscription', bookingId: null }]);
  });

  it('answers 404 for an unknown id or a provider, 400 for a malformed one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', world.zoe.id]) {
      const res = await admin(`/api/admin/clients/${id}`);
      expect(res.status).toBe(404);
      expect(errorBodySchema.parse(await res.json()).message).toBe('Client not found.');
    }
    expect((await admin('/api/admin/clients/not-an-id')).status).toBe(400);
  });
});

describe('access', () => {
  it('is for admins only: a client and a provider get 403, a guest 401', async () => {
    const paths = ['/api/admin/clients', `/api/admin/clients/${world.ada.id}`];
    for (const path of paths) expect((await fetch(`${api.url}${path}`)).status).toBe(401);
    for (const user of [world.pat, world.zoe]) {
      const request = await signInAs(api.url, user.email);
      for (const path of paths) {
        const res = await request(path);
        expect(res.status).toBe(403);
        expect(errorBodySchema.parse(await res.json()).code).toBe('forbidden');
      }
    }
    const owner = await newUser(db.knex, 'client', { role: 'admin_owner' });
    expect((await (await signInAs(api.url, owner.email))(paths[1] ?? '')).status).toBe(200);
  });
});
