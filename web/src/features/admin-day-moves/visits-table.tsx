import type { DayMoveVisit } from '@twinclean/shared/day-moves';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { PlainTable } from '../../components/admin-list/plain-table';

const at = (date: string, time: string) => `${formatDate(date)} ${formatSlot(time)}`;

const STATUS: Record<DayMoveVisit['status'], string> = {
  new: 'Moves now',
  waiting: 'Left: an earlier move waits on the client',
  pending: 'Waiting for the client',
  accepted: 'Client accepted',
  rescheduled: 'Client picked another time',
  skipped: 'Client skipped',
};

/** One row per visit of the day: who, from when to when (or "Client chooses"), and its state. */
export function VisitsTable({ visits, settled }: { visits: DayMoveVisit[]; settled?: boolean }) {
  return (
    <PlainTable
      headings={['Visit', 'Client', 'Provider', 'Move', 'Status', ...(settled ? ['Now'] : [])]}
      className="min-w-[48rem]"
    >
      {visits.map((v) => (
        <tr key={v.bookingId}>
          <td className="px-3 py-2">{serviceTitle(v.serviceType)}</td>
          <td className="px-3 py-2">{v.clientName}</td>
          <td className="px-3 py-2">{v.providerName ?? 'Open on the board'}</td>
          <td className="px-3 py-2">
            {at(v.fromDate, v.fromTime)} →{' '}
            {v.toDate && v.toTime ? (
              at(v.toDate, v.toTime)
            ) : v.status === 'waiting' ? (
              'Stays'
            ) : (
              <strong>Client chooses</strong>
            )}
          </td>
          <td className="px-3 py-2">{STATUS[v.status]}</td>
          {settled && <td className="px-3 py-2">{at(v.scheduledDate, v.scheduledTime)}</td>}
        </tr>
      ))}
    </PlainTable>
  );
}
