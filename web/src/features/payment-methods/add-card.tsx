import { useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { cardName } from '@twinclean/shared/payment-methods';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PaymentStep } from '../../components/card-entry/card-step';
// The checkout's card forms, shared rather than copied: the LocalGateway's test-card form and
// Stripe's Payment Element both confirm a setup intent as well as a payment.
import { LocalCardForm } from '../../components/card-entry/local-card-form';
import { LoadFailed, Loading } from '../../components/query-states';
import { setupIntentQueryOptions, useAddPaymentMethod } from '../../lib/payment-methods';

// Stripe's code (and Stripe.js, which it loads from Stripe) only when the gateway is Stripe.
const StripePayment = lazy(() => import('../../components/card-entry/stripe-card-form'));

/** Where Stripe sends the client back from a payment method that leaves the page. */
const SETUP_RETURN_PATH = '/client/payment-methods';

/**
 * Adding a card: a setup intent on the client's gateway customer, the gateway's own card form,
 * then the card recorded by the server (which asks the gateway). A refusal keeps the form open
 * with the gateway's words, inline and in a toast.
 */
export function AddCard({ onClose }: { onClose: () => void }) {
  const setup = useQuery(setupIntentQueryOptions());
  const add = useAddPaymentMethod();
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land in the panel they opened.
  useEffect(() => heading.current?.focus(), []);

  const fail = (message: string) => {
    setFailure(message);
    toast({ title: 'Card Not Saved', description: message, variant: 'destructive' });
  };
  const step: PaymentStep | null = setup.data
    ? {
        intent: {
          kind: 'setup',
          id: setup.data.setupIntentId,
          clientSecret: setup.data.clientSecret,
          publishableKey: setup.data.publishableKey,
        },
        returnUrl: `${window.location.origin}${SETUP_RETURN_PATH}`,
        locked: add.isPending || add.isSuccess,
        failure,
        attempt: () => setFailure(null),
        fail,
        crash: (error) => fail(serverMessage(error, 'An error occurred')),
        succeeded: (setupIntentId) =>
          add.mutate(setupIntentId, {
            onSuccess: (card) => {
              const role = card.isDefault ? ' as your default card' : '';
              toast({ title: 'Card Saved', description: `${cardName(card)} was saved${role}.` });
              onClose();
            },
            onError: (error) => fail(serverMessage(error, 'The card was not saved')),
          }),
      }
    : null;

  return (
    <section
      aria-labelledby="add-card-title"
      className="mt-6 grid gap-4 rounded-lg border bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="add-card-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold outline-none"
        >
          Add a card
        </h2>
        <Button variant="link" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Saved for later payments: subscription visits are charged to your default card.
      </p>
      {setup.isError ? (
        <LoadFailed
          message={serverMessage(setup.error, "We couldn't start adding a card.")}
          retrying={setup.isFetching}
          onRetry={() => void setup.refetch()}
        />
      ) : !step ? (
        <Loading label="Preparing secure card form…" />
      ) : setup.data?.gateway === 'local' ? (
        <LocalCardForm step={step} />
      ) : (
        <Suspense fallback={<Loading label="Loading the card form…" />}>
          <StripePayment step={step} />
        </Suspense>
      )}
    </section>
  );
}
