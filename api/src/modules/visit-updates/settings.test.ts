import { PHONE_INVALID_MESSAGE } from '@twinclean/shared/phone';
import { visitUpdateSettingsAnswerSchema } from '@twinclean/shared/visit-updates';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
beforeAll(() => seedDemoData(db.knex));

const PATH = '/api/client/visit-updates';
const userRow = (id: string) =>
  db.knex('users').where({ id }).first('phone', 'notifyByEmail', 'notifyByText');

describe('the client’s visit-update channels', () => {
  it('start as e-mail only, and save a number as E.164 with texts on', async () => {
    const client = await signedInClient(db.knex, api.url);
    const first = await client.call('GET', PATH);
    expect(first.status).toBe(200);
    expect(visitUpdateSettingsAnswerSchema.parse(first.json)).toEqual({
      phone: null,
      byEmail: true,
      byText: false,
      textsStopped: false,
      // No Twilio here: no number to name in the STOP note.
      replyNumber: null,
    });
    const saved = await client.call('PUT', PATH, {
      phone: ' (612) 555-0177 ',
      byEmail: false,
      byText: true,
    });
    expect(saved).toEqual({
      status: 200,
      json: {
        phone: '+16125550177',
        byEmail: false,
        byText: true,
        textsStopped: false,
        replyNumber: null,
      },
    });
    expect(await userRow(client.id)).toEqual({
      phone: '+16125550177',
      notifyByEmail: false,
      notifyByText: true,
    });
    expect((await client.call('GET', PATH)).json).toEqual(saved.json);
  });

  it('refuses a number that is not one, on the phone field, and changes nothing', async () => {
    const client = await signedInClient(db.knex, api.url);
    for (const phone of ['555-01', 'call me', '+44 20 7946 0000 12']) {
      const answer = await client.call('PUT', PATH, { phone, byEmail: true, byText: true });
      expect(answer.status, phone).toBe(400);
      expect(answer.json.issues).toContainEqual({
        path: ['phone'],
        message: PHONE_INVALID_MESSAGE,
      });
      expect(answer.json.message).toBe(`phone: ${PHONE_INVALID_MESSAGE}`);
    }
    expect(await userRow(client.id)).toEqual({
      phone: null,
      notifyByEmail: true,
      notifyByText: false,
    });
  });

  it('refuses texts without a number, and removing the number turns texts off', async () => {
    const client = await signedInClient(db.knex, api.url);
    for (const phone of [null, '']) {
      const answer = await client.call('PUT', PATH, { phone, byEmail: true, byText: true });
      expect(answer.status).toBe(400);
      expect(answer.json.issues).toContainEqual({
        path: ['phone'],
        message: 'Add a mobile number to get text messages',
      });
    }
    await client.call('PUT', PATH, { phone: '612-555-0178', byEmail: true, byText: true });
    const cleared = await client.call('PUT', PATH, { phone: '', byEmail: true, byText: false });
    expect(cleared.json).toMatchObject({ phone: null, byText: false });
    expect(await userRow(client.id)).toMatchObject({ phone: null, notifyByText: false });
  });

  it('says when the number sent STOP', async () => {
    const client = await signedInClient(db.knex, api.url);
    await db.knex('sms_opt_outs').insert({ phone: '+16125550179' }).onConflict('phone').ignore();
    const saved = await client.call('PUT', PATH, {
      phone: '6125550179',
      byEmail: true,
      byText: true,
    });
    expect(saved.json).toMatchObject({ phone: '+16125550179', textsStopped: true });
    await db.knex('sms_opt_outs').where({ phone: '+16125550179' }).delete();
    expect((await client.call('GET', PATH)).json).toMatchObject({ textsStopped: false });
  });
});
