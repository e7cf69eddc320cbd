import {
  DISCOUNT_CODE_MESSAGES,
  type DiscountRule,
  type DiscountTerms,
  discountDescription,
  notForServiceMessage,
} from '@twinclean/shared/discount-codes';
import { centsToDollars } from '@twinclean/shared/money';
import type { ServiceType } from '@twinclean/shared/services';
import { AppError } from '../../errors';
import type { DiscountCode } from '../../models/discount-code';

// The code's own rules (issue 34): what it takes off, and whether it may be used for this
// service today. The client's rules (first booking, uses per client) are eligibility.ts's.

export function ruleOf(code: DiscountCode): DiscountRule {
  return code.kind === 'percent'
    ? { kind: 'percent', percentOff: code.percentOff as number, amountOffCents: null }
    : { kind: 'fixed', percentOff: null, amountOffCents: code.amountOffCents as number };
}

export function termsOf(code: DiscountCode): DiscountTerms {
  const rule = ruleOf(code);
  return {
    code: code.code,
    percentOff: rule.percentOff,
    amountOff: rule.amountOffCents === null ? null : centsToDollars(rule.amountOffCents),
    description: discountDescription(rule),
  };
}

/** Why `code` cannot be used for `serviceType` on `today` (Chicago); null when it can. */
export function codeProblem(
  code: DiscountCode | undefined,
  serviceType: ServiceType,
  today: string,
): string | null {
  if (!code?.active) return DISCOUNT_CODE_MESSAGES.unknown;
  if (code.startsOn && today < code.startsOn) return DISCOUNT_CODE_MESSAGES.notYet;
  if (code.endsOn && today > code.endsOn) return DISCOUNT_CODE_MESSAGES.expired;
  if (code.serviceTypes.length > 0 && !code.serviceTypes.includes(serviceType)) {
    return notForServiceMessage(serviceType);
  }
  if (code.maxUses !== null && code.uses >= code.maxUses) return DISCOUNT_CODE_MESSAGES.usedUp;
  return null;
}

/** A code refused: 422 under the forms' discountCode field, nothing written. */
export const codeRefused = (message: string) =>
  new AppError(422, 'discount_code_refused', message, { fields: { discountCode: message } });
