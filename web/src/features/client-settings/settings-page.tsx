import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { DetailCard } from '../../components/detail-card';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { visitUpdateSettingsQueryOptions } from './api';
import { VisitUpdatesForm } from './settings-form';

/**
 * /client/settings: how the client hears about a visit (DECISIONS.md "Visit updates, checklists,
 * tips"): "on my way", arrived and done, by text and/or e-mail.
 */
export function ClientSettingsPage() {
  usePageMeta('Settings | TwinClean', 'Choose how we tell you about your visits.');
  const settings = useQuery(visitUpdateSettingsQueryOptions());
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/client"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Settings</h1>
      <div className="mt-6">
        {settings.isPending ? (
          <Loading label="Loading your settings…" />
        ) : settings.isError ? (
          <LoadFailed
            message="We couldn't load your settings."
            retrying={settings.isFetching}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <DetailCard title="Visit updates">
            <p className="mb-4 text-sm text-slate-600">
              We tell you when your cleaner is on the way (with an arrival estimate), arrives and is
              done.
            </p>
            <VisitUpdatesForm saved={settings.data} />
          </DetailCard>
        )}
      </div>
    </section>
  );
}
