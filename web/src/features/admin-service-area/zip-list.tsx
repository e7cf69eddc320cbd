import { X } from 'lucide-react';

/**
 * The served ZIPs as chips, with their places when known; with `onRemove`, each has a remove
 * button named for its ZIP.
 */
export function ZipList(props: {
  zips: readonly { zip: string; place: string | null }[];
  onRemove?: (zip: string) => void;
  disabled?: boolean;
}) {
  return (
    <ul aria-label="Served ZIP codes" className="flex flex-wrap gap-2">
      {props.zips.map(({ zip, place }) => (
        <li
          key={zip}
          className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm"
        >
          <span className="font-semibold">{zip}</span>
          {place && <span className="text-slate-600">{place}</span>}
          {props.onRemove ? (
            <button
              type="button"
              aria-label={`Remove ${zip}`}
              disabled={props.disabled}
              onClick={() => props.onRemove?.(zip)}
              className="ml-1 grid size-8 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : (
            <span className="pr-2" />
          )}
        </li>
      ))}
    </ul>
  );
}
