import type { VisitReport } from '@twinclean/shared/visit-report';
import { photoPairs } from './report-format';

type Photo = VisitReport['photos']['before'][number];

function PhotoCell({ photo, label, n }: { photo: Photo | null; label: string; n: number }) {
  if (!photo) {
    return (
      <div className="grid aspect-[4/3] place-items-center rounded-md border border-dashed text-sm text-slate-500">
        No {label.toLowerCase()} photo
      </div>
    );
  }
  return (
    <a href={photo.url} target="_blank" rel="noreferrer" className="block">
      <img
        src={photo.url}
        alt={`${label} ${n}`}
        width={photo.width ?? undefined}
        height={photo.height ?? undefined}
        loading="lazy"
        className="aspect-[4/3] w-full rounded-md border object-cover"
      />
    </a>
  );
}

/** Before and after, side by side in rows (two columns even on a phone: the point is comparing). */
export function ReportPhotos({ photos }: { photos: VisitReport['photos'] }) {
  const pairs = photoPairs(photos.before, photos.after);
  if (pairs.length === 0)
    return <p className="text-sm text-slate-600">No before or after photos were taken.</p>;
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 text-sm font-semibold" aria-hidden>
        <span>Before</span>
        <span>After</span>
      </div>
      <ul className="grid gap-3">
        {pairs.map((pair, i) => (
          <li
            // A photo is in one pair only, so its id (either side's) names the pair.
            key={`${pair.before?.id ?? ''}|${pair.after?.id ?? ''}`}
            aria-label={`Photo pair ${i + 1}`}
            className="grid grid-cols-2 gap-3"
          >
            <PhotoCell photo={pair.before} label="Before" n={i + 1} />
            <PhotoCell photo={pair.after} label="After" n={i + 1} />
          </li>
        ))}
      </ul>
    </div>
  );
}
