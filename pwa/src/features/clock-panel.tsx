import { serverMessage } from '@twinclean/shared/http';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { clockOutSchema, nextPunch } from '@twinclean/shared/punches';
import { formatClock } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useState } from 'react';
import { type ClockOutcome, useClock } from './clock';

// Spec 2 §8: the dashboard and the job page word their failures differently.
const failures = {
  dashboard: {
    in: { title: 'Error', fallback: 'Failed to clock in' },
    out: { title: 'Error', fallback: 'Failed to clock out' },
  },
  job: {
    in: {
      title: 'Clock In Failed',
      fallback: 'Failed to clock in. Please enable location access.',
    },
    out: { title: 'Clock Out Failed', fallback: 'Failed to clock out' },
  },
};

const hoursBetween = (from: string, to: string) =>
  ((new Date(to).getTime() - new Date(from).getTime()) / 3_600_000).toFixed(2);

/** Time tracking for one job: clock in, clock out with wait pay, and what the location said. */
export function ClockPanel({ job, surface }: { job: ProviderJob; surface: 'dashboard' | 'job' }) {
  const clock = useClock(job.id);
  const [waitPay, setWaitPay] = useState('0');
  const [waitPayError, setWaitPayError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClockOutcome | null>(null);
  const waitPayId = useId();
  const next = nextPunch(job);

  const onClock = () => {
    if (!next) return;
    let action: Parameters<typeof clock.mutate>[0] = { kind: 'in' };
    if (next === 'out') {
      const parsed = clockOutSchema.shape.waitPay.safeParse(waitPay || '0');
      if (!parsed.success) {
        setWaitPayError(parsed.error.issues[0]?.message ?? 'Enter wait pay in dollars');
        return;
      }
      setWaitPayError(null);
      action = { kind: 'out', waitPay: parsed.data };
    }
    clock.mutate(action, {
      onSuccess: (result) => {
        setOutcome(result);
        toast({ title: next === 'in' ? 'Clocked In' : 'Clocked Out' });
      },
      onError: (error) => {
        const failure = failures[surface][next];
        toast({
          title: failure.title,
          description: serverMessage(error, failure.fallback),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Clocked in</dt>
        <dd>
          {job.providerClockInTime ? formatClock(new Date(job.providerClockInTime)) : 'Not yet'}
        </dd>
        <dt className="text-slate-600">Clocked out</dt>
        <dd>
          {job.providerClockOutTime ? formatClock(new Date(job.providerClockOutTime)) : 'Not yet'}
        </dd>
        {job.providerClockInTime && job.providerClockOutTime && (
          <>
            <dt className="text-slate-600">Hours worked</dt>
            <dd>{hoursBetween(job.providerClockInTime, job.providerClockOutTime)}</dd>
          </>
        )}
      </dl>
      {next === 'out' && (
        <div className="grid gap-1.5">
          <label htmlFor={waitPayId} className="text-sm font-medium">
            Wait pay ($)
          </label>
          <input
            id={waitPayId}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.01"
            value={waitPay}
            onChange={(e) => setWaitPay(e.target.value)}
            aria-invalid={waitPayError ? true : undefined}
            aria-describedby={`${waitPayId}-hint`}
            className="h-11 rounded-md border border-slate-300 px-3"
          />
          <p id={`${waitPayId}-hint`} className="text-xs text-slate-600">
            {waitPayError ?? 'Time you waited for the client, up to $100.'}
          </p>
        </div>
      )}
      {next && (
        <Button disabled={clock.isPending} onClick={onClock}>
          {next === 'in'
            ? clock.isPending
              ? 'Clocking In...'
              : 'Clock In'
            : clock.isPending
              ? 'Clocking Out...'
              : 'Clock Out'}
        </Button>
      )}
      {outcome && <LocationNote outcome={outcome} />}
    </div>
  );
}

/** Location warns, it never blocks: say what the server made of this punch's location. */
function LocationNote({ outcome }: { outcome: ClockOutcome }) {
  if (outcome.geofenceVerified) {
    return (
      <p role="status" className="text-sm text-green-800">
        Location verified at the job.
      </p>
    );
  }
  return (
    <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      {outcome.locationProblem ? `${outcome.locationProblem}. ` : ''}
      Recorded as not verified
      {outcome.unverifiedReason ? ` (${outcome.unverifiedReason.toLowerCase()})` : ''}.
    </p>
  );
}
