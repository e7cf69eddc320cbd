import { randomUUID } from 'node:crypto';
import { type VisitReport, visitReportSchema } from '@twinclean/shared/visit-report';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { pdfPageCount, pdfText } from '../../test/pdf-text';
import { newUser } from '../../test/people';
import { photoForm } from '../../test/photo-fixtures';
import { insertAssignedJob, NEAR, providerClient } from '../../test/punch-fixtures';
import { REAL_JPEG, REAL_PNG } from '../../test/report-photos';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { reportTokens } from './tokens';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const DAY = 86_400_000;

type Session = Awaited<ReturnType<typeof signInAs>>;
let maria: Session;
let jordan: Session;
let staff: Session;
let punch: Awaited<ReturnType<typeof providerClient>>;

beforeAll(async () => {
  await seedDemoData(db.knex);
  maria = await signInAs(api.url, demoAccounts.provider.email);
  jordan = await signInAs(api.url, demoAccounts.client.email);
  staff = await signInAs(api.url, demoAccounts.staff.email);
  punch = await providerClient(api.url, demoAccounts.provider.email);
});

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const read = async (request: Session | typeof fetch, path: string) =>
  json(
    await request(path.startsWith('http') ? path : `${request === fetch ? api.url : ''}${path}`),
  );
const token = async (id: string) => (await reportTokens(db.knex))(id);

async function upload(id: string, photoType: 'before' | 'after', files: Buffer[]) {
  const res = await maria(`/api/provider/bookings/${id}/photos`, {
    method: 'POST',
    body: photoForm(
      photoType,
      files.map((bytes, i) => ({ name: `p${i}`, bytes, id: randomUUID() })),
    ),
  });
  expect(res.status).toBe(201);
}

/**
 * Jordan's 3-hour cleaning of a kitchen, done by Maria: clocked in on site, two before photos,
 * two kitchen tasks ticked, clocked out without a location, one after photo.
 */
async function finishedVisit() {
  const id = await insertAssignedJob(db.knex);
  await db.knex('bookings').where({ id }).update({ clientId: demoAccounts.client.id });
  await db.knex('houseCleaningDetails').insert({
    bookingId: id,
    homeSize: 'small',
    numberOfFloors: 1,
    bedroomCount: 1,
    fullBathroomCount: 1,
    halfBathroomCount: 0,
    hasKitchen: true,
    hasLivingRoom: false,
    selectedRooms: ['kitchen'],
  });
  expect((await punch(`/api/provider/clock-in/${id}`, NEAR, randomUUID())).status).toBe(200);
  await upload(id, 'before', [REAL_JPEG, REAL_PNG]);
  const { version } = (await db.knex('checklistVersions').max('version as version').first()) as {
    version: number;
  };
  for (const itemKey of ['kitchen:0', 'kitchen:2']) {
    const tick = { version, itemKey, done: true, occurredAt: new Date().toISOString() };
    expect((await punch(`/api/provider/jobs/${id}/checklist`, tick, randomUUID())).status).toBe(
      200,
    );
  }
  const early = await read(jordan, `/api/bookings/${id}/visit-report`);
  expect(early).toMatchObject({
    status: 409,
    body: {
      code: 'visit_not_finished',
      message: 'The visit report is ready once the visit is done.',
    },
  });
  expect((await punch(`/api/provider/clock-out/${id}`, {}, randomUUID())).status).toBe(200);
  await upload(id, 'after', [REAL_JPEG]);
  return id;
}

describe('the proof-of-visit report', () => {
  it('tells the client the punches, hours, checklist, paired photos, rating link and tip offer', async () => {
    const id = await finishedVisit();
    const { status, body } = await read(jordan, `/api/bookings/${id}/visit-report`);
    expect(status).toBe(200);
    const report: VisitReport = visitReportSchema.parse(body);
    const booking = await db.knex('bookings').where({ id }).first();
    expect(report).toMatchObject({
      bookingId: id,
      serviceLabel: 'House Cleaning',
      address: '3348 Hennepin Ave, Minneapolis',
      cleanerFirstName: 'Maria',
      onMyWay: null,
      arrival: {
        at: booking.clockInAt.toISOString(),
        geofenceVerified: true,
        unverifiedReason: null,
      },
      departure: {
        at: booking.clockOutAt.toISOString(),
        geofenceVerified: false,
        distanceM: null,
        unverifiedReason: 'No location from the device',
      },
      bookedHours: 3,
      rating: { stars: null },
      tips: {
        given: [],
        offer: {
          visitAmount: '135.00',
          cleanerFirstName: 'Maria',
          percents: [
            { percent: 15, amount: '20.25' },
            { percent: 20, amount: '27.00' },
            { percent: 25, amount: '33.75' },
          ],
        },
      },
      pdfUrl: `/api/bookings/${id}/visit-report/pdf`,
      linkExpiresAt: null,
    });
    expect(report.arrival?.distanceM).toBeGreaterThan(0);
    const payout = await db.knex('payouts').where({ bookingId: id }).first();
    expect(report.workedHours).toBe(Number(payout.hoursWorked));
    expect(report.checklist).toMatchObject({ done: 2, total: 5 });
    expect(report.checklist?.sections[0]?.items.map((i) => i.done)).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(report.photos.before).toHaveLength(2);
    expect(report.photos.after).toHaveLength(1);
    for (const p of [...report.photos.before, ...report.photos.after]) {
      expect(p.url).toBe(`/api/photos/${p.id}`);
    }
    expect(report.rating.url).toMatch(/^\/rate\/[0-9a-f-]{36}_[\w-]{43}$/);

    // A tip paid (part refunded) and a rating given show as such.
    await db.knex('payments').insert({
      userId: demoAccounts.client.id,
      bookingId: id,
      gateway: 'local',
      gatewayPaymentId: `pi_tip_${randomUUID()}`,
      kind: 'tip',
      amountCents: 2000,
      refundedCents: 500,
      status: 'succeeded',
    });
    const rated = await jordan(`/api/bookings/${id}/rating`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stars: 4 }),
    });
    expect(rated.status).toBe(201);
    const after = (await read(jordan, `/api/bookings/${id}/visit-report`)).body as VisitReport;
    expect(after.rating).toEqual({ url: null, stars: 4 });
    expect(after.tips.given).toMatchObject([{ amount: '20.00', refunded: '5.00' }]);

    // The admins read the same facts, with no rating link and no tip to offer.
    const admin = (await read(staff, `/api/admin/bookings/${id}/visit-report`)).body as VisitReport;
    expect(admin).toMatchObject({
      bookingId: id,
      checklist: { done: 2 },
      rating: { url: null, stars: 4 },
      tips: { offer: null },
      pdfUrl: `/api/admin/bookings/${id}/visit-report/pdf`,
    });
  });

  it('opens to the link alone for 30 days after the clock-out, its photos under the link', async () => {
    const id = await finishedVisit();
    const link = await token(id);
    const res = await read(fetch, `/api/visit-reports/${link}`);
    expect(res.status).toBe(200);
    const report = visitReportSchema.parse(res.body);
    const clockOut = (await db.knex('bookings').where({ id }).first()).clockOutAt as Date;
    expect(report.linkExpiresAt).toBe(new Date(clockOut.getTime() + 30 * DAY).toISOString());
    expect(report.pdfUrl).toBe(`/api/visit-reports/${link}/pdf`);
    const first = report.photos.before[0];
    expect(first?.url).toBe(`/api/visit-reports/${link}/photos/${first?.id}`);
    const photo = await fetch(`${api.url}${first?.url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(REAL_JPEG)).toBe(true);

    // Another visit's photo is not this link's to show.
    const other = await finishedVisit();
    const [theirs] = await db.knex('photos').where({ bookingId: other }).select('id');
    const refused = await read(fetch, `/api/visit-reports/${link}/photos/${theirs.id}`);
    expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } });

    // 30 days on, the link and its photos say so.
    await db
      .knex('bookings')
      .where({ id })
      .update({ clockOutAt: new Date(Date.now() - 31 * DAY) });
    for (const path of [
      `/api/visit-reports/${link}`,
      first?.url,
      `/api/visit-reports/${link}/pdf`,
    ]) {
      expect(await read(fetch, path as string)).toMatchObject({
        status: 410,
        body: {
          code: 'link_expired',
          message: 'This visit report link has expired. Sign in to see your visits.',
        },
      });
    }
    // The client signed in still sees it.
    expect((await read(jordan, `/api/bookings/${id}/visit-report`)).status).toBe(200);
  });

  it('is nobody else’s: another client, a forged link, a canceled visit', async () => {
    const id = await finishedVisit();
    const stranger = await signInAs(api.url, (await newUser(db.knex, 'client')).email);
    const theirs = await read(stranger, `/api/bookings/${id}/visit-report`);
    const missing = await read(stranger, `/api/bookings/${randomUUID()}/visit-report`);
    expect(theirs).toEqual(missing);
    expect(theirs.status).toBe(404);
    expect((await stranger(`/api/bookings/${id}/visit-report/pdf`)).status).toBe(404);

    const link = await token(id);
    const forged = [
      `${id}_${'A'.repeat(43)}`,
      `${randomUUID()}${link.slice(36)}`,
      link.slice(0, -1),
      'not-a-token',
    ];
    for (const bad of forged) {
      expect(await read(fetch, `/api/visit-reports/${encodeURIComponent(bad)}`)).toMatchObject({
        status: 404,
        body: { code: 'not_found', message: 'This visit report link is not valid.' },
      });
    }

    // A visit not done yet, then canceled: no report either way.
    const ahead = await insertAssignedJob(db.knex);
    const early = await read(fetch, `/api/visit-reports/${await token(ahead)}`);
    expect(early).toMatchObject({ status: 409, body: { code: 'visit_not_finished' } });
    await db
      .knex('bookings')
      .where({ id: ahead })
      .update({ canceledAt: new Date(), cancellationReason: 'Plans changed' });
    expect(await read(fetch, `/api/visit-reports/${await token(ahead)}`)).toMatchObject({
      status: 409,
      body: {
        code: 'visit_not_finished',
        message: 'This visit was canceled, so it has no report.',
      },
    });
  });

  it('prints as a one-page PDF with the cleaner’s name, for the client, the admins and the link', async () => {
    const id = await finishedVisit();
    const { scheduledDate } = await db.knex('bookings').where({ id }).first();
    const link = await token(id);
    for (const [who, path] of [
      [jordan, `/api/bookings/${id}/visit-report/pdf`],
      [staff, `/api/admin/bookings/${id}/visit-report/pdf`],
      [fetch, `${api.url}/api/visit-reports/${link}/pdf`],
    ] as const) {
      const res = await who(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="twinclean-visit-${scheduledDate}.pdf"`,
      );
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdfPageCount(pdf)).toBe(1);
      const text = pdfText(pdf);
      expect(text).toContain('Maria');
      expect(text).toContain('Checklist: 2 of 5 tasks done');
    }
  });

  it('makes a link’s PDF at most 20 times in 15 minutes for one address', async () => {
    const link = await token(await finishedVisit());
    const from = { 'X-Forwarded-For': '10.77.3.19' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await fetch(`${api.url}/api/visit-reports/${link}/pdf`, { headers: from });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // Another address is not held back by it.
    const other = await fetch(`${api.url}/api/visit-reports/${link}/pdf`, {
      headers: { 'X-Forwarded-For': '10.77.3.20' },
    });
    expect(other.status).toBe(200);
  });
});
