import type { AdminBooking } from '@twinclean/shared/admin-booking';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Unavailable } from '../../components/action-notes';
import { DetailCard, Facts } from '../../components/detail-card';
import { money, PAYMENT_KIND_LABELS } from '../../lib/format';
import { useResendPayLink } from './api';
import { PAY_LINK_LABELS } from './format';

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

/** Estimate against final price, and where the money stands. */
export function PriceCard({ booking }: { booking: AdminBooking }) {
  const { price, schedule } = booking;
  const base =
    price.hourlyRate !== null && schedule.totalHours !== null
      ? `Cleaning (${schedule.totalHours.toFixed(1)} h × ${money(price.hourlyRate)})`
      : serviceTitle(booking.serviceType);
  return (
    <DetailCard title="Price">
      <dl className="grid gap-2 text-sm">
        <Row label={base} value={money(price.baseAmount)} />
        {booking.greenCleaning && (
          <Row label="Green cleaning" value={money(price.greenCleaningFee)} />
        )}
        {price.addOnsTotal !== '0.00' && <Row label="Add-ons" value={money(price.addOnsTotal)} />}
        {price.discountAmount !== '0.00' && (
          <Row label="Discount code" value={`−${money(price.discountAmount)}`} />
        )}
        {price.creditAmount !== '0.00' && (
          <Row label="Referral credit" value={`−${money(price.creditAmount)}`} />
        )}
        {price.giftCardAmount !== '0.00' && (
          <Row label="Gift card" value={`−${money(price.giftCardAmount)}`} />
        )}
        {price.estimatedAmount !== null && (
          <Row label="Estimate at booking" value={money(price.estimatedAmount)} />
        )}
        <Row
          label={price.priceIsFinal ? 'Final price' : 'Estimated total (not final)'}
          value={money(price.totalAmount)}
          strong
        />
        <Row label="Deposit" value={money(price.depositAmount)} />
        <Row label="Paid" value={money(price.amountPaid)} />
        {price.amountRefunded !== '0.00' && (
          <Row label="Refunded" value={money(price.amountRefunded)} />
        )}
        {price.cancellationFee !== null && (
          <Row label="Cancellation fee kept" value={money(price.cancellationFee)} />
        )}
        <Row label="Balance" value={money(price.balance)} strong />
      </dl>
    </DetailCard>
  );
}

/** Every payment with its gateway id, and the refunds made on it. */
export function PaymentsCard({ booking }: { booking: AdminBooking }) {
  return (
    <DetailCard title="Payments & refunds">
      {booking.payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <ul className="grid gap-3">
          {booking.payments.map((p) => (
            <li key={p.id} className="rounded-md border p-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">
                  {PAYMENT_KIND_LABELS[p.kind]} · {money(p.amount)}
                </span>
                <span className="capitalize text-slate-700">{p.status.replaceAll('_', ' ')}</span>
              </div>
              <p className="mt-1 text-slate-600">
                {formatInstant(p.createdAt)}
                {p.cardLast4 && ` · card ending ${p.cardLast4}`}
              </p>
              <p className="mt-1 break-all font-mono text-xs text-slate-700">
                {p.gateway}: {p.gatewayPaymentId}
              </p>
              {p.failureMessage && <p className="mt-1 text-red-800">{p.failureMessage}</p>}
              {p.refunds.length > 0 && (
                <ul className="mt-2 grid gap-1 border-t pt-2">
                  {p.refunds.map((r) => (
                    <li key={r.id}>
                      Refunded {money(r.amount)} on {formatInstant(r.createdAt)}: {r.reason}
                      {r.createdBy && ` (by ${r.createdBy})`}
                      <span className="block break-all font-mono text-xs text-slate-700">
                        {r.gatewayRefundId}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

/** What the client's pay link asks for now, the links sent, and sending one again. */
export function PayLinkCard({ booking }: { booking: AdminBooking }) {
  const resend = useResendPayLink(booking.id);
  const { payLink } = booking;
  const terms = booking.actions.resendPayLink;
  const [latest] = payLink.sent;
  return (
    <DetailCard title="Pay link">
      <Facts
        rows={[
          [
            'Due now',
            payLink.due
              ? `${PAY_LINK_LABELS[payLink.due.option]}: ${money(payLink.due.amount)}`
              : 'Nothing',
          ],
          payLink.depositRequestedAt !== null && [
            'Deposit requested',
            formatInstant(payLink.depositRequestedAt),
          ],
          payLink.balanceRequestedAt !== null && [
            'Balance requested',
            formatInstant(payLink.balanceRequestedAt),
          ],
          [
            'Links sent',
            latest
              ? `${payLink.sent.length} (latest: ${PAY_LINK_LABELS[latest.purpose]}, ${formatInstant(latest.createdAt)})`
              : 'None',
          ],
        ]}
      />
      <div className="mt-4">
        {terms.allowed ? (
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (answer) =>
                  toast({ title: 'Pay Link Sent', description: answer.message }),
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: serverMessage(error, 'Failed to send the pay link'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {resend.isPending ? 'Sending...' : 'Resend Pay Link'}
          </Button>
        ) : (
          <Unavailable reason={terms.reason} />
        )}
      </div>
    </DetailCard>
  );
}
