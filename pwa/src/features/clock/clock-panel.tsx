import { useQuery } from '@tanstack/react-query';
import { formatShortDollars } from '@twinclean/shared/money';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { earlyClockInHint } from '@twinclean/shared/punch-rules';
import { clockOutSchema, nextPunch, WAIT_PAY_LIMIT_CENTS } from '@twinclean/shared/punches';
import { chicagoInstant, formatClock } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Fragment, useId, useRef, useState } from 'react';
import { offersPriceAtClockOut, readFinalPrice } from '../../lib/final-price-text';
import { waitPayLimitQuery } from '../../lib/pricing-queries';
import { isPunch, type PunchEntry } from '../outbox/entry';
import { withLocalPunches } from '../outbox/local-job';
import { useJobEntries } from '../outbox/use-outbox';
import { ClockOutPriceField, ClockOutPriceNote } from './clock-out-price';
import { useClock } from './use-clock';

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

/**
 * Time tracking for one job: clock in, clock out with wait pay (and a carpet or rug job's final
 * price), and what became of each punch.
 */
export function ClockPanel({
  job: serverJob,
  surface,
}: {
  job: ProviderJob;
  surface: 'dashboard' | 'job';
}) {
  const clock = useClock(serverJob.id);
  const entries = useJobEntries(serverJob.id);
  const job = withLocalPunches(serverJob, entries);
  const [waitPay, setWaitPay] = useState('0');
  const [waitPayError, setWaitPayError] = useState<string | null>(null);
  const waitPayId = useId();
  const waitPayInput = useRef<HTMLInputElement>(null);
  const [finalPrice, setFinalPrice] = useState('');
  const [finalPriceError, setFinalPriceError] = useState<string | null>(null);
  // Until the pricing has been read once, the clock-out's own limit.
  const maxWaitPayCents = useQuery(waitPayLimitQuery).data ?? WAIT_PAY_LIMIT_CENTS;
  const next = nextPunch(job);
  const offersPrice = next === 'out' && offersPriceAtClockOut(job);
  const punches = entries.filter(isPunch);
  // This phone's clock may be wrong, so the hint never stops the tap: the server decides.
  const earlyHint =
    next === 'in'
      ? earlyClockInHint(chicagoInstant(job.scheduledDate, job.scheduledTime), new Date())
      : null;

  const readWaitPay = (): { waitPay: number } | { error: string } => {
    // A number field holding something unreadable reports '' — that is not "no wait pay".
    const parsed = waitPayInput.current?.validity.badInput
      ? null
      : clockOutSchema.shape.waitPay.safeParse(waitPay || '0');
    if (!parsed?.success) {
      return { error: parsed?.error.issues[0]?.message ?? 'Enter wait pay in dollars, like 12.50' };
    }
    // Payouts cap wait pay at the owner's maximum; say so now rather than pay less later.
    if (Math.round(parsed.data * 100) > maxWaitPayCents) {
      return { error: `Wait pay is at most ${formatShortDollars(maxWaitPayCents)}` };
    }
    return { waitPay: parsed.data };
  };

  const onClock = () => {
    if (!next) return;
    let action: Parameters<typeof clock.mutate>[0] = { kind: 'in' };
    if (next === 'out') {
      const wait = readWaitPay();
      // Both fields say what is wrong with them at once; nothing is recorded until both are right.
      const price = offersPrice ? readFinalPrice(finalPrice) : null;
      setWaitPayError('error' in wait ? wait.error : null);
      setFinalPriceError(price && !price.ok ? price.message : null);
      if ('error' in wait || (price && !price.ok)) return;
      action = { kind: 'out', waitPay: wait.waitPay, finalPrice: price?.finalPrice };
    }
    clock.mutate(action, {
      onSuccess: () => toast({ title: next === 'in' ? 'Clocked In' : 'Clocked Out' }),
      onError: () => {
        const failure = failures[surface][next];
        toast({ title: failure.title, description: failure.fallback, variant: 'destructive' });
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
            ref={waitPayInput}
            type="number"
            inputMode="decimal"
            min={0}
            max={maxWaitPayCents / 100}
            step="0.01"
            value={waitPay}
            onChange={(e) => setWaitPay(e.target.value)}
            aria-invalid={waitPayError ? true : undefined}
            aria-describedby={`${waitPayId}-hint`}
            className="h-11 rounded-md border border-slate-300 px-3"
          />
          <p
            id={`${waitPayId}-hint`}
            role={waitPayError ? 'alert' : undefined}
            className={`text-xs ${waitPayError ? 'text-red-700' : 'text-slate-600'}`}
          >
            {waitPayError ??
              `Time you waited for the client, up to ${formatShortDollars(maxWaitPayCents)}.`}
          </p>
        </div>
      )}
      {offersPrice && (
        <ClockOutPriceField
          job={job}
          value={finalPrice}
          onChange={setFinalPrice}
          error={finalPriceError}
        />
      )}
      {earlyHint && (
        <p role="status" className="text-sm text-slate-600">
          {earlyHint}
        </p>
      )}
      {next && (
        <Button disabled={clock.isPending} onClick={onClock}>
          {buttonText[next][clock.isPending ? 'busy' : 'idle']}
        </Button>
      )}
      {punches.map((entry) => (
        <Fragment key={entry.id}>
          <PunchNote entry={entry} />
          <ClockOutPriceNote entry={entry} />
        </Fragment>
      ))}
    </div>
  );
}

const buttonText = {
  in: { idle: 'Clock In', busy: 'Clocking In...' },
  out: { idle: 'Clock Out', busy: 'Clocking Out...' },
};

/** Location warns, it never blocks: what the phone and then the server made of one punch. */
function PunchNote({ entry }: { entry: PunchEntry }) {
  const what = entry.kind === 'clock_in' ? 'Clock-in' : 'Clock-out';
  if (entry.status === 'rejected') {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
        {what} not applied: {entry.rejection?.message}
      </p>
    );
  }
  if (entry.status === 'locating') {
    return (
      <p role="status" className="text-sm text-slate-600">
        {what} recorded; finding your location…
      </p>
    );
  }
  if (entry.status === 'pending' && entry.serverErrors) {
    const { status, message } = entry.serverErrors;
    return (
      <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
        {what} saved on this phone; the server answered {status} “{message}”, retrying.
      </p>
    );
  }
  if (entry.locationProblem) {
    return (
      <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
        {entry.locationProblem}. Recorded as not verified.
      </p>
    );
  }
  if (entry.status === 'pending') {
    return (
      <p role="status" className="text-sm text-slate-600">
        {what} saved on this phone; it syncs when you are online.
      </p>
    );
  }
  return entry.geofence?.verified ? (
    <p role="status" className="text-sm text-green-800">
      Location verified at the job.
    </p>
  ) : (
    <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      Recorded as not verified
      {entry.geofence?.reason ? ` (${entry.geofence.reason.toLowerCase()})` : ''}.
    </p>
  );
}
