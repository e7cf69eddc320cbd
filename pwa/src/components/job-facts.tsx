import { formatWireDollars } from '@twinclean/shared/money';
import { jobTitle, type OpenJob } from '@twinclean/shared/provider-jobs';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { Calendar, Clock, DollarSign, Leaf, MapPin } from 'lucide-react';
import { JobTasks } from './job-tasks';
import { SeriesLine } from './series-line';

export const dollars = formatWireDollars;

/** "9:00 AM (3.5 hours)": job hours to one decimal (spec 2 §9). */
export const jobTime = (job: Pick<OpenJob, 'scheduledTime' | 'totalHours'>) =>
  job.totalHours === null
    ? formatSlot(job.scheduledTime)
    : `${formatSlot(job.scheduledTime)} (${job.totalHours.toFixed(1)} hours)`;

/** How the pay badge is reached: hours at the rate, or a share of a fixed price (maybe an estimate). */
const payBasis = (job: Pick<OpenJob, 'serviceType' | 'hourlyRate' | 'priceIsFinal'>) =>
  job.serviceType === 'house'
    ? `${dollars(job.hourlyRate)}/hour`
    : job.priceIsFinal === false
      ? 'Fixed price: pay from the estimate until the price is confirmed'
      : 'Fixed price';

/**
 * The heading, pay badge and facts every job card shows (spec 2 §2 "Provider job board"), and
 * for the special services what the job asks for.
 */
export function JobFacts({
  job,
  headingLevel = 2,
}: {
  job: OpenJob;
  /** null when the page's own heading already names the job. */
  headingLevel?: 2 | 3 | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div>
          {headingLevel && <Heading className="text-lg font-semibold">{jobTitle(job)}</Heading>}
          <p className="text-sm text-slate-600">
            {job.city}, {job.state}
          </p>
          <SeriesLine series={job.series} />
        </div>
        {job.totalAmount !== null && (
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            {dollars(job.totalAmount)}
          </span>
        )}
      </div>
      <ul className="mt-3 grid gap-1.5 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden />
          {job.address}
        </li>
        <li className="flex items-center gap-2">
          <Calendar className="size-4 shrink-0 text-slate-500" aria-hidden />
          {formatDate(job.scheduledDate)}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden />
          {jobTime(job)}
        </li>
        <li className="flex items-center gap-2">
          <DollarSign className="size-4 shrink-0 text-slate-500" aria-hidden />
          {payBasis(job)}
        </li>
      </ul>
      <JobTasks job={job} />
      {job.greenCleaning && (
        <span className="mt-3 inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
          <Leaf className="size-3.5" aria-hidden />
          Green Cleaning
        </span>
      )}
      {job.clientNotes && (
        <p className="mt-3 rounded-md bg-slate-50 p-2 text-sm text-slate-700">
          <span className="font-medium">
            {job.serviceType === 'dry_cleaning' ? 'Special instructions:' : 'Notes:'}
          </span>{' '}
          {job.clientNotes}
        </p>
      )}
    </>
  );
}
