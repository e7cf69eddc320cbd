import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import { formatInstant } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { DetailCard } from '../../components/detail-card';
import { cardLabel, money, PAYMENT_KIND_LABELS } from '../../lib/format';

function Row(props: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${props.strong ? 'border-t pt-2 text-base' : ''}`}>
      <dt className={props.strong ? 'font-semibold' : 'text-slate-600'}>{props.label}</dt>
      <dd className={`tabular-nums ${props.strong ? 'font-bold' : 'font-medium'}`}>
        {props.value}
      </dd>
    </div>
  );
}

const baseLabel = (b: ClientBooking) =>
  b.totalHours !== null && b.hourlyRate !== null
    ? `Cleaning (${b.totalHours.toFixed(1)} h × ${money(b.hourlyRate)})`
    : serviceTitle(b.serviceType);

/** What the booking costs, and for carpet and rugs whether that is still the estimate. */
export function PriceCard({ booking }: { booking: ClientBooking }) {
  const estimate = !booking.priceIsFinal;
  const confirmed = booking.priceIsFinal && booking.estimatedAmount !== null;
  return (
    <DetailCard title={estimate ? 'Price estimate' : 'Price'}>
      <dl className="grid gap-2 text-sm">
        <Row label={baseLabel(booking)} value={money(booking.baseAmount)} />
        {booking.greenCleaning && (
          <Row label="Green cleaning" value={money(booking.greenCleaningFee)} />
        )}
        {booking.addOns.map((addOn) => (
          <Row
            key={addOn.name}
            label={`${addOn.name} × ${addOn.quantity}`}
            value={money(addOn.amount)}
          />
        ))}
        {booking.addOns.length > 1 && (
          <Row label="Add-ons total" value={money(booking.addOnsTotal)} />
        )}
        {booking.discountAmount !== '0.00' && (
          <Row label="Discount code" value={`−${money(booking.discountAmount)}`} />
        )}
        {booking.creditAmount !== '0.00' && (
          <Row label="Referral credit" value={`−${money(booking.creditAmount)}`} />
        )}
        {booking.giftCardAmount !== '0.00' && (
          <Row label="Gift card" value={`−${money(booking.giftCardAmount)}`} />
        )}
        {confirmed && booking.estimatedAmount && (
          <Row label="Estimate at booking" value={money(booking.estimatedAmount)} />
        )}
        <Row
          label={estimate ? 'Estimated total' : confirmed ? 'Final price' : 'Total'}
          value={money(booking.totalAmount)}
          strong
        />
        {booking.depositAmount !== '0.00' && (
          <Row label="Deposit" value={money(booking.depositAmount)} />
        )}
        <Row label="Paid" value={money(booking.amountPaid)} />
        {booking.amountRefunded !== '0.00' && (
          <Row label="Refunded" value={money(booking.amountRefunded)} />
        )}
      </dl>
      {booking.priceProposal ? (
        <p className="mt-3 text-xs text-slate-700">
          A new price of {money(booking.priceProposal.amount)} waits for your approval above. Until
          you approve it, this estimate stands.
        </p>
      ) : (
        estimate &&
        hasPriceToConfirm(booking.serviceType) && (
          <p className="mt-3 text-xs text-slate-600">
            Estimate: your provider confirms the final price after assignment. We ask for payment
            once it is confirmed.
          </p>
        )
      )}
    </DetailCard>
  );
}

/** The payments taken on this booking, with any part refunded. */
export function PaymentsCard({ booking }: { booking: ClientBooking }) {
  if (booking.payments.length === 0) return null;
  return (
    <DetailCard title="Payments">
      <ul className="grid gap-3 text-sm">
        {booking.payments.map((payment) => (
          <li key={payment.id} className="grid gap-0.5 border-b pb-3 last:border-0 last:pb-0">
            <div className="flex justify-between gap-3">
              <span className="font-medium">{PAYMENT_KIND_LABELS[payment.kind]}</span>
              <span className="font-semibold tabular-nums">{money(payment.amount)}</span>
            </div>
            <span className="text-slate-600">
              {formatInstant(payment.createdAt)}
              {cardLabel(payment.cardLast4) && ` · ${cardLabel(payment.cardLast4)}`}
              {payment.status !== 'succeeded' && ` · ${payment.status.replaceAll('_', ' ')}`}
            </span>
            {payment.refunded !== '0.00' && (
              <span className="text-slate-700">Refunded {money(payment.refunded)}</span>
            )}
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
