import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import {
  type AdminTransferDetail,
  TRANSFER_STATUS_LABELS,
} from '@twinclean/shared/payout-transfers';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { rowLinkClass } from '../../components/admin-list/sortable-table';
import { DetailCard, Facts } from '../../components/detail-card';
import { LoadFailed, Loading } from '../../components/query-states';
import { transferQueryOptions } from './api';
import {
  dateOrDash,
  dollarsOrDash,
  instantOrDash,
  nextTry,
  providerName,
  TRANSFER_STATUS_TONES,
} from './format';
import { TransferActions } from './transfer-actions';

function SummaryCard({
  transfer: t,
  isOwner,
}: {
  transfer: AdminTransferDetail;
  isOwner: boolean;
}) {
  return (
    <DetailCard
      title="Transfer"
      aside={
        <Badge tone={TRANSFER_STATUS_TONES[t.status]}>{TRANSFER_STATUS_LABELS[t.status]}</Badge>
      }
    >
      <Facts
        rows={[
          [
            'Provider',
            <Link
              key="provider"
              to="/admin/providers/$id"
              params={{ id: t.provider.id }}
              className={rowLinkClass}
            >
              {providerName(t)}
            </Link>,
          ],
          ['Amount', formatWireDollars(t.amount)],
          ['Of which tips', formatWireDollars(t.tips)],
          ['Attempts', t.attempts],
          t.failureMessage !== null && [
            'Reason',
            <span key="reason" className="text-red-700">
              {t.failureMessage}
            </span>,
          ],
          nextTry(t) !== null && ['Next try', nextTry(t)],
          ['Sent', instantOrDash(t.sentAt)],
          ['Arrives by', dateOrDash(t.arrivalDate)],
          t.gatewayTransferId !== null && [
            'Gateway id',
            <span key="gateway" className="font-mono break-all">
              {t.gatewayTransferId}
            </span>,
          ],
          ['Refunded after', dollarsOrDash(t.refundedAfter)],
          ['Claimed', formatInstant(t.createdAt)],
        ]}
      />
      <div className="mt-4">
        <TransferActions transfer={t} isOwner={isOwner} />
      </div>
    </DetailCard>
  );
}

/** The payouts it pays, frozen when the week was claimed: this week's jobs and late ones. */
function LinesCard({ transfer }: { transfer: AdminTransferDetail }) {
  return (
    <DetailCard title="What it pays">
      {transfer.lines.length === 0 ? (
        <p className="text-sm text-slate-600">No lines.</p>
      ) : (
        <PlainTable
          headings={['Job', 'Address', 'Pay', 'Tip', 'Refunded after']}
          className="min-w-[40rem]"
        >
          {transfer.lines.map((line) => (
            <tr key={line.payoutId} className="align-top">
              <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                <Link
                  to="/admin/bookings/$id"
                  params={{ id: line.bookingId }}
                  className={rowLinkClass}
                  aria-label={`Job of ${formatDate(line.date)} at ${line.address}`}
                >
                  {formatDate(line.date)}
                </Link>
              </th>
              <td className="px-3 py-2">{line.address}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatWireDollars(line.pay)}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatWireDollars(line.tip)}</td>
              <td className="whitespace-nowrap px-3 py-2">{dollarsOrDash(line.refundedAfter)}</td>
            </tr>
          ))}
        </PlainTable>
      )}
      {transfer.refundedAfter !== '0.00' && (
        <p className="mt-3 text-sm text-amber-800">
          Clients were refunded {formatWireDollars(transfer.refundedAfter)} on these jobs after the
          transfer was sent. It is not taken back from the provider.
        </p>
      )}
    </DetailCard>
  );
}

/** /admin/transfers/{id}: one weekly transfer, its lines, and Retry now / Cancel transfer. */
export function TransferPage({ id, isOwner }: { id: string; isOwner: boolean }) {
  const transfer = useQuery(transferQueryOptions(id));
  const heading = transfer.data
    ? `${providerName(transfer.data)}, week of ${formatDate(transfer.data.weekStart)}`
    : 'Transfer';
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <Link to="/admin/transfers" className={`${rowLinkClass} text-sm`}>
          ← All transfers
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{heading}</h1>
      </div>
      {transfer.data ? (
        <div aria-busy={transfer.isFetching} className="grid gap-5">
          <SummaryCard transfer={transfer.data} isOwner={isOwner} />
          <LinesCard transfer={transfer.data} />
        </div>
      ) : transfer.isError ? (
        <LoadFailed
          message={serverMessage(transfer.error, 'The transfer could not be loaded.')}
          retrying={transfer.isFetching}
          onRetry={() => void transfer.refetch()}
        />
      ) : (
        <Loading label="Loading the transfer..." />
      )}
    </div>
  );
}
