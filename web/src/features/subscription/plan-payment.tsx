import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError, serverMessage } from '@twinclean/shared/http';
import { isAlreadySubscribed, PLAN_NAMES, type Plan } from '@twinclean/shared/subscriptions';
import { toast } from '@twinclean/shared/ui/toast-store';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PaymentStep } from '../../components/card-entry/card-step';
// The booking checkout's card forms, shared rather than copied: the LocalGateway's TEST MODE
// form and Stripe's Payment Element.
import { LocalCardForm } from '../../components/card-entry/local-card-form';
import { Loading } from '../../components/query-states';
import { createSubscriptionQueryOptions, useRecordSubscriptionPayment } from './api';
import { money } from './format';

// Stripe's code (and Stripe.js, which it loads from Stripe) only when the gateway is Stripe.
const StripePayment = lazy(() => import('../../components/card-entry/stripe-card-form'));

/**
 * A refusal says in words what to do (400: the senior plan's declaration; 409: a membership
 * waiting for its renewal payment): said on the page as it is, not as a failure.
 */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 409);

const failToProcess = () =>
  toast({ title: 'Error', description: 'Failed to process subscription', variant: 'destructive' });

/**
 * Month 1 of a plan: the subscription is created once (spec 2 §7), its payment intent paid in
 * the gateway's card form, then recorded by the server, which activates the subscription.
 */
export function PlanPayment({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const created = useQuery(
    createSubscriptionQueryOptions(
      plan === 'senior'
        ? { subscriptionType: plan, seniorDeclaration: true }
        : { subscriptionType: plan },
    ),
  );
  const record = useRecordSubscriptionPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const answer = created.data;
  // Spec 2 §4, §8: active or trialing means already subscribed.
  const already = answer !== undefined && isAlreadySubscribed(answer.status);
  const intentId = answer?.status === 'incomplete' ? answer.paymentIntentId : null;
  const clientSecret = answer?.status === 'incomplete' ? answer.clientSecret : null;
  const failed = created.isError || (answer !== undefined && !already && !clientSecret);

  useEffect(() => {
    if (!already) return;
    toast({ title: 'Already Subscribed', description: 'You already have an active subscription.' });
    void navigate({ to: '/client', replace: true });
  }, [already, navigate]);

  // Spec 2 §8, for anything but a refusal.
  useEffect(() => {
    if (!failed || isRefusal(created.error)) return;
    toast({
      title: 'Error',
      description: 'Failed to initialize subscription',
      variant: 'destructive',
    });
  }, [failed, created.error]);

  if (created.isPending) return <Loading label="Preparing secure checkout…" />;
  if (already) return <Loading label="You are already subscribed. Taking you to your account…" />;
  if (!answer || !intentId || !clientSecret) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5">
        <p className="font-medium text-red-800">
          {isRefusal(created.error) ? created.error.message : 'Failed to initialize subscription'}
        </p>
        <Link
          to="/client/subscribe"
          className="mt-3 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Back to plans
        </Link>
      </div>
    );
  }

  const step: PaymentStep = {
    intent: {
      kind: 'payment',
      id: intentId,
      clientSecret,
      publishableKey: answer.publishableKey,
      amount: answer.amount,
    },
    returnUrl: new URL('/client/subscribe', window.location.origin).href,
    locked: record.isPending || record.isSuccess,
    failure,
    attempt: () => setFailure(null),
    fail: (message) => {
      setFailure(message);
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
    },
    crash: (error) => {
      setFailure(serverMessage(error, 'An error occurred'));
      failToProcess();
    },
    succeeded: (paymentIntentId) =>
      record.mutate(
        { id: answer.subscriptionId, body: { paymentIntentId } },
        {
          onSuccess: () => {
            toast({
              title: 'Subscription Activated!',
              description: `Welcome to the ${PLAN_NAMES[plan]} plan. Member rates apply to your bookings now.`,
            });
            void navigate({ to: '/client/subscribe', replace: true });
          },
          // 402: the gateway says the payment did not go through, in its words.
          onError: (error) => {
            setFailure(serverMessage(error, 'Failed to process subscription'));
            failToProcess();
          },
        },
      ),
  };

  return (
    <div className="grid gap-6">
      <p className="text-lg">
        Due today: <strong className="tabular-nums">{money(answer.amount)}</strong>{' '}
        <span className="text-slate-600">(your first month)</span>
      </p>
      {answer.gateway === 'local' ? (
        <LocalCardForm step={step} />
      ) : (
        <Suspense fallback={<Loading label="Loading the card form…" />}>
          <StripePayment step={step} />
        </Suspense>
      )}
    </div>
  );
}
