import { chicagoDate } from '@twinclean/shared/schedule';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { DiscountCode, DiscountRedemption } from '../../models/discount-code';
import { type CodeUser, clientProblem } from './eligibility';
import { codeProblem, codeRefused, ruleOf } from './rule';

/**
 * Takes one use of a code for a booking being made in `trx`: the code's row is locked, so two
 * bookings racing for its last use (or a client's last) are decided one after the other, and
 * the second finds it used up. Refused with 422 before anything is written.
 */
export async function claimCode(
  trx: Knex.Transaction,
  input: CodeUser & { code: string; serviceType: ServiceType; now: Date },
) {
  const code = await DiscountCode.query(trx).findOne({ code: input.code }).forUpdate();
  const problem =
    codeProblem(code, input.serviceType, chicagoDate(input.now)) ??
    (code ? await clientProblem(trx, code, input) : null);
  if (problem || !code) throw codeRefused(problem ?? '');
  await code.$query(trx).patch({ uses: code.uses + 1 });
  return { code, rule: ruleOf(code) };
}

/** Records what the code took off the booking, once (booking_id is unique). */
export async function recordRedemption(
  trx: Knex.Transaction,
  claimed: { code: DiscountCode },
  booking: { id: string; clientEmail: string; clientId: string | null; discountCents: number },
): Promise<void> {
  await DiscountRedemption.query(trx).insert({
    codeId: claimed.code.id,
    bookingId: booking.id,
    clientEmail: booking.clientEmail,
    clientId: booking.clientId,
    discountCents: booking.discountCents,
  });
}
