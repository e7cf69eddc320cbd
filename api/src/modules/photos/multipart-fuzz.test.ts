import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { errorBodySchema } from '@twinclean/shared/errors';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow, PNG } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { uploadsDir, useTestServer } from '../../test/test-server';
import { nastyText } from '../../test/zod-arbitrary';

/*
 * The JSON form of the photo upload is fuzzed with every other route (http/fuzz.test.ts); this is
 * the multipart form the app sends: well-formed, odd, cut short or garbage, never a 5xx, always
 * the error body, and a refused upload leaves no row and no file behind.
 */

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const BOUNDARY = 'fuzzboundary';

let job = '';
beforeAll(async () => {
  await seedDemoData(db.knex);
  const start = chicagoInstant(addDays(chicagoDate(new Date()), 1), '09:00');
  const [row] = await db
    .knex('bookings')
    .insert(
      bookingRow(start, {
        providerId: demoAccounts.provider.id,
        assignedAt: new Date(),
        clockInAt: new Date(),
      }),
    )
    .returning('id');
  job = row.id;
});

const text = fc.oneof(fc.string({ maxLength: 40 }), nastyText);
const part = fc.oneof(
  fc.record({
    kind: fc.constant('field' as const),
    name: fc.oneof(fc.constantFrom('photoType', 'photoIds'), text),
    value: fc.oneof(fc.constantFrom('before', 'after'), fc.uuid(), text),
  }),
  fc.record({
    kind: fc.constant('file' as const),
    name: fc.oneof(fc.constant('photos'), text),
    filename: text,
    bytes: fc.oneof(
      fc.constant(PNG),
      fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
    ),
  }),
);

type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; bytes: Buffer };

/** Drops quotes and line breaks from names, as a browser would, so the part headers parse. */
const safe = (value: string) => value.replace(/["\r\n]/g, '_');

function encode(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.kind === 'field'
        ? `form-data; name="${safe(p.name)}"`
        : `form-data; name="${safe(p.name)}"; filename="${safe(p.filename)}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(p.kind === 'field' ? Buffer.from(p.value) : p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const bodies = fc.oneof(
  { weight: 4, arbitrary: fc.array(part, { maxLength: 12 }).map((parts) => encode(parts)) },
  // Cut short anywhere.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(part, { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 1 }))
      .map(([parts, at]) => {
        const whole = encode(parts);
        return whole.subarray(0, Math.floor(whole.length * at));
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)) },
);

async function photosOnDisk(): Promise<number> {
  return (await readdir(path.join(uploadsDir, job)).catch(() => [])).length;
}

describe('multipart photo uploads', () => {
  it('never answer 5xx, always say why, and keep nothing they refuse', async () => {
    const maria = await signInAs(api.url, demoAccounts.provider.email);
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom(`multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data'),
        async (body, type) => {
          const rows = await db.knex('photos').where({ bookingId: job }).count({ n: '*' }).first();
          const files = await photosOnDisk();
          const res = await maria(`/api/provider/bookings/${job}/photos`, {
            method: 'POST',
            headers: { 'Content-Type': type, 'Idempotency-Key': randomUUID() },
            body,
          });
          const answer = await res.text();
          expect(res.status, answer).toBeLessThan(500);
          if (res.status >= 400) {
            expect(errorBodySchema.parse(JSON.parse(answer)).message.length).toBeGreaterThan(0);
            expect(
              await db.knex('photos').where({ bookingId: job }).count({ n: '*' }).first(),
            ).toEqual(rows);
            expect(await photosOnDisk()).toBe(files);
          }
        },
      ),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 25) * 2,
        interruptAfterTimeLimit: Number(process.env.FUZZ_MS_PER_ROUTE ?? 5_000) * 2,
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        // Field names an object already has (a fuzz run found them crashing the parser).
        examples: [
          [
            encode(
              ['constructor', '__proto__', 'toString'].map((name) => ({
                kind: 'field' as const,
                name,
                value: 'x',
              })),
            ),
            `multipart/form-data; boundary=${BOUNDARY}`,
          ],
        ],
      },
    );
  });
});
