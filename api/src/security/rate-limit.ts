import type { Knex } from 'knex';
import { AppError } from '../errors';

export type Limit = { name: string; max: number; windowMs: number };

/** Auth rate limits: per IP (many users behind one NAT) and per account (one target). */
export const LIMITS = {
  // Failed logins only (a success gives its hit back): per address, so an office signing in
  // together is never stopped; per account from browsers it never signed in on, and per
  // browser it did (modules/auth/devices.ts).
  loginPerIp: { name: 'login:ip', max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { name: 'login:account', max: 10, windowMs: 15 * 60_000 },
  loginPerDevice: { name: 'login:device', max: 10, windowMs: 15 * 60_000 },
  signupPerIp: { name: 'signup:ip', max: 10, windowMs: 60 * 60_000 },
  codeCheckPerIp: { name: 'code:ip', max: 30, windowMs: 15 * 60_000 },
  codeCheckPerAccount: { name: 'code:account', max: 15, windowMs: 15 * 60_000 },
  codeSendPerIp: { name: 'send:ip', max: 20, windowMs: 60 * 60_000 },
  codeSendPerAccount: { name: 'send:account', max: 5, windowMs: 60 * 60_000 },
  formsPerIp: { name: 'forms:ip', max: 20, windowMs: 60 * 60_000 },
  bookingsPerIp: { name: 'bookings:ip', max: 20, windowMs: 60 * 60_000 },
  // Pay links and the test-card form need no sign-in: guessing tokens or cards stays slow.
  paymentsPerIp: { name: 'payments:ip', max: 60, windowMs: 15 * 60_000 },
  // Discount codes are short enough to guess at: a preview is counted apart from payments.
  codeChecksPerIp: { name: 'discount-check:ip', max: 30, windowMs: 15 * 60_000 },
  // A visit report's PDF through its link reads every photo of the visit: a few a minute.
  reportPdfsPerIp: { name: 'report-pdf:ip', max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit of `subject` against `limit` in PostgreSQL (a fixed window, one atomic upsert,
 * so every API process agrees) and refuses with 429 past the maximum.
 */
export async function hit(db: Knex, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const { rows } = await db.raw<{ rows: { hits: number; seconds: number }[] }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, now() + ? * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, ceil(extract(epoch FROM reset_at - now()))::int AS seconds`,
    [key, limit.windowMs],
  );
  const row = rows[0];
  if (row && row.hits > limit.max) {
    const seconds = Math.max(1, row.seconds);
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      'rate_limited',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { retryAfterSeconds: seconds },
    );
  }
}

/** Gives back one hit of `subject` (an attempt that turned out not to count, e.g. a right password). */
export async function refund(db: Knex, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  // A window's count never goes below one hit (a CHECK), so the last one goes with its row.
  await db.raw(
    `WITH gone AS (DELETE FROM rate_limits WHERE key = ? AND hits <= 1)
     UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND hits > 1`,
    [key, key],
  );
}

/**
 * Runs an attempt that counts against `limits` only when it fails (a wrong password, not a
 * right one): each limit is hit before, so parallel guesses cannot slip past, and given back
 * when the attempt succeeds or fails for another reason.
 */
export async function countFailures<T>(
  db: Knex,
  limits: [Limit, string][],
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  for (const [limit, subject] of limits) await hit(db, limit, subject);
  const giveBack = () => Promise.all(limits.map(([limit, subject]) => refund(db, limit, subject)));
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!isFailure(error)) await giveBack();
    throw error;
  }
}
