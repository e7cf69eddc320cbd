import type { YearEnd, YearEndRow } from '@twinclean/shared/payout-transfers';
import { type Cell, toCsv } from '../../core/csv';

// The year-end file for the accountant's 1099-NEC filing: who was paid how much. It carries no
// TIN, not even its last four: the accountant reads those from Stripe or asks the owner.

export const YEAR_END_HEADER = [
  'Provider',
  'Email',
  'Paid by transfer',
  'Paid by hand',
  'Total',
  '1099-NEC',
  'Tax details',
] as const;

const TAX_DETAILS_LABELS: Record<YearEndRow['taxDetails'], string> = {
  stripe: 'At Stripe',
  on_file: 'On file',
  missing: 'Missing',
};

const row = (r: YearEndRow): Cell[] => [
  `${r.provider.firstName} ${r.provider.lastName}`,
  r.provider.email,
  r.byTransfer,
  r.byHand,
  r.total,
  r.needs1099 ? 'Yes' : 'No',
  TAX_DETAILS_LABELS[r.taxDetails],
];

/** The year's file and its name: year-end-2025.csv. */
export const yearEndCsv = (figures: YearEnd) => ({
  filename: `year-end-${figures.year}.csv`,
  csv: toCsv(YEAR_END_HEADER, figures.providers.map(row)),
});
