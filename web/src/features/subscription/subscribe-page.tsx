import { useQuery } from '@tanstack/react-query';
import type { SubscriptionAnswer } from '@twinclean/shared/subscriptions';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { AnnouncedStatus } from '../../components/announced-status';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { ActiveSubscription } from './active-subscription';
import { subscriptionPageQueryOptions } from './api';
import { formatDay } from './format';
import { PlanChoice } from './plan-choice';

/** What a cancellation did, where the Active Subscription's button was (it may be gone). */
function Notice({ children }: { children: string }) {
  return (
    <AnnouncedStatus className="mb-6 flex items-start gap-3 p-4">
      <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
      <p>{children}</p>
    </AnnouncedStatus>
  );
}

/** What the cancellation did, in the page's words (the toast carries the server's). */
function noticeOf({ subscription, message }: SubscriptionAnswer): string {
  if (subscription.status === 'canceled')
    return 'Your membership has ended. You now pay per visit.';
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) {
    return `Your membership stays active until ${formatDay(subscription.currentPeriodEnd)}; it will not renew.`;
  }
  return message;
}

/** /client/subscribe (spec 2 "Subscription pages"): the plans, or the client's subscription. */
export function SubscribePage() {
  usePageMeta('Subscription | TwinClean', 'Choose a TwinClean membership plan, or manage yours.');
  const query = useQuery(subscriptionPageQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      {notice && <Notice key={notice}>{notice}</Notice>}
      {query.isPending ? (
        <Loading label="Loading your subscription…" />
      ) : query.isError ? (
        <LoadFailed
          message="We couldn't load your subscription."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.subscription ? (
        <ActiveSubscription
          subscription={query.data.subscription}
          onCanceled={(answer) => setNotice(noticeOf(answer))}
        />
      ) : (
        <PlanChoice page={query.data} />
      )}
    </section>
  );
}
