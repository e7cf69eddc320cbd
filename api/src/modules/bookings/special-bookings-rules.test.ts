import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { carpetBookingSchema } from '@twinclean/shared/special-bookings';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { CookieJar } from '../../test/cookie-jar';
import {
  carpetPayload,
  dryCleaningPayload,
  laundryPayload,
  wizardPayload,
} from '../../test/fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobAlerts } from '../push/job-alerts';
import { carpetOrder } from './special-orders';
import { createSpecialBooking } from './special-service';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
beforeAll(() => seedDemoData(db.knex));

let ip = 0;
async function post(
  path: string,
  body: unknown,
  from = `198.51.100.${++ip}`,
  jar = new CookieJar(),
) {
  const res = await jar.fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    json: (await res.json()) as Record<string, unknown> & {
      message: string;
      code: string;
      issues?: { path: (string | number)[]; message: string }[];
    },
  };
}

async function signedIn(email: string) {
  const jar = new CookieJar();
  const res = await jar.fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-pass-2026' }),
  });
  expect(res.status).toBe(200);
  return jar;
}

const stored = (id: unknown) => db.knex('bookings').where({ id }).first();

/** Everything a refused booking must leave as it was. */
const TABLES = [
  'bookings',
  'carpetCleaningDetails',
  'laundryDetails',
  'dryCleaningItems',
  'outboundEmails',
];
const counts = () =>
  Promise.all(TABLES.map(async (t) => (await db.knex(t).count({ n: '*' }).first())?.n));

/** Each case is refused with this message (the first issue's, naming its field) and stores nothing. */
async function refuses(path: string, cases: [unknown, string | RegExp][]) {
  const before = await counts();
  for (const [body, message] of cases) {
    const { status, json } = await post(path, body);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(json.message, JSON.stringify(body)).toMatch(message);
  }
  expect(await counts()).toEqual(before);
}

describe('special bookings refuse bad input with the field named, storing nothing', () => {
  it('carpet: contact, address, schedule, then rooms, in the spec order', async () => {
    const { json } = await post(
      '/api/bookings/carpet',
      carpetPayload({
        firstName: '',
        lastName: ' ',
        email: '',
        phone: '',
        address: '',
        city: '',
        zipCode: '',
        scheduledDate: '',
        scheduledTime: '',
        bedrooms: 0,
        livingRooms: 0,
      }),
    );
    expect(json.code).toBe('validation_error');
    expect(json.message).toBe('firstName: First name is required');
    expect(json.issues?.map((i) => i.path.join('.'))).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'address',
      'city',
      'zipCode',
      'scheduledDate',
      'scheduledTime',
      'bedrooms',
    ]);
    expect(json.issues?.at(-1)?.message).toBe('Please select at least one bedroom or living room');
    await refuses('/api/bookings/carpet', [
      [carpetPayload({ lastName: '' }), 'lastName: Last name is required'],
      [carpetPayload({ email: 'nope' }), 'email: Enter a valid email address'],
      [carpetPayload({ phone: '' }), 'phone: Phone is required'],
      [carpetPayload({ zipCode: '5540' }), 'zipCode: ZIP code must be 5 digits'],
      [
        carpetPayload({ bedrooms: 0, livingRooms: 0, stairs: 2 }),
        'bedrooms: Please select at least one bedroom or living room',
      ],
      [carpetPayload({ stairs: -1 }), 'stairs: Stairs must be at least 0'],
      [carpetPayload({ state: 'WI' }), 'state: We serve Minnesota (MN) only'],
      [carpetPayload({ firstName: undefined }), /^firstName: /],
    ]);
  });

  it('laundry: loads 1–20, drop-off required only when not the pickup address, MN only', async () => {
    await refuses('/api/bookings/laundry', [
      [
        laundryPayload({ numberOfLoads: 0 }),
        'numberOfLoads: Please select at least one load of laundry.',
      ],
      [laundryPayload({ numberOfLoads: 21 }), 'numberOfLoads: At most 20 loads'],
      [laundryPayload({ pickupAddress: '' }), 'pickupAddress: Pickup address is required'],
      [laundryPayload({ pickupState: 'CA' }), 'pickupState: We serve Minnesota (MN) only'],
      [laundryPayload({ sameAsPickup: false }), 'dropoffAddress: Dropoff address is required'],
      [
        laundryPayload({ sameAsPickup: false, dropoffAddress: '1 Main St', dropoffCity: 'Edina' }),
        'dropoffZipCode: ZIP code must be 5 digits',
      ],
      [
        laundryPayload({
          sameAsPickup: false,
          dropoffAddress: '1 Main St',
          dropoffCity: 'Hudson',
          dropoffState: 'WI',
          dropoffZipCode: '54016',
        }),
        'dropoffState: We serve Minnesota (MN) only',
      ],
    ]);
    const { json } = await post('/api/bookings/laundry', laundryPayload({ sameAsPickup: false }));
    expect(json.issues?.map((i) => i.path.join('.'))).toEqual([
      'dropoffAddress',
      'dropoffCity',
      'dropoffZipCode',
    ]);
  });

  it('dry cleaning: at least one item, no negative counts, drop-off only when different', async () => {
    await refuses('/api/bookings/dry-cleaning', [
      [dryCleaningPayload({ items: {} }), 'items: Please add at least one item to clean.'],
      [
        dryCleaningPayload({ items: { shirt: 0, tie: 0 } }),
        'items: Please add at least one item to clean.',
      ],
      [
        dryCleaningPayload({ items: { shirt: -1, tie: 2 } }),
        'items.shirt: Item counts cannot go below 0',
      ],
      [dryCleaningPayload({ items: { cape: 1 } }), /^items/],
      [dryCleaningPayload({ pickupZip: '' }), 'pickupZip: ZIP code must be 5 digits'],
      [
        dryCleaningPayload({ dropoffSameAsPickup: false }),
        'dropoffAddress: Dropoff address is required',
      ],
      [
        dryCleaningPayload({ specialInstructions: 'x'.repeat(2001) }),
        /Special instructions are too long/,
      ],
    ]);
  });
});

describe('the booking window', () => {
  const today = chicagoDate(new Date());
  const outside: [Record<string, unknown>, string][] = [
    [{ scheduledDate: addDays(today, -1) }, 'Choose a date from today up to 30 days ahead.'],
    [{ scheduledDate: addDays(today, 31) }, 'Choose a date from today up to 30 days ahead.'],
    [{ scheduledTime: '07:00' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
    [{ scheduledTime: '17:00' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
    [{ scheduledTime: '09:30' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
  ];

  it('refuses past dates, more than 30 days ahead and off-hour slots on every form', async () => {
    const forms: [string, (o: Record<string, unknown>) => unknown][] = [
      ['/api/bookings/carpet', carpetPayload],
      ['/api/bookings/laundry', laundryPayload],
      ['/api/bookings/dry-cleaning', dryCleaningPayload],
    ];
    const before = await counts();
    for (const [path, payload] of forms) {
      for (const [overrides, message] of outside) {
        const { status, json } = await post(path, payload(overrides));
        expect(status, `${path} ${JSON.stringify(overrides)}`).toBe(400);
        expect(json).toMatchObject({ code: 'invalid_slot', message });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a slot less than 2 hours ahead, and takes one 2 hours ahead', async () => {
    const date = addDays(today, 1);
    const deps = { ...api.deps, alerts: jobAlerts(api.deps.jobs, pino({ level: 'silent' })) };
    const order = carpetOrder(carpetBookingSchema.parse(carpetPayload({ scheduledDate: date })));
    // Booked at 8:01 for 10:00: a minute short.
    await expect(
      createSpecialBooking(deps, order, undefined, chicagoInstant(date, '08:01')),
    ).rejects.toMatchObject({ status: 400, message: 'Choose a time at least 2 hours from now.' });
    const booked = await createSpecialBooking(
      deps,
      order,
      undefined,
      chicagoInstant(date, '08:00'),
    );
    expect(booked).toMatchObject({ scheduledDate: date, scheduledTime: '10:00' });
  });
});

describe('rate limit', () => {
  it('shares the house booking limit: 20 bookings an hour from one address, then 429', async () => {
    const from = '203.0.113.77';
    const forms: [string, () => unknown][] = [
      ['/api/bookings/carpet', () => carpetPayload()],
      ['/api/bookings/laundry', () => laundryPayload()],
      ['/api/bookings/dry-cleaning', () => dryCleaningPayload()],
      ['/api/bookings', () => wizardPayload()],
    ];
    for (let i = 0; i < 20; i++) {
      const [path, body] = forms[i % forms.length] as (typeof forms)[number];
      expect((await post(path, body(), from)).status).toBe(201);
    }
    const before = await counts();
    for (const [path, body] of forms) {
      const refused = await post(path, body(), from);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(/Too many attempts/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    expect(await counts()).toEqual(before);
    // Another address is not held back.
    expect((await post('/api/bookings/carpet', carpetPayload())).status).toBe(201);
  });
});

describe('who booked', () => {
  it('links a signed-in client; a member pays no deposit; guests and providers stay unlinked', async () => {
    const client = await post(
      '/api/bookings/laundry',
      laundryPayload(),
      undefined,
      await signedIn(demoAccounts.client.email),
    );
    const user = await db.knex('users').where({ email: demoAccounts.client.email }).first();
    expect(await stored(client.json.id)).toMatchObject({
      clientId: user.id,
      subscriptionType: 'none',
    });

    const member = await post(
      '/api/bookings/carpet',
      carpetPayload(),
      undefined,
      await signedIn(demoAccounts.standard.email),
    );
    // Fixed prices are the same for members; only the deposit goes.
    expect(member.json).toMatchObject({ totalAmount: '325.00', depositAmount: '0.00' });
    expect(await stored(member.json.id)).toMatchObject({
      clientId: expect.any(String),
      subscriptionType: 'standard',
      depositAmountCents: 0,
    });

    const provider = await post(
      '/api/bookings/dry-cleaning',
      dryCleaningPayload(),
      undefined,
      await signedIn(demoAccounts.provider.email),
    );
    const guest = await post('/api/bookings/dry-cleaning', dryCleaningPayload());
    for (const { json } of [provider, guest]) {
      expect(await stored(json.id)).toMatchObject({ clientId: null, subscriptionType: 'none' });
    }
  });
});
