import type { AdminPaymentRecord } from '@twinclean/shared/admin-payments';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { PLAN_NAMES } from '@twinclean/shared/subscriptions';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { PlainTable } from '../../components/admin-list/plain-table';
import { PAYMENT_KIND_LABELS } from '../../lib/format';
import { STATUS } from './labels';

function Subject({ subject }: { subject: AdminPaymentRecord['subject'] }) {
  if (!subject) return <span className="text-slate-500">—</span>;
  if (subject.type === 'subscription') return <span>{PLAN_NAMES[subject.plan]} membership</span>;
  return (
    <div>
      <div>
        {serviceTitle(subject.serviceType)}, {formatDate(subject.scheduledDate)}
      </div>
      <div className="text-xs text-slate-500">
        {subject.address}, {subject.city}, {subject.state}
      </div>
    </div>
  );
}

/** Every payment with its refunds under it; the owner gets a Refund button on what can give back. */
export function RecordsTable(props: {
  records: AdminPaymentRecord[];
  canRefund: boolean;
  onRefund: (record: AdminPaymentRecord) => void;
}) {
  return (
    <PlainTable
      headings={['Date', 'Client', 'For', 'Kind', 'Amount', 'Status', 'Gateway', 'Refunds']}
      actions
      className="min-w-[64rem]"
    >
      {props.records.map((r) => (
        <tr key={r.id} className="align-top">
          <td className="whitespace-nowrap px-3 py-3">{formatInstant(r.createdAt)}</td>
          <th scope="row" className="px-3 py-3 font-medium">
            <div>{r.client.name || '—'}</div>
            <div className="text-xs font-normal text-slate-500">{r.client.email}</div>
          </th>
          <td className="min-w-48 px-3 py-3">
            <Subject subject={r.subject} />
          </td>
          <td className="px-3 py-3">{PAYMENT_KIND_LABELS[r.kind]}</td>
          <td className="whitespace-nowrap px-3 py-3">
            <div className="font-semibold">{formatWireDollars(r.amount)}</div>
            {r.refunded !== '0.00' && (
              <div className="text-xs text-slate-500">{formatWireDollars(r.refunded)} refunded</div>
            )}
          </td>
          <td className="px-3 py-3">
            <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
            {r.failureMessage && (
              <div className="mt-1 text-xs text-red-700">{r.failureMessage}</div>
            )}
          </td>
          <td className="min-w-44 px-3 py-3 text-xs">
            <div className="font-mono break-all">{r.gatewayPaymentId}</div>
            <div className="text-slate-500">
              {r.gateway === 'stripe' ? 'Stripe' : 'Test gateway'}
              {r.cardLast4 ? ` · card ending ${r.cardLast4}` : ''}
            </div>
          </td>
          <td className="px-3 py-3 text-xs">
            {r.refunds.length === 0 ? (
              <span className="text-slate-500">None</span>
            ) : (
              <ul className="grid gap-1.5">
                {r.refunds.map((refund) => (
                  <li key={refund.id}>
                    <span className="font-semibold">{formatWireDollars(refund.amount)}</span> on{' '}
                    {formatInstant(refund.createdAt)} by {refund.createdBy ?? 'the system'}:{' '}
                    {refund.reason}
                    <div className="font-mono break-all text-slate-500">
                      {refund.gatewayRefundId}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className="px-3 py-3">
            {props.canRefund && r.refundable !== '0.00' && (
              <Button
                variant="secondary"
                className="h-9 px-3 text-sm"
                aria-label={`Refund ${formatWireDollars(r.amount)} payment of ${r.client.name || r.client.email}`}
                onClick={() => props.onRefund(r)}
              >
                Refund
              </Button>
            )}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
