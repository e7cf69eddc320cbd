import { useQuery } from '@tanstack/react-query';
import type { VisitHomeNotes } from '@twinclean/shared/homes';
import { ENTRY_NOTES_LEAD_HOURS } from '@twinclean/shared/homes';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { useEffect } from 'react';
import { isNotFound } from '../../lib/api-reads';
import { keepUntil, keptNotesToShow, mayKeepAnswer } from '../../lib/entry-notes-rule';
import { useOnline } from '../../lib/online';
import { useProviderId } from '../../lib/provider-id';
import { forgetNotes, keepNotes } from '../outbox/kept-notes';
import { useJobEntries, useKeptNotes } from '../outbox/use-outbox';
import { homeNotesQuery } from './home-notes-queries';

const BEFORE_WINDOW = `Entry notes appear ${ENTRY_NOTES_LEAD_HOURS} hours before the visit.`;

/**
 * The home's notes on the visit's page: pets and parking, and the entry notes while the server
 * shows them (its assigned provider, from 24 h before the visit until it is done). What it shows
 * is kept on the phone for the visit, so it still shows offline; a clock-out here ends it.
 */
export function HomeNotesPanel({ job }: { job: ProviderJob }) {
  const providerId = useProviderId();
  const online = useOnline();
  const home = useQuery(homeNotesQuery(job.id));
  const clockedOut = useJobEntries(job.id).some(
    (entry) => entry.kind === 'clock_out' && entry.status !== 'rejected',
  );
  const kept = useKeptNotes(job.id);
  const answer = home.data;
  const gone = isNotFound(home.error);

  // The visit's facts one by one: the page builds a new job object on every render.
  const { id, status, scheduledDate, scheduledTime, providerClockOutTime } = job;
  useEffect(() => {
    const visit = { id, status, scheduledDate, scheduledTime, providerClockOutTime };
    if (gone) {
      void forgetNotes(id);
    } else if (answer) {
      if (mayKeepAnswer(visit, answer, clockedOut, new Date())) {
        const row = { bookingId: id, providerId, notes: answer };
        void keepNotes({ ...row, keptUntil: keepUntil(visit).toISOString() });
      } else {
        void forgetNotes(id);
      }
    }
  }, [
    answer,
    gone,
    clockedOut,
    id,
    status,
    scheduledDate,
    scheduledTime,
    providerClockOutTime,
    providerId,
  ]);

  const notes = answer ?? keptNotesToShow(kept, providerId, clockedOut, new Date());
  if (!notes && home.isError && !gone && online) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-slate-700">
        <p>The home's notes could not be loaded.</p>
        <Button variant="secondary" onClick={() => void home.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!notes) {
    return (
      <p className="text-sm text-slate-600">
        {gone
          ? 'This home has no notes for you.'
          : online
            ? "Loading the home's notes…"
            : "You're offline. The home's notes show here once you are back online."}
      </p>
    );
  }
  return <HomeNotes notes={notes} done={clockedOut || job.status === 'completed'} />;
}

function HomeNotes({ notes, done }: { notes: VisitHomeNotes; done: boolean }) {
  return (
    <div className="grid gap-3 text-sm text-slate-700">
      <p>
        <span className="font-medium">Pets:</span>{' '}
        {notes.hasPets ? notes.petDetails || 'Yes' : 'No pets'}
      </p>
      <p>
        <span className="font-medium">Parking:</span> {notes.parkingNotes || 'No parking notes.'}
      </p>
      <section aria-labelledby="entry-notes-heading">
        <h3 id="entry-notes-heading" className="font-medium">
          Entry notes
        </h3>
        <p className="whitespace-pre-line">{entryNotesText(notes, done)}</p>
      </section>
    </div>
  );
}

function entryNotesText(notes: VisitHomeNotes, done: boolean): string {
  if (notes.entryNotes !== null && !done) return notes.entryNotes;
  if (done) return 'Entry notes are hidden once the visit is done.';
  if (notes.entryNotesFrom === null) return 'No entry notes for this home.';
  if (new Date(notes.entryNotesFrom) > new Date()) return BEFORE_WINDOW;
  return 'Entry notes are not available for this visit.';
}
