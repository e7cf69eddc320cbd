import type { GivenRating } from '@twinclean/shared/ratings';
import { formatInstant } from '@twinclean/shared/schedule';
import { Stars } from '../../components/stars';

/** The rating the client gave: stars, their comment, when. */
export function GivenRatingView({ rating }: { rating: GivenRating }) {
  return (
    <div className="grid gap-2 text-sm">
      <Stars stars={rating.stars} />
      {rating.comment && (
        <blockquote className="whitespace-pre-line break-words border-l-4 border-slate-200 pl-3 text-slate-800">
          {rating.comment}
        </blockquote>
      )}
      <p className="text-slate-600">Rated {formatInstant(rating.createdAt)}. Thank you!</p>
    </div>
  );
}
