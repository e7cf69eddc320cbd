import type { PaymentOption } from '@twinclean/shared/payments';

// How the admin booking page names what the client portal does not (money and plans are named
// as the portal names them: ../client/format).

export const PAY_LINK_LABELS: Record<PaymentOption, string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Payment in full',
};

/** Spec 2 §9: coordinates to 4 decimals. */
export const coordinates = (latitude: number | null, longitude: number | null): string | null =>
  latitude === null || longitude === null
    ? null
    : `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

/** "180 m" up to a kilometre, then "3.9 km". */
export const distance = (metres: number | null): string | null =>
  metres === null ? null : metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`;

/** Spec 2 §9: payout hours to 2 decimals. */
export const hours = (value: number): string => `${value.toFixed(2)} h`;
