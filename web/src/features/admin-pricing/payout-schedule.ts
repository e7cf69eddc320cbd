import { formatSlot } from '@twinclean/shared/schedule';

// Pricing Config's "Weekly payouts" (DECISIONS.md "Payouts"): when the weekly transfers go,
// America/Chicago, as the config stores them (ISO weekday 1 = Monday, hour 0–23).

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Monday … Sunday, valued "1" … "7" as the form's text holds them. */
export const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));

/** "12:00 AM" … "11:00 PM", valued "0" … "23". */
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: formatSlot(`${String(hour).padStart(2, '0')}:00`),
}));

export const NEC_THRESHOLD_HINT =
  'Providers paid this much or more in a year (from 2026) are marked for a 1099-NEC; for 2025 payments it is $600.';
