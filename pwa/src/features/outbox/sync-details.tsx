import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { timeAgo } from '../../components/time-ago';
import { providerKeys } from '../../lib/query-keys';
import { isPunch, type OutboxEntry } from './entry';
import { syncNow } from './sync';
import { entryName, type Failing, syncSummary } from './sync-summary';
import { useSyncState, useUnsettledEntries } from './use-outbox';

/** "Clock-out of 11/23/2026, 10:02 AM for 123 Elm St": the job by its address when known. */
function describe(e: OutboxEntry, queryClient: QueryClient): string {
  const job =
    queryClient.getQueryData<ProviderJob>(providerKeys.job(e.bookingId)) ??
    queryClient.getQueryData<ProviderJob[]>(providerKeys.jobs)?.find((j) => j.id === e.bookingId);
  const when = new Date(e.occurredAt).toLocaleString();
  return `${entryName(e)} of ${when} for ${job ? job.address : `job ${e.bookingId}`}`;
}

function failingText(e: Failing, queryClient: QueryClient): string {
  const { status, message, count, at } = e.serverErrors;
  const last = new Date(at).toLocaleTimeString();
  return `${describe(e, queryClient)}: the server answered ${status} “${message}” ${count} times; retrying… Last tried ${last}.`;
}

/** The sync badge's details: what waits, what failed, what the server refused. */
export default function SyncDetails({
  providerId,
  onOpenChange,
}: {
  providerId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const sync = useSyncState();
  const { waiting, rejected, failing, signedOut } = syncSummary(
    useUnsettledEntries(providerId),
    sync.signedOut,
  );
  // "On my way" and checklist ticks: named one by one, as the provider tapped them.
  const updates = waiting.filter((e) => e.kind === 'en_route' || e.kind === 'checklist_tick');
  return (
    <Dialog open onOpenChange={onOpenChange} title="Sync status">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Punches waiting</dt>
        <dd>{waiting.filter(isPunch).length}</dd>
        <dt className="text-slate-600">Photos waiting</dt>
        <dd>{waiting.filter((e) => e.kind === 'photo').length}</dd>
        <dt className="text-slate-600">Updates waiting</dt>
        <dd>{updates.length}</dd>
        <dt className="text-slate-600">Last synced</dt>
        <dd>{sync.lastSyncAt ? timeAgo(sync.lastSyncAt) : 'Not yet'}</dd>
      </dl>
      {signedOut ? (
        <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Signed out: nothing is sent until you sign in again ({sync.lastFailure}).{' '}
          <a
            className="font-medium underline"
            href={`/login?redirect=${encodeURIComponent(window.location.pathname)}`}
          >
            Sign in
          </a>
        </p>
      ) : (
        sync.lastFailure &&
        waiting.length > 0 && (
          <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Waiting to retry: {sync.lastFailure}
          </p>
        )
      )}
      {updates.length > 0 && (
        <section className="mt-3">
          <h3 className="text-sm font-semibold">Updates waiting</h3>
          <ul aria-label="Updates waiting" className="mt-1 grid gap-1 text-sm">
            {updates.map((e) => (
              <li key={e.id} className="rounded-md bg-slate-50 p-2">
                {describe(e, queryClient)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {failing.length > 0 && (
        <section className="mt-3">
          <h3 className="text-sm font-semibold">Failing on the server</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {failing.map((e) => (
              <li key={e.id} className="rounded-md bg-red-50 p-2 text-red-800">
                {failingText(e, queryClient)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {rejected.length > 0 && (
        <section className="mt-3">
          <h3 className="text-sm font-semibold">Not applied by the server</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {rejected.map((e) => (
              <li key={e.id} className="rounded-md bg-red-50 p-2 text-red-800">
                {describe(e, queryClient)}: {e.rejection?.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Never disabled: a background drain comes and goes, and focus must not go with it
          (a tap during one is merged into it). */}
      <Button
        className="mt-4 w-full"
        aria-busy={sync.draining}
        onClick={() => void syncNow({ force: true })}
      >
        {sync.draining ? 'Syncing...' : 'Sync now'}
      </Button>
    </Dialog>
  );
}
