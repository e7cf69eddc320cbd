import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { Button } from '@twinclean/shared/ui/button';
import { type FormEvent, useState } from 'react';
import { cardFormText, type PaymentStep } from './card-step';
import { PaymentFailure } from './payment-failure';

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

/** Confirms the step's intent with the card in the element: what Stripe says of it, or why not. */
async function confirmIntent(stripe: Stripe, elements: StripeElements, step: PaymentStep) {
  const options = {
    elements,
    redirect: 'if_required',
    confirmParams: { return_url: step.returnUrl },
  } as const;
  if (step.intent.kind === 'setup') {
    const { error, setupIntent } = await stripe.confirmSetup(options);
    return { error, confirmed: setupIntent };
  }
  const { error, paymentIntent } = await stripe.confirmPayment(options);
  return { error, confirmed: paymentIntent };
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
      const { error, confirmed } = await confirmIntent(stripe, elements, step);
      if (error) step.fail(error.message ?? 'Payment failed');
      else if (confirmed?.status === 'succeeded') step.succeeded(confirmed.id);
      else step.fail('Payment failed');
    } catch (error) {
      step.crash(error);
    } finally {
      setPaying(false);
    }
  };

  const busy = step.locked || paying;
  const text = cardFormText(step.intent);
  return (
    <form onSubmit={pay} aria-label={text.label} className="grid gap-4">
      <PaymentElement onReady={() => setReady(true)} />
      <PaymentFailure message={step.failure} />
      <Button type="submit" disabled={!stripe || !ready || busy}>
        {busy ? 'Processing...' : text.action}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for the intent (a payment, or a setup that saves the card); a new
 * intent (another amount) is a new element.
 */
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
