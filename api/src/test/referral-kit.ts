import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { dollarsToCents } from '@twinclean/shared/money';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { wizardPayload } from './fixtures';
import { newUser } from './people';
import { HOUR, JOB_POINT, NEAR, providerClient } from './punch-fixtures';
import { type JsonCall, signedInJson } from './sign-in';

// Shared by the referral credit tests (api/src/modules/credits): clients who sign in, their
// links, bookings at homes of their own, and a visit carried through to its clock-out.

/** A signed-in client: their id, e-mail and a JSON caller. */
export type Client = { id: string; email: string; call: JsonCall };

export function referralKit(db: { knex: Knex }, api: { url: string }) {
  /** A new signed-in client at a public mail provider (the same-domain rule leaves them be). */
  const client = async (fields: Record<string, unknown> = {}): Promise<Client> => {
    const email = `ref${randomBytes(5).toString('hex')}@gmail.com`;
    const fixed = { email, firstName: 'Rhea', ...fields };
    const { id } = await newUser(db.knex, 'client', fixed);
    return {
      id,
      email: fixed.email as string,
      call: await signedInJson(api.url, fixed.email),
    };
  };

  const codeOf = async (c: Client): Promise<string> =>
    (await c.call('GET', '/api/client/credits')).json.referralCode;

  const credits = async (c: Client) => (await c.call('GET', '/api/client/credits')).json;

  /** A street address nobody else in the test books for. */
  const street = () => `${randomInt(100, 99_999)} ${randomUUID().slice(0, 6)} Ave S`;

  /** A one-time house cleaning five days ahead, in the client's name, at a home of its own. */
  const house = (c: Client, fields: Record<string, unknown> = {}) =>
    wizardPayload({
      scheduledDate: addDays(chicagoDate(new Date()), 5),
      clientFirstName: 'Rhea',
      clientEmail: c.email,
      address: street(),
      ...fields,
    });

  const book = (c: Client, fields: Record<string, unknown> = {}) =>
    c.call('POST', '/api/bookings', house(c, fields));

  const balanceCents = async (clientId: string) => {
    const row = await db.knex('creditEntries').where({ clientId }).sum({ cents: 'amountCents' });
    return Number(row[0]?.cents ?? 0);
  };

  /**
   * Carries a booking to its end as Maria works it: assigned, its slot three hours ago, clocked
   * in then and out now. Answers the clock-out, and a replay of it under the same key.
   */
  const completeVisit = async (bookingId: string) => {
    await db
      .knex('bookings')
      .where({ id: bookingId })
      .update({
        ...JOB_POINT,
        providerId: demoAccounts.provider.id,
        scheduledAt: new Date(Date.now() - 3 * HOUR),
        createdAt: new Date(Date.now() - 48 * HOUR),
        assignedAt: new Date(Date.now() - 24 * HOUR),
      });
    const maria = await providerClient(api.url, demoAccounts.provider.email);
    const occurredAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const clockIn = await maria(
      `/api/provider/clock-in/${bookingId}`,
      { ...NEAR, occurredAt },
      randomUUID(),
    );
    if (clockIn.status !== 200) throw new Error(`clock-in: ${JSON.stringify(clockIn.json)}`);
    const key = randomUUID();
    const out = await maria(`/api/provider/clock-out/${bookingId}`, { ...NEAR, waitPay: 0 }, key);
    const replay = () =>
      maria(`/api/provider/clock-out/${bookingId}`, { ...NEAR, waitPay: 0 }, key);
    return { out, replay, maria };
  };

  return { client, codeOf, credits, street, house, book, balanceCents, completeVisit };
}

export const cents = (dollars: unknown) => dollarsToCents(dollars as string);
