import { Star } from 'lucide-react';

/** A given rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ stars, className = 'size-5' }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`${stars} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`${className} ${n <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
