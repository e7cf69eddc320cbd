import { createFileRoute, Link, useRouterState } from '@tanstack/react-router';
import { FREQUENCY_LABELS, seriesFrequencySchema } from '@twinclean/shared/series';
import { CheckCircle2 } from 'lucide-react';
import * as z from 'zod/mini';
import { usePageMeta } from '../../components/page-meta';
import { PrepaidFacts } from '../../features/booking/prepaid-facts';

export const Route = createFileRoute('/booking/confirmation')({
  validateSearch: z.object({
    id: z.catch(z.optional(z.string()), undefined),
    /** Set when the booking started a series (only a signed-in client's can). */
    frequency: z.catch(z.optional(seriesFrequencySchema), undefined),
  }),
  component: Confirmation,
});

function Confirmation() {
  usePageMeta('Booking Confirmed | TwinClean', 'Your TwinClean booking request was received.');
  const { id, frequency } = Route.useSearch();
  if (frequency) return <SeriesConfirmation id={id} label={FREQUENCY_LABELS[frequency]} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <CheckCircle2 className="mx-auto size-14 text-brand-700" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Booking received!</h1>
      <p className="mt-3 text-slate-700">
        We're assigning a vetted cleaner now and will e-mail you as soon as one accepts, with the
        payment details.
      </p>
      <Reference id={id} />
      <p className="mt-6 text-sm text-slate-600">
        Sign in to follow your booking, pay and reschedule.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <a
          href="/api/login"
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Sign In
        </a>
        <Link to="/" className="rounded-md border px-5 py-2.5 font-medium hover:bg-slate-50">
          Return to Home
        </Link>
      </div>
    </section>
  );
}

function Reference({ id }: { id: string | undefined }) {
  // What credit, a gift card and a referral did, as the wizard was told (a shared link has none).
  const prepaid = useRouterState({ select: (state) => state.location.state.prepaid });
  if (!id) return null;
  return (
    <>
      <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-sm">
        Booking reference: <strong className="font-mono">{id}</strong>
      </p>
      <div className="mt-4 text-left">
        <PrepaidFacts answer={prepaid} />
      </div>
    </>
  );
}

/** A series' first visit is booked; the next ones appear in the client's portal as they come. */
function SeriesConfirmation({ id, label }: { id: string | undefined; label: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <CheckCircle2 className="mx-auto size-14 text-brand-700" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">
        Your recurring cleaning is set: {label.toLowerCase()}
      </h1>
      <p className="mt-3 text-slate-700">
        The cleaner who takes your first visit becomes your regular cleaner. Each visit is charged
        to your saved card 12 hours before; we e-mail you when a cleaner is assigned.
      </p>
      <Reference id={id} />
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to="/client"
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          See your next visits
        </Link>
      </div>
    </section>
  );
}
