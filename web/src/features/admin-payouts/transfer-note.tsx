import { Link } from '@tanstack/react-router';
import type { AdminPayout } from '@twinclean/shared/admin';
import { TRANSFER_STATUS_LABELS } from '@twinclean/shared/payout-transfers';
import { formatDate } from '@twinclean/shared/schedule';
import { rowLinkClass } from '../../components/admin-list/sortable-table';

type Transfer = NonNullable<AdminPayout['transfer']>;

/** "Weekly transfer · week of Nov 23, 2026": who pays it when no admin did (Mark Paid). */
export const transferNoteText = (transfer: Pick<Transfer, 'weekStart'>) =>
  `Weekly transfer · week of ${formatDate(transfer.weekStart)}`;

/** The weekly transfer that pays (or paid) a payout, with its status, opening the transfer. */
export function TransferNote({ transfer }: { transfer: Transfer }) {
  return (
    <div className="grid gap-0.5 text-xs">
      <Link
        to="/admin/transfers/$id"
        params={{ id: transfer.id }}
        className={`${rowLinkClass} whitespace-nowrap font-medium`}
      >
        {transferNoteText(transfer)}
      </Link>
      <span className="text-slate-600">{TRANSFER_STATUS_LABELS[transfer.status]}</span>
    </div>
  );
}
