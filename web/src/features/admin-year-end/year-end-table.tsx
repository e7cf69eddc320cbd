import { formatWireDollars } from '@twinclean/shared/money';
import type { YearEnd } from '@twinclean/shared/payout-transfers';
import { Badge } from '@twinclean/shared/ui/badge';
import { TAX_DETAILS_LABELS, taxDetailsTone } from './year';

const HEADINGS = [
  'Provider',
  'Email',
  'By transfer',
  'By hand',
  'Total',
  '1099-NEC',
  'Tax details',
];
const cell = 'px-3 py-3';
const money = `${cell} whitespace-nowrap text-right tabular-nums`;

/** Every provider paid in the year, what by, and who needs a 1099-NEC; the year's totals under it. */
export function YearEndTable({ report }: { report: YearEnd }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Providers paid in {report.year}</caption>
        <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {HEADINGS.map((heading, i) => (
              <th
                key={heading}
                scope="col"
                className={`px-3 py-2 font-semibold ${i >= 2 && i <= 4 ? 'text-right' : ''}`}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {report.providers.map((row) => (
            <tr key={row.provider.id}>
              <th scope="row" className={`${cell} font-medium`}>
                {row.provider.firstName} {row.provider.lastName}
              </th>
              <td className={`${cell} break-all`}>{row.provider.email}</td>
              <td className={money}>{formatWireDollars(row.byTransfer)}</td>
              <td className={money}>{formatWireDollars(row.byHand)}</td>
              <td className={`${money} font-semibold`}>{formatWireDollars(row.total)}</td>
              <td className={cell}>
                {row.needs1099 ? (
                  <Badge tone="warning" className="whitespace-nowrap">
                    Needs 1099-NEC
                  </Badge>
                ) : (
                  <span className="text-slate-500">No</span>
                )}
              </td>
              <td className={cell}>
                <Badge tone={taxDetailsTone(row)} className="whitespace-nowrap">
                  {TAX_DETAILS_LABELS[row.taxDetails]}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 bg-slate-50 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className={cell}>
              Total, {report.providers.length}{' '}
              {report.providers.length === 1 ? 'provider' : 'providers'}
            </th>
            <td className={money}>{formatWireDollars(report.totals.byTransfer)}</td>
            <td className={money}>{formatWireDollars(report.totals.byHand)}</td>
            <td className={money}>{formatWireDollars(report.totals.total)}</td>
            <td colSpan={2} className={cell}>
              <span className="sr-only">No 1099-NEC or tax details for the total</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
