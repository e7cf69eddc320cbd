import type { DiscountCodeView } from '@twinclean/shared/discount-codes';
import { formatDate } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';

// How a code's reach reads in the owner's list.

/** "All services", or the ones it is for. */
export const servicesText = (code: Pick<DiscountCodeView, 'serviceTypes'>) =>
  code.serviceTypes.length === 0 ? 'All services' : code.serviceTypes.map(serviceTitle).join(', ');

/** "3 of 100 used · 1 per client · first booking only". */
export function limitsText(
  code: Pick<DiscountCodeView, 'uses' | 'maxUses' | 'maxUsesPerClient' | 'firstBookingOnly'>,
): string {
  return [
    code.maxUses === null ? `${code.uses} used` : `${code.uses} of ${code.maxUses} used`,
    code.maxUsesPerClient === null ? null : `${code.maxUsesPerClient} per client`,
    code.firstBookingOnly ? 'first booking only' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Any time", "From Dec 1, 2026", "Until Jan 31, 2027", or both. */
export function datesText(code: Pick<DiscountCodeView, 'startsOn' | 'endsOn'>): string {
  if (code.startsOn && code.endsOn) {
    return `${formatDate(code.startsOn)} – ${formatDate(code.endsOn)}`;
  }
  if (code.startsOn) return `From ${formatDate(code.startsOn)}`;
  if (code.endsOn) return `Until ${formatDate(code.endsOn)}`;
  return 'Any time';
}
