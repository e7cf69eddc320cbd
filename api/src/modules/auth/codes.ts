import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { EmailCode } from '../../models/email-code';

export type CodePurpose = 'verify_email' | 'reset_password';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_TRIES = 5;

const digest = (code: string) => createHash('sha256').update(code).digest();

/** A new 6-digit code for the user; any earlier open code of the same purpose stops working. */
export async function issueCode(
  trx: Knex.Transaction,
  userId: string,
  purpose: CodePurpose,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await EmailCode.query(trx)
    .patch({ consumedAt: now })
    .where({ userId, purpose })
    .whereNull('consumedAt');
  await EmailCode.query(trx).insert({
    userId,
    purpose,
    codeHash: digest(code).toString('hex'),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

const invalid = (purpose: CodePurpose) =>
  new AppError(
    400,
    'invalid_code',
    purpose === 'verify_email' ? 'Invalid verification code' : 'Invalid reset code',
  );

/**
 * Checks a code in constant time. A wrong guess uses up one of 5 tries; an expired, used-up or
 * replaced code fails like a wrong one. `consume` spends it (a reset code is only checked first).
 * The failure is returned, not thrown, so the caller commits the spent try before answering.
 */
export async function checkCode(
  trx: Knex.Transaction,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
  options: { consume: boolean; now?: Date },
): Promise<AppError | undefined> {
  const now = options.now ?? new Date();
  if (!userId) return invalid(purpose);
  const open = await EmailCode.query(trx)
    .where({ userId, purpose })
    .whereNull('consumedAt')
    .orderBy('createdAt', 'desc')
    .forUpdate()
    .first();
  if (!open) return invalid(purpose);
  if (open.expiresAt <= now) {
    return new AppError(400, 'code_expired', 'This code has expired. Request a new one.');
  }
  if (open.attempts >= CODE_MAX_TRIES) {
    return new AppError(429, 'too_many_tries', 'Too many wrong codes. Request a new one.');
  }
  const matches = timingSafeEqual(digest(code), Buffer.from(open.codeHash, 'hex'));
  if (!matches) {
    await EmailCode.query(trx)
      .patch({ attempts: open.attempts + 1 })
      .where({ id: open.id });
    return invalid(purpose);
  }
  if (options.consume) await EmailCode.query(trx).patch({ consumedAt: now }).where({ id: open.id });
  return undefined;
}
