import { Link } from '@tanstack/react-router';
import type { GiftCardView } from '@twinclean/shared/gift-cards';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { deliveryText, GIFT_CARD_STATUS, maskedCode, redemptionText, usesText } from './format';
import { GiftCardActions } from './gift-card-actions';

const HEADINGS = [
  'Code',
  'Amount',
  'Balance',
  'Status',
  'Purchaser',
  'Recipient',
  'Delivery',
  'Paid',
  'Used on',
] as const;

const link = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** Every card shown, newest first; the owner's column holds Void and Refund for unused ones. */
export function GiftCardsTable({ cards, owner }: { cards: GiftCardView[]; owner: boolean }) {
  return (
    <PlainTable
      label="Gift cards table"
      headings={HEADINGS}
      actions={owner}
      className="min-w-[72rem]"
    >
      {cards.map((card) => (
        <GiftCardRow key={card.id} card={card} owner={owner} />
      ))}
    </PlainTable>
  );
}

function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <div className="font-medium">{name}</div>
      <div className="break-all text-xs text-slate-600">{email}</div>
    </>
  );
}

function GiftCardRow({ card, owner }: { card: GiftCardView; owner: boolean }) {
  const status = GIFT_CARD_STATUS[card.status];
  return (
    <tr className="align-top">
      <th scope="row" className="whitespace-nowrap px-3 py-3 font-mono font-semibold">
        <span className="sr-only">Gift card ending in </span>
        <span aria-hidden>{maskedCode(card.last4)}</span>
        <span className="sr-only">{card.last4}</span>
      </th>
      <td className="px-3 py-3 tabular-nums">{formatWireDollars(card.amount)}</td>
      <td className="px-3 py-3 tabular-nums">{formatWireDollars(card.balance)}</td>
      <td className="px-3 py-3">
        <Badge tone={status.tone} className="whitespace-nowrap">
          {status.label}
        </Badge>
      </td>
      <td className="px-3 py-3">
        <Person name={card.purchaserName} email={card.purchaserEmail} />
      </td>
      <td className="px-3 py-3">
        <Person name={card.recipientName} email={card.recipientEmail} />
      </td>
      <td className="px-3 py-3">{deliveryText(card)}</td>
      <td className="px-3 py-3">{card.paidAt ? formatInstant(card.paidAt) : 'Not paid'}</td>
      <td className="px-3 py-3">
        <div>{usesText(card.redemptions.length)}</div>
        {card.redemptions.length > 0 && (
          <ul className="mt-1 grid gap-1 text-xs">
            {card.redemptions.map((r) => (
              <li key={r.bookingId}>
                <Link to="/admin/bookings/$id" params={{ id: r.bookingId }} className={link}>
                  {redemptionText(r)}
                </Link>{' '}
                <span className="text-slate-600">{formatInstant(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      {owner && (
        <td className="px-3 py-3">
          <GiftCardActions card={card} />
        </td>
      )}
    </tr>
  );
}
