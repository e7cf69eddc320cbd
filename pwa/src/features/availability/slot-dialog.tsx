import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AvailabilityInput,
  availabilityInputSchema,
  HALF_HOURS,
} from '@twinclean/shared/availability';
import { serverMessage } from '@twinclean/shared/http';
import { formatSlot } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useSaveSlot } from './availability-queries';
import { WEEKDAYS } from './slot-text';
import '@twinclean/shared/zod-english';

// Spec 2 §9: a new slot starts as Monday 09:00 to 17:00.
export const NEW_SLOT: AvailabilityInput = { dayOfWeek: 1, startTime: '09:00', endTime: '17:00' };

const dayOptions = WEEKDAYS.map((day, i) => ({ value: String(i), label: day }));
const timeOptions = HALF_HOURS.map((t) => ({ value: t, label: formatSlot(t) }));

type Problem = { title: string; description: string };

type SlotDialogProps = {
  /** The slot being edited, or none for a new one. */
  editing?: { id: string } & AvailabilityInput;
  onOpenChange: (open: boolean) => void;
};

/** Add Availability Slot / Edit Availability Slot: what was chosen stays if saving fails. */
export function SlotDialog({ editing, onOpenChange }: SlotDialogProps) {
  // The API's own schema checks the slot here first: the same rules, the same messages.
  const form = useForm<AvailabilityInput>({
    resolver: zodResolver(availabilityInputSchema),
    defaultValues: editing
      ? { dayOfWeek: editing.dayOfWeek, startTime: editing.startTime, endTime: editing.endTime }
      : NEW_SLOT,
  });
  // Also shown inside the dialog: a modal hides the toast region from screen readers.
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useSaveSlot();
  const verb = editing
    ? { idle: 'Update Slot', busy: 'Updating...' }
    : { idle: 'Add Slot', busy: 'Adding...' };

  const fail = (problem: Problem) => {
    setProblem(problem);
    toast({ ...problem, variant: 'destructive' });
  };

  const onValid = (slot: AvailabilityInput) => {
    setProblem(null);
    save.mutate(
      { id: editing?.id, slot },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: editing
              ? 'Availability slot updated successfully'
              : 'Availability slot added successfully',
          });
          onOpenChange(false);
        },
        onError: (error) =>
          fail({
            title: 'Error',
            description: serverMessage(
              error,
              editing ? 'Failed to update availability' : 'Failed to add availability',
            ),
          }),
      },
    );
  };
  // Spec 2 §8's title for a range that ends before it starts; the schema's message below it.
  const onInvalid = (errors: FieldErrors<AvailabilityInput>) => {
    const first = errors.endTime ?? errors.startTime ?? errors.dayOfWeek;
    fail({
      title: errors.endTime ? 'Invalid Time Range' : 'Error',
      description: first?.message ?? 'Check the slot and try again',
    });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Availability Slot' : 'Add Availability Slot'}
    >
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4" noValidate>
        <Select
          label="Day"
          options={dayOptions}
          {...form.register('dayOfWeek', { valueAsNumber: true })}
        />
        <Select label="Start time" options={timeOptions} {...form.register('startTime')} />
        <Select
          label="End time"
          options={timeOptions}
          aria-invalid={form.formState.errors.endTime ? true : undefined}
          {...form.register('endTime')}
        />
        {problem && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
            <p className="font-semibold text-red-800">{problem.title}</p>
            <p className="text-red-800">{problem.description}</p>
          </div>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? verb.busy : verb.idle}
        </Button>
      </form>
    </Dialog>
  );
}
