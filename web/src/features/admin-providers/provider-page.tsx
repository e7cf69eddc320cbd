import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminProvider } from '@twinclean/shared/admin-people';
import { statusLabel } from '@twinclean/shared/booking-status';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Badge } from '@twinclean/shared/ui/badge';
import type { ReactNode } from 'react';
import { AccountStateCard } from '../../components/admin-list/account-state';
import { PageColumn, PersonPage } from '../../components/admin-list/person-page';
import { DetailCard, Facts } from '../../components/detail-card';
import { adminProviderKeys, adminProviderQueryOptions } from './api';
import { DAY_NAMES, formatHours, formatRating, nextAvailable } from './format';
import { VipCard } from './vip-card';

function StatsCard({ provider: p }: { provider: AdminProvider }) {
  return (
    <DetailCard title="Work">
      <Facts
        rows={[
          [
            'Rating',
            p.ratedJobs > 0
              ? `${formatRating(p.rating)} over ${p.ratedJobs} jobs`
              : formatRating(p.rating),
          ],
          ['Jobs done', p.jobsDone],
          ['Last 7 days', `${formatHours(p.week.hours)} · ${formatWireDollars(p.week.earnings)}`],
          [
            'Last 30 days',
            `${formatHours(p.month.hours)} · ${formatWireDollars(p.month.earnings)}`,
          ],
        ]}
      />
    </DetailCard>
  );
}

function AvailabilityCard({ provider: p }: { provider: AdminProvider }) {
  const next = nextAvailable(p.availability.nextAvailableAt);
  return (
    <DetailCard title="Weekly availability">
      {p.slots.length === 0 ? (
        <p className="text-sm text-slate-600">No availability set: they see every open job.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {p.slots.map((s) => (
            <li key={s.id} className="flex gap-3">
              <span className="w-10 font-medium">{DAY_NAMES[s.dayOfWeek]}</span>
              <span>
                {formatSlot(s.startTime)} – {formatSlot(s.endTime)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {next && <p className="mt-2 text-sm text-slate-700">{next}</p>}
    </DetailCard>
  );
}

function JobsCard({ jobs }: { jobs: AdminProvider['upcomingJobs'] }) {
  return (
    <DetailCard title="Upcoming jobs">
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-600">No upcoming jobs.</p>
      ) : (
        <ul className="divide-y text-sm">
          {jobs.map((j) => (
            <li key={j.id} className="flex flex-wrap justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link
                  to="/admin/bookings/$id"
                  params={{ id: j.id }}
                  className="font-medium text-brand-800 hover:underline"
                >
                  {serviceTitle(j.serviceType)}, {formatDate(j.scheduledDate)}{' '}
                  {formatSlot(j.scheduledTime)}
                </Link>
                <div className="text-slate-600">
                  {j.address}, {j.city}
                </div>
              </div>
              <Badge>{statusLabel(j.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

function PayoutsCard({ provider: p }: { provider: AdminProvider }) {
  return (
    <DetailCard title="Recent payouts">
      {p.recentPayouts.length === 0 ? (
        <p className="text-sm text-slate-600">No payouts yet.</p>
      ) : (
        <ul className="divide-y text-sm">
          {p.recentPayouts.map((payout) => (
            <li key={payout.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link
                to="/admin/bookings/$id"
                params={{ id: payout.bookingId }}
                className="text-brand-800 hover:underline"
              >
                {formatInstant(payout.createdAt)}
              </Link>
              <span className="tabular-nums">
                {formatHours(payout.hoursPaid)} · {formatWireDollars(payout.total)}{' '}
                <Badge tone={payout.status === 'paid' ? 'success' : 'neutral'}>
                  {payout.status === 'paid' ? 'Paid' : 'Pending'}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/admin/payouts"
        search={{ providerId: p.id }}
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        All their payouts
      </Link>
    </DetailCard>
  );
}

/** /admin/providers/{id}: contact, work, availability, jobs, payouts; VIP and deactivation. */
/** `ratings`: the provider's ratings card, which the route brings (features never import each other). */
export function AdminProviderPage({ id, ratings }: { id: string; ratings: ReactNode }) {
  const query = useQuery(adminProviderQueryOptions(id));
  return (
    <PersonPage
      query={query}
      noun="Provider"
      back="/admin/providers"
      description="One provider: work, availability, jobs and payouts."
    >
      {(provider, name) => (
        <>
          <PageColumn>
            <DetailCard title="Contact">
              <Facts
                rows={[
                  ['E-mail', provider.email],
                  ['Phone', provider.phone ?? '—'],
                  provider.homeZipCode !== null && ['Home ZIP', provider.homeZipCode],
                  provider.bio !== null && ['Bio', provider.bio],
                  ['Joined', formatInstant(provider.createdAt)],
                ]}
              />
            </DetailCard>
            <StatsCard provider={provider} />
            <VipCard provider={provider} />
            <AccountStateCard
              userId={provider.id}
              name={name}
              deactivatedAt={provider.deactivatedAt}
              refresh={[adminProviderKeys.all, ['/api/admin/provider-choices']]}
              deactivateNote={
                provider.upcomingJobs.length > 0
                  ? `${provider.firstName}'s upcoming jobs stay assigned to them. Unassign each from its booking page so it goes back on the job board.`
                  : undefined
              }
            />
          </PageColumn>
          <PageColumn>
            <AvailabilityCard provider={provider} />
            <JobsCard jobs={provider.upcomingJobs} />
            <PayoutsCard provider={provider} />
            {ratings}
          </PageColumn>
        </>
      )}
    </PersonPage>
  );
}
