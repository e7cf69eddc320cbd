import {
  type AvailabilityInput,
  type AvailabilitySlot,
  availabilitySlotSchema,
  overlaps,
} from '@twinclean/shared/availability';
import type { Knex } from 'knex';
import { lockKey } from '../../db/locks';
import { AppError, notFound } from '../../errors';
import { AvailabilitySlot as SlotModel } from '../../models/availability-slot';

const toSlot = (row: SlotModel): AvailabilitySlot =>
  availabilitySlotSchema.parse({
    id: row.id,
    dayOfWeek: row.dayOfWeek,
    startTime: row.startTime,
    endTime: row.endTime,
    isActive: row.isActive,
  });

export async function listSlots(providerId: string): Promise<AvailabilitySlot[]> {
  return (await SlotModel.query().where({ providerId }).orderBy(['dayOfWeek', 'startTime'])).map(
    toSlot,
  );
}

/** Adds or changes a slot; refuses one that overlaps another active slot that day. */
export async function saveSlot(
  db: Knex,
  providerId: string,
  input: AvailabilityInput,
  slotId?: string,
): Promise<AvailabilitySlot> {
  return db.transaction(async (trx) => {
    // One writer per provider at a time, so two overlapping slots can't both pass the check.
    await lockKey(trx, `availability:${providerId}`);
    if (slotId && !(await SlotModel.query(trx).findOne({ id: slotId, providerId }))) {
      throw notFound('Availability slot');
    }
    const sameDay = await SlotModel.query(trx).where({
      providerId,
      dayOfWeek: input.dayOfWeek,
      isActive: true,
    });
    const clash = sameDay.find((slot) => slot.id !== slotId && overlaps(slot, input));
    if (clash) {
      throw new AppError(
        409,
        'slot_overlap',
        `This slot overlaps your ${clash.startTime}–${clash.endTime} slot on the same day.`,
      );
    }
    const row = slotId
      ? await SlotModel.query(trx).patchAndFetchById(slotId, input)
      : await SlotModel.query(trx)
          .insert({ providerId, ...input })
          .returning('*');
    return toSlot(row);
  });
}

export async function deleteSlot(providerId: string, slotId: string): Promise<void> {
  const deleted = await SlotModel.query().delete().where({ id: slotId, providerId });
  if (!deleted) throw notFound('Availability slot');
}
