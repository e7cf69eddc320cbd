import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Button } from '@twinclean/shared/ui/button';
import { type FormEvent, useState } from 'react';
import { money } from '../format';
import { PaymentFailure } from './payment-failure';
import type { PaymentStep } from './payment-step';

// Loaded lazily by the checkout, and only when the gateway is Stripe: no other page downloads
// this module or Stripe.js.

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per publishable key for the life of the page (Stripe's advice). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeForm({ step }: { step: PaymentStep }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);

  // Spec 2 §8's inline messages: "Failed to submit payment", "Payment failed", "An error occurred".
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    step.attempt();
    setPaying(true);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        step.fail(submitted.error.message ?? 'Failed to submit payment');
        return;
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: step.returnUrl },
      });
      if (error) step.fail(error.message ?? 'Payment failed');
      else if (paymentIntent.status === 'succeeded') step.succeeded(paymentIntent.id);
      else step.fail('Payment failed');
    } catch (error) {
      step.crash(error);
    } finally {
      setPaying(false);
    }
  };

  const busy = step.locked || paying;
  return (
    <form onSubmit={pay} aria-label="Card payment" className="grid gap-4">
      <PaymentElement onReady={() => setReady(true)} />
      <PaymentFailure message={step.failure} />
      <Button type="submit" disabled={!stripe || !ready || busy}>
        {busy ? 'Processing...' : `Pay ${money(step.intent.amount)}`}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for the intent; a new intent (another amount) is a new element. */
export default function StripePayment({ step }: { step: PaymentStep }) {
  const { publishableKey, clientSecret } = step.intent;
  if (!publishableKey) {
    return <PaymentFailure message="Card payments are not available right now." />;
  }
  return (
    <Elements key={clientSecret} stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripeForm step={step} />
    </Elements>
  );
}
