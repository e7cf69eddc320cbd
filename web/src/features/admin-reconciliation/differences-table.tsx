import type { DifferenceKind, MoneyDifferenceView } from '@twinclean/shared/admin-reconciliation';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatInstant } from '@twinclean/shared/schedule';
import { PlainTable } from '../../components/admin-list/plain-table';

// What each kind means for the money, in the owner's words.
export const KIND_LABELS: Record<DifferenceKind, string> = {
  missing_in_ledger: 'Missing in our records',
  missing_at_gateway: 'Missing at the gateway',
  amount_differs: 'Amounts differ',
  status_differs: 'Statuses differ',
  lines_differ: "Lines don't add up",
  payout_not_paid: 'Payout not marked paid',
};

const RECORD_LABELS: Record<MoneyDifferenceView['record'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  transfer: 'Weekly transfer',
};

const STATUS_WORDS: Record<string, string> = {
  succeeded: 'Succeeded',
  requires_payment: 'Awaiting payment',
  requires_payment_method: 'Awaiting payment',
  requires_confirmation: 'Awaiting payment',
  requires_action: 'Awaiting authentication',
  processing: 'Processing',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
};

const amount = (dollars: string | null) => (dollars === null ? '—' : formatWireDollars(dollars));
const status = (value: string | null) => (value === null ? '—' : (STATUS_WORDS[value] ?? value));

/** Each difference on its own row: what disagrees, the ids to look up, and both sides. */
export function DifferencesTable({ differences }: { differences: MoneyDifferenceView[] }) {
  return (
    <PlainTable
      headings={[
        'When',
        'Difference',
        'Gateway id',
        'Our amount',
        'Gateway amount',
        'Our status',
        'Gateway status',
      ]}
      className="min-w-[60rem]"
    >
      {differences.map((d) => (
        <tr
          key={`${d.record}:${d.kind}:${d.gatewayId}:${d.ledgerId}:${d.payoutId ?? ''}`}
          className="align-top"
        >
          <td className="whitespace-nowrap px-3 py-3">{formatInstant(d.at)}</td>
          <th scope="row" className="px-3 py-3 font-medium">
            {KIND_LABELS[d.kind]}
            <div className="text-xs font-normal text-slate-500">{RECORD_LABELS[d.record]}</div>
            {d.linesAmount !== undefined && (
              <div className="text-xs font-normal text-slate-500">
                Lines add up to {formatWireDollars(d.linesAmount)}
              </div>
            )}
            {d.payoutId !== undefined && (
              <div className="text-xs font-normal text-slate-500 break-all">
                Payout {d.payoutId}
              </div>
            )}
          </th>
          <td className="min-w-44 px-3 py-3 font-mono text-xs break-all">
            {d.gatewayId || '—'}
            {d.record === 'refund' && <div className="text-slate-500">of {d.paymentIntentId}</div>}
          </td>
          <td className="whitespace-nowrap px-3 py-3">{amount(d.ledgerAmount)}</td>
          <td className="whitespace-nowrap px-3 py-3">{amount(d.gatewayAmount)}</td>
          <td className="px-3 py-3">{status(d.ledgerStatus)}</td>
          <td className="px-3 py-3">{status(d.gatewayStatus)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}
