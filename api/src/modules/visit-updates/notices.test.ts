import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { newUser } from '../../test/people';
import {
  HOUR,
  insertAssignedJob,
  JOB_POINT,
  NEAR,
  providerClient,
} from '../../test/punch-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
beforeAll(() => seedDemoData(db.knex));

const SITE = 'http://localhost:3000';
const FAR = { latitude: JOB_POINT.latitude + 0.1, longitude: JOB_POINT.longitude };
const CLOCK = /\d{1,2}:\d{2} [AP]M/;
const freshNumber = () => `+1612555${randomInt(2000, 10_000)}`;

type Channels = { byEmail?: boolean; byText?: boolean; phone?: string | null } | 'guest';

/** A fresh provider's job started an hour ago, for a guest or a client with these channels. */
async function visit(channels: Channels) {
  const provider = await newUser(db.knex, 'provider');
  const post = await providerClient(api.url, provider.email);
  const id = await insertAssignedJob(db.knex, {
    providerId: provider.id,
    scheduledAt: new Date(Date.now() - HOUR),
  });
  const email = `c-${randomUUID()}@example.com`;
  let phone: string | null = null;
  if (channels === 'guest') {
    await db
      .knex('bookings')
      .where({ id })
      .update({ clientEmail: email, clientPhone: freshNumber() });
  } else {
    phone = channels.phone === undefined ? freshNumber() : channels.phone;
    const client = await newUser(db.knex, 'client', {
      phone,
      notifyByEmail: channels.byEmail ?? true,
      notifyByText: channels.byText ?? false,
    });
    await db.knex('bookings').where({ id }).update({ clientId: client.id, clientEmail: email });
  }
  return {
    id,
    email,
    phone,
    post: (action: string, body: unknown, key = randomUUID()) =>
      post(`/api/provider/${action}/${id}`, body, key),
    mails: () => db.knex('outbound_emails').where({ toAddress: email }).orderBy('createdAt'),
    texts: () =>
      phone
        ? db.knex('outbound_texts').where({ toNumber: phone }).orderBy('createdAt')
        : db.knex('outbound_texts').whereRaw('false'),
  };
}

describe('who is told of On My Way, and how', () => {
  it('e-mails a guest and never texts them, even with a number on the booking', async () => {
    const v = await visit('guest');
    expect((await v.post('on-my-way', FAR)).status).toBe(200);
    const [mail] = await v.mails();
    expect(mail.template).toBe('visit_en_route');
    // A guest has no booking page: their link is the visit report's.
    expect(mail.textBody).toMatch(new RegExp(`${SITE}/visit-report/${v.id}_[\\w-]{43}`));
    const booking = await db.knex('bookings').where({ id: v.id }).first();
    expect(await db.knex('outbound_texts').where({ toNumber: booking.clientPhone })).toHaveLength(
      0,
    );
  });

  it('texts a client with texts on, and e-mails them only if they chose e-mail', async () => {
    const v = await visit({ byEmail: false, byText: true });
    const answer = await v.post('on-my-way', FAR);
    const [text] = await v.texts();
    expect(text.template).toBe('visit_en_route');
    expect(text.body).toMatch(
      new RegExp(
        `^TwinClean: Pia is on the way, arriving around ${CLOCK.source} \\(estimate\\)\\. ${SITE}/client/bookings/${v.id} Reply STOP to opt out\\.$`,
      ),
    );
    expect(text.body.length).toBeLessThanOrEqual(320);
    expect(answer.json.etaMinutes).toEqual(expect.any(Number));
    expect(await v.mails()).toHaveLength(0);
    // Delivered right after the commit by the app's SMS adapter (the stored default here).
    await expect.poll(async () => (await v.texts())[0].status).toBe('stored');

    const both = await visit({ byEmail: true, byText: true });
    await both.post('on-my-way', FAR);
    expect(await both.mails()).toHaveLength(1);
    expect(await both.texts()).toHaveLength(1);
  });

  it('texts nobody whose texts are off or who has no number', async () => {
    const off = await visit({ byText: false });
    await off.post('on-my-way', FAR);
    expect(await off.texts()).toHaveLength(0);
    expect(await off.mails()).toHaveLength(1);
    const none = await visit({ byText: true, phone: null });
    const count = async () => Number((await db.knex('outbound_texts').count())[0]?.count);
    const before = await count();
    await none.post('on-my-way', FAR);
    expect(await count()).toBe(before);
    expect(await none.mails()).toHaveLength(1);
  });

  it('keeps what it would have texted a number that sent STOP, and sends nothing', async () => {
    const v = await visit({ byText: true });
    await db.knex('sms_opt_outs').insert({ phone: v.phone });
    expect((await v.post('on-my-way', FAR)).status).toBe(200);
    const [text] = await v.texts();
    expect(text).toMatchObject({ status: 'opted_out', attempts: 0, sentAt: null, transport: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await v.texts())[0]).toMatchObject({ status: 'opted_out', attempts: 0 });
  });
});

describe('arrived and done', () => {
  it('are told once each, however often the punches are replayed', async () => {
    const v = await visit({ byEmail: true, byText: true });
    const inKey = randomUUID();
    expect((await v.post('clock-in', NEAR, inKey)).status).toBe(200);
    expect((await v.post('clock-in', NEAR, inKey)).status).toBe(200);
    // A second clock-in (a new key) is refused, and refusals tell nobody.
    expect((await v.post('clock-in', NEAR)).status).toBe(409);
    let texts = await v.texts();
    expect(texts.map((t) => t.template)).toEqual(['visit_arrived']);
    expect(texts[0].body).toMatch(
      new RegExp(`^TwinClean: Pia arrived at ${CLOCK.source}\\. ${SITE}/client/bookings/${v.id}$`),
    );
    const arrived = (await v.mails())[0];
    expect(arrived).toMatchObject({ template: 'visit_arrived', subject: 'Pia has arrived' });

    const outKey = randomUUID();
    expect((await v.post('clock-out', NEAR, outKey)).status).toBe(200);
    expect((await v.post('clock-out', NEAR, outKey)).status).toBe(200);
    expect((await v.post('clock-out', NEAR)).status).toBe(409);
    texts = await v.texts();
    expect(texts.map((t) => t.template)).toEqual(['visit_arrived', 'visit_done']);
    expect(texts[1].body).toMatch(
      new RegExp(
        `^TwinClean: Pia finished at ${CLOCK.source}\\. Your visit report: ${SITE}/visit-report/${v.id}_[\\w-]{43}$`,
      ),
    );
    expect((await v.mails()).map((m) => m.template)).toEqual(['visit_arrived', 'visit_done']);
  });

  it('sends the done e-mail (the completion e-mail) even to a client who turned e-mail off', async () => {
    const v = await visit({ byEmail: false, byText: false });
    await v.post('clock-in', NEAR);
    expect(await v.mails()).toHaveLength(0);
    await v.post('clock-out', NEAR);
    const mails = await v.mails();
    expect(mails.map((m) => m.template)).toEqual(['visit_done']);
    expect(await v.texts()).toHaveLength(0);
  });
});
