import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { NEEDS_CONNECTION, useOnline } from '../../lib/online';
import { type JobAlertsState, useJobAlerts } from './job-alerts';

const SAYS: Record<Exclude<JobAlertsState, 'checking' | 'unsupported'>, string> = {
  off: 'Get a notification on this phone when a new job fits your availability.',
  on: "On for this phone. You'll get a notification when a new job fits your availability.",
  blocked:
    "Notifications are blocked for TwinClean. Allow them in your phone's settings to get job alerts.",
  install:
    'To get job alerts on an iPhone, add TwinClean to your Home Screen (Share, then Add to Home Screen) and open it from there.',
};

/** The tap that turns job alerts on or off for this phone (nothing where push cannot work). */
export function JobAlertsCard({ noSlots }: { noSlots: boolean }) {
  const alerts = useJobAlerts();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  if (alerts.state === 'checking' || alerts.state === 'unsupported') return null;
  const on = alerts.state === 'on';
  const change = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await (on ? alerts.off() : alerts.on());
    } catch (error) {
      toast({
        title: on ? "Couldn't turn off job alerts" : "Couldn't turn on job alerts",
        description: serverMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const canChange = alerts.state === 'on' || alerts.state === 'off';
  return (
    <section
      aria-labelledby="job-alerts-title"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-white p-3"
    >
      {on ? (
        <Bell className="size-5 shrink-0 text-brand-700" aria-hidden />
      ) : (
        <BellOff className="size-5 shrink-0 text-slate-500" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <h2 id="job-alerts-title" className="text-sm font-semibold">
          Job alerts
        </h2>
        <p className="text-sm text-slate-600" role="status">
          {SAYS[alerts.state]}
        </p>
        {canChange && noSlots && (
          <p className="mt-1 text-sm text-amber-900">
            Alerts follow your availability: set some to get them.
          </p>
        )}
        {canChange && !online && (
          <p id="job-alerts-offline" className="mt-1 text-sm text-amber-900">
            {NEEDS_CONNECTION.alerts}
          </p>
        )}
      </div>
      {canChange && (
        <Button
          variant={on ? 'secondary' : 'primary'}
          // Busy keeps focus on the button (a disabled one drops it); offline it cannot work.
          aria-disabled={busy || undefined}
          disabled={!online}
          aria-describedby={online ? undefined : 'job-alerts-offline'}
          onClick={() => void change()}
        >
          {on
            ? busy
              ? 'Turning off...'
              : 'Turn off job alerts'
            : busy
              ? 'Turning on...'
              : 'Turn on job alerts'}
        </Button>
      )}
    </section>
  );
}
