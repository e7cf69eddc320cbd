import type { RatingState } from '@twinclean/shared/ratings';
import { formatInstant } from '@twinclean/shared/schedule';
import { toast } from '@twinclean/shared/ui/toast-store';
import { DetailCard } from '../../components/detail-card';
import { useRateVisit } from './api';
import { GivenRatingView } from './given-rating';
import { RatingForm } from './rating-form';

/**
 * The client's booking page: "Rate this visit" while the visit can be rated (completed, within
 * 14 days, not rated yet), the rating once given, and nothing before the visit is complete.
 */
export function VisitRatingCard({ bookingId, state }: { bookingId: string; state: RatingState }) {
  const rate = useRateVisit(bookingId);
  if (state.rating) {
    return (
      <DetailCard title="Your rating">
        <GivenRatingView rating={state.rating} />
      </DetailCard>
    );
  }
  if (!state.rateUntil) return null;
  return (
    <DetailCard title="Rate this visit">
      {state.canRate ? (
        <>
          <p className="mb-3 text-sm text-slate-600">
            How did we do? You can rate this visit until {formatInstant(state.rateUntil)}.
          </p>
          <RatingForm
            pending={rate.isPending}
            submit={(input) =>
              rate.mutateAsync(input).then(() => toast({ title: 'Thanks for your rating!' }))
            }
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">{state.reason}</p>
      )}
    </DetailCard>
  );
}
