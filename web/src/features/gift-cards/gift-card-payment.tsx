import type { GiftCardPaidAnswer, GiftCardPurchaseAnswer } from '@twinclean/shared/gift-cards';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars as money } from '@twinclean/shared/money';
import { formatDate } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PaymentStep } from '../../components/card-entry/card-step';
// The checkout's card forms, shared rather than copied: the LocalGateway's test-card form and
// Stripe's Payment Element.
import { LocalCardForm } from '../../components/card-entry/local-card-form';
import { Facts } from '../../components/detail-card';
import { Loading } from '../../components/query-states';
import { type GiftCardPurchase, useGiftCardPaid } from './api';

// Stripe's code (and Stripe.js, which it loads from Stripe) only when the gateway is Stripe.
const StripePayment = lazy(() => import('../../components/card-entry/stripe-card-form'));

/**
 * Paying for the gift card just made: what is bought, the gateway's card form, then the payment
 * recorded by the server (which asks the gateway). A refusal keeps the form with the gateway's
 * words, inline and in a toast; "Change details" goes back to the details as typed.
 */
export function GiftCardPayment(props: {
  purchase: GiftCardPurchaseAnswer;
  details: GiftCardPurchase;
  onPaid: (answer: GiftCardPaidAnswer) => void;
  onBack: () => void;
}) {
  const { purchase, details } = props;
  const paid = useGiftCardPaid();
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the step that replaced the form.
  useEffect(() => heading.current?.focus(), []);

  const fail = (message: string) => {
    setFailure(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };
  const step: PaymentStep = {
    intent: {
      kind: 'payment',
      id: purchase.paymentIntentId,
      clientSecret: purchase.clientSecret,
      publishableKey: purchase.publishableKey,
      amount: purchase.amount,
    },
    // A bank that takes the buyer away brings them back here; the gateway's webhook settles it.
    returnUrl: `${window.location.origin}/gift-cards`,
    locked: paid.isPending || paid.isSuccess,
    failure,
    attempt: () => setFailure(null),
    fail,
    crash: (error) => fail(serverMessage(error, 'An error occurred')),
    succeeded: (paymentIntentId) =>
      paid.mutate(
        { giftCardId: purchase.giftCardId, paymentIntentId },
        {
          onSuccess: props.onPaid,
          // 402: the gateway says the intent did not succeed, in its words.
          onError: (error) => fail(serverMessage(error, 'Payment failed')),
        },
      ),
  };

  return (
    <section
      aria-labelledby="gift-card-pay-title"
      className="grid gap-5 rounded-xl border bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="gift-card-pay-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold outline-none"
        >
          Pay for your gift card
        </h2>
        <Button variant="link" onClick={props.onBack} disabled={step.locked}>
          Change details
        </Button>
      </div>
      <Facts
        rows={[
          ['Gift card', money(purchase.amount)],
          ['For', `${details.recipientName} (${details.recipientEmail})`],
          ['From', details.purchaserName],
          ['E-mailed on', formatDate(details.deliverOn)],
          details.message ? ['Message', details.message] : null,
        ]}
      />
      {purchase.gateway === 'local' ? (
        <LocalCardForm step={step} />
      ) : (
        <Suspense fallback={<Loading label="Loading the card form…" />}>
          <StripePayment step={step} />
        </Suspense>
      )}
    </section>
  );
}
