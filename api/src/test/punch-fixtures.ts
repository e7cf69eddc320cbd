import type { Knex } from 'knex';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { bookingRow } from './fixtures';
import { signInAs } from './sign-in';

// Shared by the punch API tests: a signed-in provider posting punches, and jobs placed in time.

export const HOUR = 3_600_000;
export const JOB_POINT = { latitude: 44.9466, longitude: -93.2862 }; // the 55408 centroid
export const NEAR = { ...JOB_POINT, latitude: JOB_POINT.latitude + 0.001, accuracy: 12 };

export type Answer = { status: number; json: Record<string, unknown> };

/** A provider's punch client: POST a JSON body, optionally with an Idempotency-Key. */
export async function providerClient(baseUrl: string, email: string) {
  const request = await signInAs(baseUrl, email);
  return async (path: string, body: unknown, key?: string): Promise<Answer> => {
    const res = await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

export type JobPlacement = {
  /** Default: the slot started 3 hours ago, so punches made "now" are on time. */
  scheduledAt?: Date;
  hours?: number;
  /** Default: booked two days ago, assigned yesterday. */
  createdAt?: Date;
  assignedAt?: Date;
  providerId?: string;
};

/** An assigned house-cleaning job at the 55408 ZIP centroid (Maria's unless told). */
export async function insertAssignedJob(knex: Knex, times: JobPlacement = {}): Promise<string> {
  const now = Date.now();
  const scheduledAt = times.scheduledAt ?? new Date(now - 3 * HOUR);
  const hours = times.hours ?? 3;
  const [row] = await knex('bookings')
    .insert(
      bookingRow(
        scheduledAt,
        {
          ...JOB_POINT,
          geocodePrecision: 'zip',
          providerId: times.providerId ?? demoAccounts.provider.id,
          createdAt: times.createdAt ?? new Date(now - 48 * HOUR),
          assignedAt: times.assignedAt ?? new Date(now - 24 * HOUR),
        },
        hours,
      ),
    )
    .returning('id');
  return row.id;
}

/** Moves a job and its punches `ms` into the past: what waiting that long would do. */
export async function letTimePass(knex: Knex, bookingId: string, ms: number): Promise<void> {
  const by = `${ms} milliseconds`;
  await knex.raw(
    `UPDATE bookings SET scheduled_at = scheduled_at - ?::interval,
       created_at = created_at - ?::interval, assigned_at = assigned_at - ?::interval,
       clock_in_at = clock_in_at - ?::interval
     WHERE id = ?`,
    [by, by, by, by, bookingId],
  );
  await knex.raw(
    `UPDATE provider_events SET occurred_at = occurred_at - ?::interval,
       received_at = received_at - ?::interval
     WHERE booking_id = ?`,
    [by, by, bookingId],
  );
}
