import type { Knex } from 'knex';
import { expect } from 'vitest';
import { newUser } from './people';
import { createSeries } from './series-world';
import { signedInJson } from './sign-in';

// What the series management tests share: a client with a series and its regular provider,
// signed in, and the traces a change leaves (history, mail).

export async function seriesOfNewClient(
  db: Knex,
  url: string,
  options: { regular?: boolean; firstIn?: number; visits?: number } = {},
) {
  const client = await newUser(db, 'client');
  const provider = await newUser(db, 'provider');
  const made = await createSeries(db, {
    clientId: client.id,
    providerId: options.regular === false ? null : provider.id,
    firstIn: options.firstIn ?? 3,
    visits: options.visits ?? 3,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and parse what matters
  const asClient = await signedInJson<any>(url, client.email);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const asProvider = await signedInJson<any>(url, provider.email);
  return { client, provider, ...made, asClient, asProvider };
}

export const visitRow = (db: Knex, id: string) => db('bookings').where({ id }).first();

export const eventsOf = (db: Knex, seriesId: string) =>
  db('seriesEvents').where({ seriesId }).orderBy('id');

export const mailTo = (db: Knex, to: string, template: string) =>
  db('outboundEmails').where({ toAddress: to, template }).orderBy('createdAt');

/** The change's history line and the client's summary both carry its consequence. */
export async function expectRecorded(
  db: Knex,
  seriesId: string,
  clientEmail: string,
  kind: string,
  consequence: string,
) {
  const events = await eventsOf(db, seriesId);
  expect(events.at(-1)).toMatchObject({ kind });
  const [mail] = await mailTo(db, clientEmail, 'series_changed');
  expect(mail?.textBody).toContain(consequence);
}
