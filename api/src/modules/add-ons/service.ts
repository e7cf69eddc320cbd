import { type AddOn, addOnListSchema } from '@twinclean/shared/add-ons';
import { centsToDollars } from '@twinclean/shared/money';
import { AddOn as AddOnModel } from '../../models/add-on';

export async function listAddOns(): Promise<AddOn[]> {
  const rows = await AddOnModel.query()
    .select('id', 'name', 'description', 'priceCents', 'timeMinutes')
    .modify('listed');
  return addOnListSchema.parse(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      price: centsToDollars(row.priceCents),
      timeMinutes: row.timeMinutes,
    })),
  );
}
