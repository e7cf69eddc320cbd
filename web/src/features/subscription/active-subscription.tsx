import { Link } from '@tanstack/react-router';
import {
  PLAN_NAMES,
  type SubscriptionAnswer,
  type SubscriptionView,
} from '@twinclean/shared/subscriptions';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { CancelSubscriptionDialog } from './cancel-dialog';
import { PaymentMethod } from './change-card';
import { formatDay, perMonth, SECONDARY_LINK, statusLabel } from './format';

function tone(subscription: SubscriptionView): BadgeTone {
  if (subscription.status === 'past_due') return 'danger';
  if (subscription.cancelAtPeriodEnd) return 'warning';
  return 'success';
}

/** A failed renewal being retried (DECISIONS.md: 3 retries over 7 days, then canceled). */
function PastDue({ subscription }: { subscription: SubscriptionView }) {
  const reason = subscription.lastFailureMessage ?? 'The payment did not go through.';
  return (
    <div role="alert" className="mt-4 flex gap-3 rounded-md border border-red-300 bg-red-50 p-4">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
      <div className="text-sm text-red-900">
        <p className="font-semibold">Your last renewal failed: {reason}</p>
        <p className="mt-1">
          {subscription.nextRetryAt
            ? `We will try again on ${formatDay(subscription.nextRetryAt)}. Change your card below if this one will not work.`
            : 'No more tries are planned: your membership ends unless the payment goes through.'}
        </p>
      </div>
    </div>
  );
}

function Facts({ subscription }: { subscription: SubscriptionView }) {
  const { currentPeriodEnd, minimumTermEndsAt } = subscription;
  const rows: [string, string][] = [['Price', perMonth(subscription.price)]];
  if (currentPeriodEnd) {
    rows.push(
      subscription.cancelAtPeriodEnd
        ? ['Ends on', formatDay(currentPeriodEnd)]
        : ['Renews on', formatDay(currentPeriodEnd)],
    );
  }
  if (minimumTermEndsAt) {
    const over = new Date(minimumTermEndsAt).getTime() <= Date.now();
    rows.push(['Minimum term', `${over ? 'Completed' : 'Ends'} ${formatDay(minimumTermEndsAt)}`]);
  }
  return (
    <dl className="mt-4 grid gap-2">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /client/subscribe with a live subscription (spec 2 "Subscription pages"). */
export function ActiveSubscription(props: {
  subscription: SubscriptionView;
  onCanceled: (answer: SubscriptionAnswer) => void;
}) {
  const { subscription } = props;
  const [canceling, setCanceling] = useState(false);
  const cancelable = subscription.cancelTerms !== null && !subscription.cancelAtPeriodEnd;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Active Subscription</h1>
      <section
        aria-labelledby="plan-title"
        className="mt-6 rounded-lg border bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="plan-title" className="text-xl font-semibold">
            {PLAN_NAMES[subscription.plan]} plan
          </h2>
          <Badge tone={tone(subscription)}>
            <span className="sr-only">Status: </span>
            {statusLabel(subscription)}
          </Badge>
        </div>
        {subscription.status === 'past_due' && <PastDue subscription={subscription} />}
        <Facts subscription={subscription} />
      </section>
      <div className="mt-4">
        <PaymentMethod card={subscription.card} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Link to="/client" className={SECONDARY_LINK}>
          Back to Dashboard
        </Link>
        {cancelable && (
          <Button variant="secondary" onClick={() => setCanceling(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <CancelSubscriptionDialog
        subscription={subscription}
        open={canceling}
        onOpenChange={setCanceling}
        onCanceled={props.onCanceled}
      />
    </>
  );
}
