import {
  ADMIN_BOOKING_SORTS,
  type AdminBookingRow,
  adminBookingListQuerySchema,
  adminBookingPageSchema,
} from '@twinclean/shared/admin-bookings';
import { errorBodySchema } from '@twinclean/shared/errors';
import { chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBookingsWorld } from '../../test/admin-bookings-world';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { exportAdminBookings } from './bookings-export';

const db = useTestDatabase();
const api = useTestServer(db);

let request: Awaited<ReturnType<typeof signInAs>>;
let world: Awaited<ReturnType<typeof adminBookingsWorld>>;

beforeAll(async () => {
  const admin = await newUser(db.knex, 'client', { role: 'admin_staff' });
  request = await signInAs(api.url, admin.email);
  world = await adminBookingsWorld(db.knex);
});

async function list(query = '') {
  const res = await request(`/api/admin/bookings${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminBookingPageSchema.parse(await res.json());
}
const names = (rows: AdminBookingRow[]) => rows.map((r) => r.clientFirstName);
/** `count` bookings of clients named `firstName` N0000, N0001, …, all at `start`. */
const numberedBookings = (firstName: string, count: number, start: Date) =>
  db.knex.batchInsert(
    'bookings',
    Array.from({ length: count }, (_, i) =>
      bookingRow(start, {
        clientFirstName: firstName,
        clientLastName: `N${String(i).padStart(4, '0')}`,
      }),
    ),
    500,
  );
const sorted = (values: string[]) => [...values].sort();

describe('GET /api/admin/bookings', () => {
  it("answers the spec's admin booking with its rooms, provider and status, newest date first", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 8, page: 1, pageSize: 25 });
    expect(page.items[0]?.scheduledDate).toBe('2026-12-04');
    expect(page.items.find((r) => r.id === world.ids.ada)).toEqual({
      id: world.ids.ada,
      serviceType: 'house',
      clientFirstName: 'Ada',
      clientLastName: 'Lovelace',
      address: '12 Summit Ave',
      city: 'Saint Paul',
      state: 'MN',
      selectedRooms: ['bedroom_1', 'full_bathroom_1', 'kitchen'],
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      totalHours: 3,
      providerId: null,
      providerName: null,
      status: 'pending_assignment',
      totalAmount: '135.00',
      priceToConfirm: false,
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    const statuses = Object.fromEntries(page.items.map((r) => [r.clientFirstName, r.status]));
    expect(statuses).toMatchObject({
      Grace: 'assigned',
      Alan: 'completed',
      Marie: 'canceled',
      Emmy: 'pending_deposit',
    });
    expect(page.items.find((r) => r.id === world.ids.grace)?.providerName).toBe('Zoe Quill');
  });

  it('pages without overlap or gaps, ties broken by id, and answers an empty page past the end', async () => {
    // Provider pages are cut from per-provider counts (bookings-by-provider.ts): pages of 3
    // straddle its groups both ways, the unassigned ones included. Page 3 of the others is past
    // the middle, so it is walked to from the far end (bookings-list.ts).
    for (const order of [
      'sort=scheduledDate&dir=asc',
      'sort=client&dir=desc',
      'sort=provider&dir=asc',
      'sort=provider&dir=desc',
    ]) {
      const all = await list(`?pageSize=100&${order}`);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const answer = await list(`?pageSize=3&page=${page}&${order}`);
        expect(answer, order).toMatchObject({ total: 8, page, pageSize: 3 });
        paged.push(...answer.items.map((r) => r.id));
      }
      expect(paged, order).toEqual(all.items.map((r) => r.id));
    }
    // Ada, Grace and Emmy share a date and time: the id decides, the same way every time.
    const all = await list('?pageSize=100&sort=scheduledDate&dir=asc');
    const tied = all.items.filter((r) => r.scheduledDate === '2026-12-01').map((r) => r.id);
    expect(tied).toEqual(sorted(tied));
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('sorts by every column both ways, ties by id in the same direction', async () => {
    const all = (await list('?pageSize=100')).items;
    const key = (r: AdminBookingRow, sort: (typeof ADMIN_BOOKING_SORTS)[number]) =>
      (
        ({
          client: [r.clientFirstName, r.clientLastName],
          address: [r.address, r.city],
          scheduledDate: [r.scheduledDate, r.scheduledTime],
          totalHours: [r.totalHours ?? 0],
          provider: [r.providerName ?? '\uffff', r.providerId ?? ''],
          status: [r.status, r.scheduledDate, r.scheduledTime],
          totalAmount: [Number(r.totalAmount)],
          createdAt: [r.createdAt],
        })[sort] as (string | number)[]
      ).concat(r.id);
    for (const sort of ADMIN_BOOKING_SORTS) {
      const expected = [...all]
        .sort((a, b) => {
          const [x, y] = [key(a, sort), key(b, sort)];
          const i = x.findIndex((v, n) => v !== y[n]);
          return i < 0 ? 0 : (x[i] ?? '') < (y[i] ?? '') ? -1 : 1;
        })
        .map((r) => r.id);
      expect(
        (await list(`?pageSize=100&sort=${sort}&dir=asc`)).items.map((r) => r.id),
        sort,
      ).toEqual(expected);
      expect(
        (await list(`?pageSize=100&sort=${sort}&dir=desc`)).items.map((r) => r.id),
        sort,
      ).toEqual(expected.reverse());
    }
  });

  it('filters by status, service, provider and date range, and counts what matches', async () => {
    expect(sorted(names((await list('?status=assigned')).items))).toEqual(['Grace', 'Nina']);
    expect(sorted(names((await list('?service=house')).items))).toEqual([
      'Ada',
      'Alan',
      'Grace',
      'Marie',
      'Nina',
    ]);
    const specials = await list('?service=laundry&service=dry_cleaning');
    expect(specials.total).toBe(2);
    expect(sorted(names(specials.items))).toEqual(['=HYPERLINK("http://x")', 'Pat']);
    expect(sorted(names((await list(`?provider=${world.zoe}`)).items))).toEqual(['Emmy', 'Grace']);
    expect((await list('?provider=assigned')).total).toBe(4);
    expect((await list('?provider=unassigned')).total).toBe(4);
    const december = await list('?from=2026-12-01&to=2026-12-02');
    expect(sorted(names(december.items))).toEqual(['Ada', 'Alan', 'Emmy', 'Grace']);
    expect((await list('?to=2026-11-30')).total).toBe(2);
    const combined = await list(
      `?service=house&status=assigned&provider=${world.zoe}&from=2026-12-01`,
    );
    expect(names(combined.items)).toEqual(['Grace']);
  });

  it('searches names, e-mail, address, city and ZIP, any case, every word, wildcards as text', async () => {
    const found = async (q: string) =>
      sorted(names((await list(`?q=${encodeURIComponent(q)}`)).items));
    expect(await found('lovelace')).toEqual(['Ada']);
    expect(await found('GRACE hop')).toEqual(['Grace']);
    expect(await found('math.example')).toEqual(['Emmy']);
    expect(await found('summit')).toEqual(['Ada']);
    expect(await found('saint paul')).toEqual(['Ada']);
    expect(await found('55104')).toEqual(['Pat']);
    expect(await found('ada turing')).toEqual([]);
    expect(await found('_sign')).toEqual(['Pat']);
    expect(await found('%')).toEqual([]);
    expect((await list('?q=%20%20')).total).toBe(8);
  });

  it('counts a broad search up to 1,000 or the page asked for, and says more match', async () => {
    await numberedBookings('Broad', 1_060, chicagoInstant('2027-02-01', '09:00'));
    try {
      const search = '?q=broad&sort=client&dir=asc';
      const last = (rows: AdminBookingRow[]) => rows.at(-1)?.clientLastName;
      const first = await list(search);
      expect(first).toMatchObject({ total: 1_000, totalAtLeast: true, page: 1 });
      expect(last(first.items)).toBe('N0024');
      // Paged past the first thousand, it counts on to the page's end, and the page is walked to
      // from the start, in order.
      const far = await list(`${search}&page=42`);
      expect(far).toMatchObject({ total: 1_050, totalAtLeast: true, page: 42 });
      expect(far.items.map((r) => r.clientLastName)).toEqual(
        Array.from({ length: 25 }, (_, i) => `N${String(1_025 + i).padStart(4, '0')}`),
      );
      // The last page counts them all.
      const end = await list(`${search}&page=43`);
      expect(end).toMatchObject({ total: 1_060, page: 43 });
      expect(end).not.toHaveProperty('totalAtLeast');
      expect(end.items).toHaveLength(10);
      // A narrower search is counted exactly.
      const narrow = await list('?q=broad%20n10');
      expect(narrow).toMatchObject({ total: 60 });
      expect(narrow).not.toHaveProperty('totalAtLeast');
    } finally {
      await db.knex('bookings').where({ clientFirstName: 'Broad' }).delete();
    }
  });

  it('flags an assigned carpet or rug job whose price nobody confirmed, and only those', async () => {
    const flags = async (query = '?pageSize=100') =>
      Object.fromEntries(
        (await list(query)).items.map((r) => [r.clientFirstName, r.priceToConfirm]),
      );
    // Emmy's carpet price is confirmed (its deposit is asked for): nothing to confirm anywhere.
    expect(Object.values(await flags())).toEqual(Array(8).fill(false));
    const bookings = () => db.knex('bookings');
    const idOf = (name: string): string => {
      const id = world.ids[name];
      if (!id) throw new Error(`No booking ${name} in the world`);
      return id;
    };
    const [emmy, percent, formula] = [idOf('emmy'), idOf('percent'), idOf('formula')] as const;
    try {
      // An estimate still: Emmy's assigned carpet job is flagged; Pat's rugs, unassigned, are not
      // (nobody can confirm them yet), nor laundry, whose price is set at booking.
      await bookings().whereIn('id', [emmy, percent, formula]).update({ priceIsFinal: false });
      expect(await flags()).toMatchObject({
        Emmy: true,
        Pat: false,
        '=HYPERLINK("http://x")': false,
        Grace: false,
      });
      // Every page's way of reading rows says the same: sorted by provider, filtered by service.
      expect(await flags('?sort=provider&service=carpet')).toEqual({ Emmy: true });
      await bookings()
        .where({ id: percent })
        .update({ providerId: world.abe, assignedAt: new Date() });
      expect((await flags('?service=dry_cleaning')).Pat).toBe(true);
      // A canceled job has no price left to confirm.
      await bookings()
        .where({ id: emmy })
        .update({ canceledAt: new Date(), cancellationReason: 'Moved' });
      expect((await flags('?service=carpet')).Emmy).toBe(false);
    } finally {
      await bookings()
        .where({ id: emmy })
        .update({ priceIsFinal: true, canceledAt: null, cancellationReason: null });
      await bookings()
        .where({ id: percent })
        .update({ priceIsFinal: true, providerId: null, assignedAt: null });
      await bookings().where({ id: formula }).update({ priceIsFinal: true });
    }
  });

  it('refuses bad input with a message and a 400', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'pageSize=101',
      'sort=price',
      'dir=up',
      'status=lost',
      'service=boat',
      'provider=someone',
      'from=2026-02-30',
      'from=0000-01-01',
      'from=2026-12-02&to=2026-12-01',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await request(`/api/admin/bookings?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBodySchema.parse(await res.json()).message.length, query).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/admin/exports/bookings.csv', () => {
  it('is an attachment named by date, with a header and one safely quoted line per match', async () => {
    const res = await request(
      '/api/admin/exports/bookings.csv?service=laundry&service=dry_cleaning&sort=client&dir=asc',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte-order mark first, for Excel (fetch's text() would hide it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Booking ID,Service,Client,Address,City,State,Rooms,Date,Time,Hours,Provider,Status,Amount,Created At',
      `${world.ids.formula},Laundry Pickup,"'=HYPERLINK(""http://x"") Smith, ""Jr""",'+1 Main St,'-Edina,MN,,2026-11-20,09:00,2.0,Unassigned,pending assignment,90.00,2026-11-06T10:00:00.000Z`,
      `${world.ids.percent},Dry Cleaning & Rugs,Pat Percent_Sign,'@5 Grand Ave,Minneapolis,MN,,2026-11-21,09:00,2.0,Unassigned,pending assignment,90.00,2026-11-06T10:00:00.000Z`,
      '',
    ]);
  });

  it('applies every filter of the list, takes no paging, and streams all of a large match', async () => {
    const text = async (query: string) =>
      (await request(`/api/admin/exports/bookings.csv${query}`)).text();
    const house = await text(`?provider=${world.zoe}&status=assigned`);
    expect(house.split('\r\n')).toHaveLength(3);
    expect(house).toContain(`${world.ids.grace},House Cleaning,Grace Hopper,`);
    const ada = await text('?q=lovelace&pageSize=1&page=5');
    expect(ada).toContain('bedroom 1; full bathroom 1; kitchen');
    // More than one FETCH's worth: every row arrives, once, in order.
    await numberedBookings('Bulk', 1200, chicagoInstant('2027-01-01', '09:00'));
    const bulk = (await text('?q=bulk&sort=client&dir=asc')).split('\r\n').slice(1, -1);
    expect(bulk).toHaveLength(1200);
    expect(bulk.map((line) => line.split(',')[2])).toEqual(
      Array.from({ length: 1200 }, (_, i) => `Bulk N${String(i).padStart(4, '0')}`),
    );
    await db.knex('bookings').where({ clientFirstName: 'Bulk' }).delete();
  });

  it('refuses bad filters with a 400 before any file', async () => {
    const res = await request('/api/admin/exports/bookings.csv?status=lost');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).message).toMatch(/status/i);
  });

  it('lets go of its transaction when the file is dropped, even before its first byte', async () => {
    const open = async () =>
      Number(
        (
          await db.knex.raw(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
          )
        ).rows[0].n,
      );
    const file = await exportAdminBookings(db.knex, adminBookingListQuerySchema.parse({}));
    expect(await open()).toBe(1);
    file.destroy();
    await expect.poll(open).toBe(0);
  });
});
