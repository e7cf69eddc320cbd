import type { AddOn } from '@twinclean/shared/add-ons';
import { centsToDollars } from '@twinclean/shared/money';
import { offeredAddOns } from '../../models/add-on';

/**
 * The add-ons the booking wizard offers. Plain rows (read and sent, never saved, so no model
 * instances), each answer built field by field from typed columns: an AddOn by construction,
 * not parsed again on a public page's every load (the web app parses what it receives).
 */
export async function listAddOns(): Promise<AddOn[]> {
  const rows = await offeredAddOns();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    timeMinutes: row.timeMinutes,
  }));
}
