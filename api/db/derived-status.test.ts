import { type BookingFacts, deriveBookingStatus } from '@twinclean/shared/booking-status';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/test/test-database';

const db = useTestDatabase();

const AT = '2026-11-20T15:00:00.000Z';
const PROVIDER = '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab';
const TIMES = ['depositRequestedAt', 'enRouteAt', 'clockInAt', 'clockOutAt', 'canceledAt'] as const;

/** Every combination of the facts: each date set or not, a provider or not, amounts around their edges. */
function everyCombination(): BookingFacts[] {
  const all: BookingFacts[] = [];
  for (let bits = 0; bits < 2 ** (TIMES.length + 1); bits++) {
    for (const totalAmountCents of [0, 100]) {
      for (const depositAmountCents of [0, 40, 100]) {
        for (const amountPaidCents of [0, 39, 40, 99, 100, 150]) {
          const facts: BookingFacts = {
            providerId: bits & 1 ? PROVIDER : null,
            depositRequestedAt: null,
            amountPaidCents,
            depositAmountCents,
            totalAmountCents,
            enRouteAt: null,
            clockInAt: null,
            clockOutAt: null,
            canceledAt: null,
          };
          TIMES.forEach((name, i) => {
            if (bits & (2 << i)) facts[name] = AT;
          });
          all.push(facts);
        }
      }
    }
  }
  return all;
}

describe('bookings.derived_status', () => {
  it("is PostgreSQL's copy of deriveBookingStatus, agreeing on every combination of facts", async () => {
    // The generated column's own expression, as PostgreSQL stores it, run over every combination
    // (the impossible ones too: the rule must not lean on the checks that refuse them).
    const { rows: columns } = await db.knex.raw(
      `SELECT a.attgenerated, pg_get_expr(d.adbin, d.adrelid) AS expression
       FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = 'bookings'::regclass AND a.attname = 'derived_status'`,
    );
    expect(columns).toHaveLength(1);
    expect(columns[0].attgenerated).toBe('s');
    const facts = everyCombination();
    expect(facts).toHaveLength(2304);
    const { rows } = await db.knex.raw(
      `SELECT (${columns[0].expression}) AS status
       FROM jsonb_to_recordset(?::jsonb) AS v(provider_id uuid,
         deposit_requested_at timestamptz, amount_paid_cents int, deposit_amount_cents int,
         total_amount_cents int, en_route_at timestamptz, clock_in_at timestamptz,
         clock_out_at timestamptz, canceled_at timestamptz, n int)
       ORDER BY n`,
      [
        JSON.stringify(
          facts.map((f, n) => ({
            n,
            provider_id: f.providerId,
            deposit_requested_at: f.depositRequestedAt,
            amount_paid_cents: f.amountPaidCents,
            deposit_amount_cents: f.depositAmountCents,
            total_amount_cents: f.totalAmountCents,
            en_route_at: f.enRouteAt,
            clock_in_at: f.clockInAt,
            clock_out_at: f.clockOutAt,
            canceled_at: f.canceledAt,
          })),
        ),
      ],
    );
    expect(rows.map((r: { status: string }) => r.status)).toEqual(facts.map(deriveBookingStatus));
    // Every status is reached, so no branch of either goes untested.
    expect(new Set(rows.map((r: { status: string }) => r.status)).size).toBe(9);
  });
});
