import { Link } from '@tanstack/react-router';
import { formatWireDollars } from '@twinclean/shared/money';
import type { ReferralView } from '@twinclean/shared/referrals';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { REFERRAL_STATUS, statusNote } from './format';

const HEADINGS = [
  'Referred client',
  'Referred by',
  'Booking',
  'Status',
  'New client’s credit',
  'Referrer’s credit',
  'Referred on',
  'Referrer credited',
] as const;

const link = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** Each referral, newest first, with both clients and what each side got. */
export function ReferralsTable({ referrals }: { referrals: ReferralView[] }) {
  return (
    <PlainTable label="Referrals table" headings={HEADINGS} className="min-w-[68rem]">
      {referrals.map((r) => (
        <ReferralRow key={r.id} referral={r} />
      ))}
    </PlainTable>
  );
}

function Client({ client }: { client: ReferralView['referrer'] }) {
  return (
    <>
      <Link to="/admin/clients/$id" params={{ id: client.id }} className={link}>
        {client.name}
      </Link>
      <div className="break-all text-xs font-normal text-slate-600">{client.email}</div>
    </>
  );
}

function ReferralRow({ referral: r }: { referral: ReferralView }) {
  const status = REFERRAL_STATUS[r.status];
  const note = statusNote(r);
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-3 text-left">
        <Client client={r.referred} />
      </th>
      <td className="px-3 py-3">
        <Client client={r.referrer} />
      </td>
      <td className="whitespace-nowrap px-3 py-3">
        {r.bookingId ? (
          <Link to="/admin/bookings/$id" params={{ id: r.bookingId }} className={link}>
            First booking<span className="sr-only"> of {r.referred.name}</span>
          </Link>
        ) : (
          'None'
        )}
      </td>
      <td className="px-3 py-3">
        <Badge tone={status.tone} className="whitespace-nowrap">
          {status.label}
        </Badge>
        {note && <p className="mt-1 max-w-56 text-xs text-slate-600">{note}</p>}
      </td>
      <td className="px-3 py-3 tabular-nums">{formatWireDollars(r.referredCredit)}</td>
      <td className="px-3 py-3 tabular-nums">{formatWireDollars(r.referrerCredit)}</td>
      <td className="whitespace-nowrap px-3 py-3">{formatInstant(r.createdAt)}</td>
      <td className="whitespace-nowrap px-3 py-3">
        {r.referrerCreditedAt ? formatInstant(r.referrerCreditedAt) : '—'}
      </td>
    </tr>
  );
}
