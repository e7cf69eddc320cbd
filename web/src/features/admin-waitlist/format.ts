import type { WaitlistGroup } from '@twinclean/shared/service-area';
import { type ServiceType, serviceTitle } from '@twinclean/shared/services';

// How /admin/waitlist writes its groups.

export const SERVICE_TYPES: readonly ServiceType[] = ['house', 'carpet', 'laundry', 'dry_cleaning'];

export const SERVICE_CHOICES = SERVICE_TYPES.map((value) => ({
  value,
  label: serviceTitle(value),
}));

/** "House Cleaning 2, Carpet Cleaning 1": the services asked for, none that nobody wants. */
export const servicesText = (byService: WaitlistGroup['byService']) =>
  SERVICE_TYPES.filter((s) => (byService[s] ?? 0) > 0)
    .map((s) => `${serviceTitle(s)} ${byService[s]}`)
    .join(', ');

/** "Duluth, MN 55802", or the bare ZIP when the ZIP table does not know it. */
export const zipLabel = (g: Pick<WaitlistGroup, 'zip' | 'place'>) =>
  g.place ? `${g.zip} (${g.place})` : g.zip;

/** E-mail waitlist: a ZIP we serve with someone still waiting in it. */
export const canNotify = (g: Pick<WaitlistGroup, 'served' | 'waiting'>) =>
  g.served && g.waiting > 0;

/** What the ZIP filter's box holds, made a filter only once it is a whole ZIP (or emptied). */
export function zipFilterOf(typed: string): { zip: string | undefined } | null {
  const text = typed.trim();
  if (text === '') return { zip: undefined };
  return /^\d{5}$/.test(text) ? { zip: text } : null;
}
