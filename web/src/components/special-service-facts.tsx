import type { JobDetails } from '@twinclean/shared/provider-jobs';
import type { FactRow } from './detail-card';

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a carpet, laundry or dry-cleaning booking is for, said the same way to its client and to
 * an admin; null for house cleaning, whose facts each page tells its own way.
 */
export function specialServiceRows(details: JobDetails | null): FactRow[] | null {
  if (details?.kind === 'carpet') {
    return [
      ['Bedrooms', details.bedrooms],
      ['Living rooms', details.livingRooms],
      ['Stairs', details.stairs],
    ];
  }
  if (details?.kind === 'laundry') return [['Loads', counted(details.numberOfLoads, 'load')]];
  if (details?.kind === 'dry_cleaning') {
    return [
      [
        'Items',
        <ul key="items" className="grid gap-0.5">
          {details.items.map((item) => (
            <li key={item.id}>
              {item.name} × {item.quantity}
            </li>
          ))}
        </ul>,
      ],
    ];
  }
  return null;
}
