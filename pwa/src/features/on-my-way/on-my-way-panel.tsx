import { useMutation } from '@tanstack/react-query';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { formatClock } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Car } from 'lucide-react';
import { useProviderId } from '../../lib/provider-id';
import type { EnRouteEntry } from '../outbox/entry';
import { tapOnMyWay } from '../outbox/tap';
import { useJobEntries } from '../outbox/use-outbox';
import { onMyWayState, TOO_EARLY_TEXT } from './on-my-way-rule';

const clock = (iso: string) => formatClock(new Date(iso));

/**
 * "On My Way" for one visit (issue 32): recorded on the phone at the tap like a punch, with the
 * location if found within 10 s (never waited for), and sent by the outbox; the server tells the
 * client, with an arrival estimate when it has the location.
 */
export function OnMyWayPanel({ job }: { job: ProviderJob }) {
  const providerId = useProviderId();
  const entries = useJobEntries(job.id);
  const state = onMyWayState(job, entries, new Date());
  const tap = useMutation({
    networkMode: 'always',
    mutationFn: () => tapOnMyWay(providerId, job.id),
    onError: () =>
      toast({
        title: 'On My Way Failed',
        description: 'This phone could not keep it. Try again.',
        variant: 'destructive',
      }),
  });
  if (state.show === 'nothing') return null;
  if (state.show === 'too_early') {
    return <p className="text-sm text-slate-600">{TOO_EARLY_TEXT}</p>;
  }
  if (state.show === 'told') return <Told entry={state.entry} />;
  return (
    <div className="grid gap-2">
      {state.refused && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          On my way not sent: {state.refused.rejection?.message}
        </p>
      )}
      <Button disabled={tap.isPending} onClick={() => tap.mutate()}>
        <Car className="size-4" aria-hidden />
        {tap.isPending ? 'Saving...' : 'On My Way'}
      </Button>
      <p className="text-xs text-slate-600">
        The client gets a text or e-mail with your first name and an arrival estimate.
      </p>
    </div>
  );
}

/** What became of "On my way": saved here, sent, and the arrival the client was told. */
function Told({ entry }: { entry: EnRouteEntry | null }) {
  return (
    <div className="grid gap-1" role="status">
      <p className="font-medium text-brand-800">
        On my way{entry ? ` · ${clock(entry.occurredAt)}` : ''}
      </p>
      <p className="text-sm text-slate-600">{toldNote(entry)}</p>
    </div>
  );
}

function toldNote(entry: EnRouteEntry | null): string {
  if (!entry || entry.status === 'sent') {
    const eta = entry?.enRoute?.etaAt;
    if (eta) return `The client was told you arrive around ${clock(eta)} (an estimate).`;
    if (entry?.enRoute) return 'The client was told, without an arrival estimate (no location).';
    return 'The client has been told.';
  }
  if (entry.status === 'locating') return 'Saved on this phone; finding your location…';
  if (entry.serverErrors) {
    return `Saved on this phone; the server answered ${entry.serverErrors.status} “${entry.serverErrors.message}”, retrying.`;
  }
  return 'Saved on this phone; the client is told when it syncs.';
}
