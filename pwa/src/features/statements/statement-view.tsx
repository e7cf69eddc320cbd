import { formatWireDollars as dollars } from '@twinclean/shared/money';
import type { Statement, StatementJob } from '@twinclean/shared/payout-transfers';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import {
  arrivesText,
  hoursText,
  jobPay,
  jobStatusLabel,
  serviceText,
  transferText,
} from './statement-text';

// A week's statement as the page shows it: what was earned (jobs and totals) and what was sent
// (the week's transfer and every line it pays, earlier weeks' late approvals included).

/** The week's sums: hours, pay (hours, wait pay, bonus), tips and the total. */
export function StatementTotals({ totals }: { totals: Statement['totals'] }) {
  return (
    <section aria-labelledby="statement-totals" className="rounded-lg border bg-white p-4">
      <h2 id="statement-totals" className="mb-2 text-lg font-semibold">
        Week totals
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Hours worked</dt>
        <dd>{hoursText(totals.hours)}</dd>
        <dt className="text-slate-600">Pay</dt>
        <dd>{dollars(totals.pay)}</dd>
        <dt className="text-slate-600">Tips</dt>
        <dd>{dollars(totals.tips)}</dd>
        <dt className="font-semibold">Total earned</dt>
        <dd className="font-semibold">{dollars(totals.total)}</dd>
      </dl>
    </section>
  );
}

/** The jobs clocked out that week, one row each; scrolls sideways on a narrow phone. */
export function StatementJobs({ jobs }: { jobs: StatementJob[] }) {
  if (jobs.length === 0) {
    return <p className="text-sm text-slate-600">No jobs were finished this week.</p>;
  }
  return (
    <section
      // Focusable, so a keyboard scrolls it sideways too (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
      tabIndex={0}
      aria-label="Jobs this week, scrolls sideways"
      className="overflow-x-auto rounded-lg border bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Jobs this week</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="p-2">
              Day
            </th>
            <th scope="col" className="p-2">
              Job
            </th>
            <th scope="col" className="p-2 text-right">
              Hours
            </th>
            <th scope="col" className="p-2 text-right">
              Pay
            </th>
            <th scope="col" className="p-2 text-right">
              Tip
            </th>
            <th scope="col" className="p-2 text-right">
              Total
            </th>
            <th scope="col" className="p-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.payoutId} className="border-t">
              <td className="p-2 whitespace-nowrap">{formatDate(job.date)}</td>
              <td className="p-2">
                {job.address}
                <span className="block text-xs text-slate-600">{serviceText(job.serviceType)}</span>
              </td>
              <td className="p-2 text-right">{job.hoursWorked.toFixed(2)}</td>
              <td className="p-2 text-right">{jobPay(job)}</td>
              <td className="p-2 text-right">{dollars(job.tip)}</td>
              <td className="p-2 text-right font-semibold">{dollars(job.total)}</td>
              <td className="p-2">{jobStatusLabel(job)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The week's transfer: its state, when it arrives, and the lines it pays. */
export function TransferBox({ transfer }: { transfer: Statement['transfer'] }) {
  return (
    <section aria-labelledby="statement-transfer" className="rounded-lg border bg-white p-4">
      <h2 id="statement-transfer" className="mb-2 text-lg font-semibold">
        Weekly transfer
      </h2>
      {transfer === null ? (
        <p className="text-sm text-slate-600">No weekly transfer was made for this week.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd className="font-semibold">{transferText({ ...transfer, arrivalDate: null })}</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd>{dollars(transfer.amount)}</dd>
            <dt className="text-slate-600">Of which tips</dt>
            <dd>{dollars(transfer.tips)}</dd>
            {transfer.sentAt && (
              <>
                <dt className="text-slate-600">Sent</dt>
                <dd>{formatInstant(transfer.sentAt)}</dd>
              </>
            )}
            {transfer.arrivalDate && (
              <>
                <dt className="text-slate-600">Arrival</dt>
                <dd>{arrivesText(transfer.arrivalDate)}</dd>
              </>
            )}
          </dl>
          <h3 className="mt-3 text-sm font-semibold">What it pays</h3>
          <ul className="mt-1 grid gap-1 text-sm">
            {transfer.lines.map((line) => (
              <li key={line.payoutId} className="flex justify-between gap-3 border-t pt-1">
                <span>
                  {formatDate(line.date)} · {line.address}
                </span>
                <span className="whitespace-nowrap">
                  {dollars(line.pay)}
                  {line.tip !== '0.00' && ` + ${dollars(line.tip)} tip`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
