import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@twinclean/shared/auth';
import { type ClientBookingSummary, splitBookings } from '@twinclean/shared/client-bookings';
import { chicagoInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { ChevronRight, CreditCard, House, Receipt, Settings, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { SUBSCRIPTION_LABELS } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { clientBookingsQueryOptions } from './api';
import { BookingList, PAST_SHOWN } from './booking-list';
import { ReferralCredit } from './referral-credit';

const startsAt = (b: ClientBookingSummary) => chicagoInstant(b.scheduledDate, b.scheduledTime);

/** Upcoming soonest first (as the API sends them), past and canceled most recent first. */
function splitByNow(bookings: readonly ClientBookingSummary[], now: Date) {
  const { upcoming, past, canceled } = splitBookings(bookings, (b) => startsAt(b) > now);
  const latestFirst = (a: ClientBookingSummary, b: ClientBookingSummary) =>
    startsAt(b).getTime() - startsAt(a).getTime();
  past.sort(latestFirst);
  canceled.sort(latestFirst);
  return { upcoming, past, canceled };
}

function AccountCard(props: { href: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <a
      href={props.href}
      className="flex h-full items-center gap-3 rounded-lg border bg-white p-4 shadow-sm hover:border-brand-600"
    >
      <span className="rounded-md bg-brand-50 p-2 text-brand-700" aria-hidden>
        {props.icon}
      </span>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-semibold">{props.title}</span>
        <span className="text-sm text-slate-600">{props.children}</span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
    </a>
  );
}

function Bookings() {
  const bookings = useQuery(clientBookingsQueryOptions());
  if (bookings.isPending) return <Loading label="Loading your bookings…" />;
  if (bookings.isError) {
    return (
      <LoadFailed
        message="We couldn't load your bookings."
        retrying={bookings.isFetching}
        onRetry={() => void bookings.refetch()}
      />
    );
  }
  const { upcoming, past, canceled } = splitByNow(bookings.data, new Date());
  return (
    <>
      <BookingList
        title="Upcoming Bookings"
        bookings={upcoming}
        empty={
          <>
            <p className="font-medium">No upcoming bookings</p>
            <a
              href="/book"
              className="mt-2 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Book a cleaning
            </a>
          </>
        }
      />
      <BookingList
        title="Past Bookings"
        bookings={past}
        limit={PAST_SHOWN}
        empty={<p>No past bookings yet.</p>}
      />
      {canceled.length > 0 && (
        <BookingList title="Canceled Bookings" bookings={canceled} empty={null} collapsed />
      )}
    </>
  );
}

/** /client (spec 2 "Client dashboard"). */
/** `sections`: other features' parts of the page (recurring cleanings), which the route brings. */
export function ClientDashboard({ user, sections }: { user: CurrentUser; sections?: ReactNode }) {
  usePageMeta('My Account | TwinClean', 'Your TwinClean bookings, subscription and payments.');
  // The user as read now, not as the route's guard found it: subscribing or canceling refreshes
  // it, and the badge follows.
  const { subscriptionType } = useCurrentUser().data ?? user;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user.firstName}!</h1>
          <p className="mt-1 text-slate-600">Manage your cleanings and account.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href="/book"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            New Booking
          </a>
          {/* A page load, not a route: the server ends the session and redirects. */}
          <a
            href="/api/logout"
            className="rounded-md border px-4 py-2 font-medium hover:bg-slate-50"
          >
            Sign Out
          </a>
        </div>
      </div>
      <nav aria-label="Account" className="mt-8">
        <ul className="grid gap-4 md:grid-cols-3">
          <li>
            <AccountCard
              href="/client/subscribe"
              icon={<Sparkles className="size-5" />}
              title="Subscription"
            >
              <Badge tone={subscriptionType === 'none' ? 'neutral' : 'brand'}>
                {SUBSCRIPTION_LABELS[subscriptionType]}
              </Badge>
            </AccountCard>
          </li>
          <li>
            <AccountCard
              href="/client/payment-methods"
              icon={<CreditCard className="size-5" />}
              title="Payment Methods"
            >
              Saved cards
            </AccountCard>
          </li>
          <li>
            <AccountCard
              href="/client/invoices"
              icon={<Receipt className="size-5" />}
              title="Invoices"
            >
              Receipts for payments and refunds
            </AccountCard>
          </li>
          <li>
            <AccountCard href="/client/homes" icon={<House className="size-5" />} title="Homes">
              Saved addresses and entry notes
            </AccountCard>
          </li>
          <li>
            <AccountCard
              href="/client/settings"
              icon={<Settings className="size-5" />}
              title="Settings"
            >
              Visit updates by text and e-mail
            </AccountCard>
          </li>
        </ul>
      </nav>
      {sections}
      <Bookings />
      <ReferralCredit />
    </section>
  );
}
