import * as z from 'zod/mini';

/** Every 30 minutes from 00:00 to 23:30 (spec 2 §5). */
export const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

const gridTime = z
  .string()
  .check(z.refine((t) => HALF_HOURS.includes(t), 'Choose a time on the half hour, 00:00 to 23:30'));

/** POST and PUT /api/provider/availability. */
export const availabilityInputSchema = z
  .object({
    dayOfWeek: z.number().check(z.int(), z.gte(0, 'Choose a day'), z.lte(6, 'Choose a day')),
    startTime: gridTime,
    endTime: gridTime,
  })
  .check(
    z.refine((slot) => slot.startTime < slot.endTime, {
      message: 'End time must be after start time',
      path: ['endTime'],
    }),
  );
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

export const availabilitySlotSchema = z.object({
  id: z.string().check(z.uuid()),
  dayOfWeek: z.number().check(z.int(), z.gte(0), z.lte(6)),
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** Whether [aStart, aEnd) and [bStart, bEnd) share any time ("HH:MM" compares in order). */
export const overlaps = (
  a: { startTime: string; endTime: string },
  b: { startTime: string; endTime: string },
) => a.startTime < b.endTime && b.startTime < a.endTime;
