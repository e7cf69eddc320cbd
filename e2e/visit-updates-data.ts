import { expect, type Page } from '@playwright/test';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import pg from 'pg';
import { PORT } from '../playwright.config';
import { ownAddress } from './client';
import { e2eDatabaseUrl } from './database-place';
import { BASE_URL } from './phone';

// What e2e/visit-updates.spec.ts reads and makes: the texts the app stored, a client's number,
// a visit of their own.

async function query<Row>(sql: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(PORT) });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

export const textsTo = (number: string) =>
  query<{ template: string; body: string }>(
    'SELECT template, body FROM outbound_texts WHERE to_number = $1 ORDER BY created_at',
    [number],
  );

/** Moves time for one booking (its clock-out), as the backstage does for its start. */
export const changeDatabase = (sql: string, values: unknown[]) => query(sql, values);

/** A fictional Minneapolis mobile number of this test's own: "(612) 555-01NN" and its E.164. */
export function ownNumber() {
  const last = String(100 + Math.floor(Math.random() * 100)).padStart(4, '0');
  return { typed: `612 555 ${last}`, shown: `(612) 555-${last}`, e164: `+1612555${last}` };
}

/** A house cleaning for the signed-in client, two days ahead (moved closer later). */
export async function bookVisit(page: Page, email: string): Promise<string> {
  const res = await page.request.post('/api/bookings', {
    headers: {
      Origin: BASE_URL,
      'X-Forwarded-For': ownAddress(),
    },
    data: {
      clientFirstName: 'Mona',
      clientLastName: 'Berg',
      clientEmail: email,
      clientPhone: '612-555-0177',
      address: '4420 Upton Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55410',
      homeSize: 'medium',
      squareFeet: null,
      numberOfFloors: 1,
      bedroomCount: 2,
      fullBathroomCount: 1,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      greenCleaning: false,
      scheduledDate: addDays(chicagoDate(new Date()), 2),
      scheduledTime: '10:00',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
