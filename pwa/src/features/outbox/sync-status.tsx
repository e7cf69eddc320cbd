import { CloudOff, CloudUpload, LogIn, RefreshCw, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { syncSummary } from './sync-summary';
import { useSyncState, useUnsettledEntries } from './use-outbox';

const SyncDetails = lazy(() => import('./sync-details'));

/** The header's sync badge and its details: nothing the phone holds is ever hidden. */
export function SyncStatus({ providerId }: { providerId: string }) {
  const sync = useSyncState();
  const [open, setOpen] = useState(false);
  const { waiting, rejected, failing, signedOut } = syncSummary(
    useUnsettledEntries(providerId),
    sync.signedOut,
  );
  const troubles = [
    rejected.length > 0 && `${rejected.length} not applied`,
    failing.length > 0 && `${failing.length} failing`,
  ].filter(Boolean);
  const waitingText = signedOut
    ? `${waiting.length} waiting for sign-in`
    : waiting.length > 0
      ? `${waiting.length} waiting`
      : null;
  const label =
    troubles.length > 0
      ? [...troubles, signedOut && waitingText].filter(Boolean).join(', ')
      : (waitingText ?? 'Synced');
  const Icon =
    troubles.length > 0
      ? TriangleAlert
      : signedOut
        ? LogIn
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
      {/* The dialog (and the dialog library) load with the first tap, not with the app. */}
      {open && (
        <Suspense fallback={null}>
          <SyncDetails providerId={providerId} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
