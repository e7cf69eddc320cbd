import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { CookieJar } from '../../test/cookie-jar';
import { wizardPayload } from '../../test/fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let ip = 0;
async function book(body: unknown, jar = new CookieJar()) {
  const res = await jar.fetch(`${api.url}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${++ip}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/bookings', () => {
  it('prices the booking on the server and ignores totals the browser sent', async () => {
    await seedDemoData(db.knex);
    const { status, json } = await book(
      wizardPayload({
        totalAmount: '1.00',
        depositAmount: '0.00',
        hourlyRate: '1.00',
        baseHours: 1,
        selectedRooms: ['x'],
      }),
    );
    expect(status).toBe(201);
    // 180 room minutes + 30 oven + 40 windows = 250 → 5 hours × $45 = $225 + $30 + $20 + $20 green.
    expect(json).toMatchObject({
      status: 'pending_assignment',
      totalHours: 5,
      hourlyRate: '45.00',
      totalAmount: '295.00',
      depositAmount: '118.00',
    });
    const stored = await db.knex('bookings').where({ id: json.id }).first();
    expect(stored).toMatchObject({
      serviceType: 'house',
      clientId: null,
      totalAmountCents: 29500,
      depositAmountCents: 11800,
      addOnsTotalCents: 5000,
      greenCleaningFeeCents: 2000,
      providerId: null,
      canceledAt: null,
      geocodePrecision: 'zip',
    });
    expect(stored.latitude).toBeCloseTo(44.95, 1);
    const details = await db.knex('houseCleaningDetails').where({ bookingId: json.id }).first();
    expect(details.selectedRooms).toEqual([
      'bedroom_1',
      'bedroom_2',
      'bedroom_3',
      'full_bathroom_1',
      'full_bathroom_2',
      'kitchen',
      'living_room',
    ]);
    const lines = await db.knex('bookingAddOns').where({ bookingId: json.id }).orderBy('addOnId');
    expect(lines.map((l) => [l.addOnId, l.quantity, l.unitPriceCents])).toEqual([
      ['inside-oven', 1, 3000],
      ['window-cleaning', 4, 500],
    ]);
    const email = await db
      .knex('outboundEmails')
      .where({ toAddress: 'grace@example.com', template: 'booking_confirmation' })
      .first();
    expect(email.textBody).toContain('Estimated total: $295.00');
  });

  it("escapes the client's words in the HTML of the confirmation, quotes included", async () => {
    const { status } = await book(
      wizardPayload({
        clientEmail: 'markup@example.com',
        clientFirstName: `Grace "<script>alert('g')</script>"`,
        address: `3348 O'Hara & "Hennepin" <b>Ave</b>`,
      }),
    );
    expect(status).toBe(201);
    const email = await db
      .knex('outboundEmails')
      .where({ toAddress: 'markup@example.com', template: 'booking_confirmation' })
      .first();
    expect(email.htmlBody).not.toMatch(/<script|<b>/);
    expect(email.htmlBody).toContain(
      '<p>Hi Grace &quot;&lt;script&gt;alert(&#39;g&#39;)&lt;/script&gt;&quot;,</p>',
    );
    expect(email.htmlBody).toContain(
      '<p>Address: 3348 O&#39;Hara &amp; &quot;Hennepin&quot; &lt;b&gt;Ave&lt;/b&gt;, Minneapolis',
    );
    // The layout's own apostrophes are escaped the same way as the client's.
    expect(email.htmlBody).toContain('We&#39;re assigning a vetted cleaner now');
  });

  it('gives a signed-in standard subscriber $25/hour, free add-ons and no deposit', async () => {
    const jar = new CookieJar();
    await jar.fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'standard@example.com', password: 'demo-pass-2026' }),
    });
    const { status, json } = await book(wizardPayload(), jar);
    expect(status).toBe(201);
    expect(json).toMatchObject({
      hourlyRate: '25.00',
      totalAmount: '145.00',
      depositAmount: '0.00',
    });
    const stored = await db.knex('bookings').where({ id: json.id }).first();
    expect(stored).toMatchObject({
      subscriptionType: 'standard',
      addOnsTotalCents: 0,
      clientId: expect.any(String),
    });
  });

  it('refuses past dates, more than 30 days ahead, slots outside 08:00–16:00 and too-soon slots', async () => {
    const today = chicagoDate(new Date());
    const cases: [Record<string, unknown>, string][] = [
      [{ scheduledDate: addDays(today, -1) }, 'Choose a date from today up to 30 days ahead.'],
      [{ scheduledDate: addDays(today, 31) }, 'Choose a date from today up to 30 days ahead.'],
      [{ scheduledTime: '17:00' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
      [{ scheduledTime: '07:00' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
      [{ scheduledTime: '09:30' }, 'Choose a time between 8:00 AM and 4:00 PM.'],
    ];
    for (const [overrides, message] of cases) {
      const { status, json } = await book(wizardPayload(overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(json.message).toBe(message);
    }
  });

  it('refuses bad payloads with a clear message and stores nothing', async () => {
    const before = await db.knex('bookings').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ clientFirstName: ' ' }, /First name is required/],
      [{ clientEmail: 'not-an-email' }, /valid email/],
      [{ zipCode: '5540' }, /ZIP code must be 5 digits/],
      [
        { bedroomCount: 0, fullBathroomCount: 0, hasKitchen: false, hasLivingRoom: false },
        /Please specify at least one room to clean/,
      ],
      [{ bedroomCount: 7 }, /bedroomCount/],
      [{ squareFeet: 150 }, /steps of 100/],
      [{ addOns: [{ id: 'gold-plating', quantity: 1 }] }, /Unknown add-on: gold-plating/],
      [{ addOns: [{ id: 'inside-oven', quantity: -1 }] }, /addOns/],
      [{ state: 'CA' }, /state/],
    ];
    for (const [overrides, message] of cases) {
      const { status, json } = await book(wizardPayload(overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(json.message).toMatch(message);
    }
    expect(await db.knex('bookings').count({ n: '*' }).first()).toEqual(before);
  });

  it('puts the new booking on the job board', async () => {
    const { json } = await book(wizardPayload({ clientEmail: 'board@example.com' }));
    const open = await db
      .knex('bookings')
      .whereNull('providerId')
      .whereNull('canceledAt')
      .where('scheduledAt', '>', new Date())
      .pluck('id');
    expect(open).toContain(json.id);
  });
});

describe('GET /api/pricing', () => {
  it('answers the pricing config the bookings were priced with', async () => {
    const res = await fetch(`${api.url}/api/pricing`);
    expect(await res.json()).toMatchObject({
      hourlyRateCents: 4500,
      subscriberHourlyRateCents: 2500,
      greenCleaningFeeCents: 2000,
      depositPercent: 40,
    });
  });
});
