import { Button } from '@twinclean/shared/ui/button';
import { applyUpdate, useUpdateWaiting } from '../../lib/updates';
import { useUnsettledEntries } from './use-outbox';

/** A new version is offered, and applied only once nothing is waiting to sync. */
export function UpdatePrompt({ providerId }: { providerId: string }) {
  const waiting = useUpdateWaiting();
  const unsent = useUnsettledEntries(providerId).filter((e) => e.status !== 'rejected').length;
  if (!waiting) return null;
  return (
    <div role="status" className="flex items-center gap-3 bg-brand-50 px-4 py-2 text-sm">
      <span className="flex-1">
        {unsent > 0
          ? `A new version is ready. It installs once ${unsent === 1 ? 'the waiting item has' : `${unsent} waiting items have`} synced.`
          : 'A new version of the app is ready.'}
      </span>
      <Button className="h-9" disabled={unsent > 0} onClick={applyUpdate}>
        Update
      </Button>
    </div>
  );
}
