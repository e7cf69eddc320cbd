import { useQuery } from '@tanstack/react-query';
import type { AvailabilitySlot } from '@twinclean/shared/availability';
import { Button } from '@twinclean/shared/ui/button';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { OfflineNote, useOnline } from '../../lib/online';
import { availabilityQuery } from './availability-queries';
import { DeleteSlotDialog } from './delete-slot-dialog';
import { SlotDialog } from './slot-dialog';
import { slotRange, WEEKDAYS } from './slot-text';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; slot: AvailabilitySlot } | null;

/** My Availability: the weekly slots, by day, each to edit or delete, and a new one to add. */
export function AvailabilityPage() {
  const slots = useQuery(availabilityQuery);
  const [open, setOpen] = useState<Open>(null);
  const online = useOnline();
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  return (
    <section>
      <PageTitle
        title="My Availability"
        subtitle="Set your weekly schedule. Jobs will only be shown during your available hours."
      />
      <OfflineNote action="availability" />
      <Button
        className="mb-4 inline-flex items-center gap-2"
        disabled={!online}
        onClick={() => setOpen({ kind: 'add' })}
      >
        <Plus className="size-4" aria-hidden />
        Add Time Slot
      </Button>
      <QueryView query={slots} loading="Loading your availability…">
        {(all) => (
          <ul className="grid gap-3">
            {WEEKDAYS.map((day, dayOfWeek) => {
              const daySlots = all
                .filter((s) => s.isActive && s.dayOfWeek === dayOfWeek)
                .sort((a, b) => a.startTime.localeCompare(b.startTime));
              return (
                <li key={day} className="rounded-lg border p-4">
                  <div className="flex items-center justify-between">
                    <h2 className="font-semibold">{day}</h2>
                    <span className="text-sm text-slate-600">
                      {daySlots.length === 0
                        ? 'Not available'
                        : `${daySlots.length} time slot${daySlots.length === 1 ? '' : 's'}`}
                    </span>
                  </div>
                  {daySlots.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-500">No availability set</p>
                  ) : (
                    <ul className="mt-2 grid gap-2">
                      {daySlots.map((slot) => (
                        <li
                          key={slot.id}
                          className="flex items-center justify-between rounded-md bg-brand-50 px-3 py-2"
                        >
                          <span className="text-sm font-medium">{slotRange(slot)}</span>
                          <span className="flex gap-1">
                            <button
                              type="button"
                              aria-label={`Edit ${day} ${slotRange(slot)}`}
                              className="grid size-11 place-items-center rounded text-slate-600 hover:bg-white"
                              disabled={!online}
                              onClick={() => setOpen({ kind: 'edit', slot })}
                            >
                              <Pencil className="size-4" aria-hidden />
                            </button>
                            <button
                              type="button"
                              aria-label={`Delete ${day} ${slotRange(slot)}`}
                              className="grid size-11 place-items-center rounded text-red-700 hover:bg-white"
                              disabled={!online}
                              onClick={() => setOpen({ kind: 'delete', slot })}
                            >
                              <Trash2 className="size-4" aria-hidden />
                            </button>
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
      {open?.kind === 'add' && <SlotDialog onOpenChange={close} />}
      {open?.kind === 'edit' && (
        <SlotDialog key={open.slot.id} editing={open.slot} onOpenChange={close} />
      )}
      {open?.kind === 'delete' && (
        <DeleteSlotDialog
          slot={open.slot}
          label={`${WEEKDAYS[open.slot.dayOfWeek]}, ${slotRange(open.slot)}`}
          onOpenChange={close}
        />
      )}
    </section>
  );
}
