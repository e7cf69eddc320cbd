import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { CloudOff, CloudUpload, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { OutboxEntry } from '../features/outbox/db';
import { syncNow } from '../features/outbox/sync';
import { useSyncState, useUnsettledEntries } from '../features/outbox/use-outbox';
import { timeAgo } from './time-ago';

const kindName: Record<OutboxEntry['kind'], string> = {
  clock_in: 'Clock-in',
  clock_out: 'Clock-out',
  photo: 'Photo',
};

/** The header's sync badge and its details: nothing the phone holds is ever hidden. */
export function SyncStatus({ providerId }: { providerId: string }) {
  const entries = useUnsettledEntries(providerId);
  const sync = useSyncState();
  const [open, setOpen] = useState(false);
  const waiting = entries.filter((e) => e.status !== 'rejected');
  const rejected = entries.filter((e) => e.status === 'rejected');
  const label =
    rejected.length > 0
      ? `${rejected.length} not applied`
      : waiting.length > 0
        ? `${waiting.length} waiting`
        : 'Synced';
  const Icon = rejected.length
    ? TriangleAlert
    : waiting.length
      ? sync.lastFailure
        ? CloudOff
        : CloudUpload
      : RefreshCw;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Sync status: ${label}`}
        className="ml-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-800 px-3 text-sm font-medium"
      >
        <Icon className="size-4" aria-hidden />
        <span aria-live="polite">{label}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Sync status">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Punches waiting</dt>
          <dd>{waiting.filter((e) => e.kind !== 'photo').length}</dd>
          <dt className="text-slate-600">Photos waiting</dt>
          <dd>{waiting.filter((e) => e.kind === 'photo').length}</dd>
          <dt className="text-slate-600">Last synced</dt>
          <dd>{sync.lastSyncAt ? timeAgo(sync.lastSyncAt) : 'Not yet'}</dd>
        </dl>
        {sync.lastFailure && waiting.length > 0 && (
          <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            Waiting to retry: {sync.lastFailure}
          </p>
        )}
        {rejected.length > 0 && (
          <section className="mt-3">
            <h3 className="text-sm font-semibold">Not applied by the server</h3>
            <ul className="mt-1 grid gap-1 text-sm">
              {rejected.map((e) => (
                <li key={e.id} className="rounded-md bg-red-50 p-2 text-red-800">
                  {kindName[e.kind]} of {new Date(e.occurredAt).toLocaleString()}:{' '}
                  {e.rejection?.message}
                </li>
              ))}
            </ul>
          </section>
        )}
        <Button className="mt-4 w-full" disabled={sync.draining} onClick={() => void syncNow()}>
          {sync.draining ? 'Syncing...' : 'Sync now'}
        </Button>
      </Dialog>
    </>
  );
}
