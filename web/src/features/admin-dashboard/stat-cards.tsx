import { useQuery } from '@tanstack/react-query';
import { formatWireDollars } from '@twinclean/shared/money';
import { Activity, CalendarCheck, DollarSign, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminStatsQueryOptions } from './api';

function StatCard(props: { title: string; value: ReactNode; note: string; icon: ReactNode }) {
  return (
    <section
      aria-label={props.title}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{props.title}</h2>
        {props.icon}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{props.value}</p>
      <p className="mt-1 text-xs text-slate-500">{props.note}</p>
    </section>
  );
}

const icon = 'size-4 text-slate-500';

/** Spec 2 "Admin dashboard": the four cards; "..." until the numbers arrive. */
export function StatCards() {
  const { data, isError } = useQuery(adminStatsQueryOptions());
  const show = (value: (stats: NonNullable<typeof data>) => ReactNode) =>
    data ? value(data) : isError ? '—' : '...';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total Revenue"
        value={show((s) => formatWireDollars(s.revenue))}
        note="From succeeded payments"
        icon={<DollarSign className={icon} aria-hidden />}
      />
      <StatCard
        title="Active Subscriptions"
        value={show((s) => s.activeSubscriptions)}
        note="Standard + Senior"
        icon={<Activity className={icon} aria-hidden />}
      />
      <StatCard
        title="Jobs Completed"
        value={show((s) => s.jobsCompleted)}
        note="All time"
        icon={<CalendarCheck className={icon} aria-hidden />}
      />
      <StatCard
        title="Active Providers"
        value={show((s) => s.activeProviders)}
        note="Provider network"
        icon={<Users className={icon} aria-hidden />}
      />
    </div>
  );
}
