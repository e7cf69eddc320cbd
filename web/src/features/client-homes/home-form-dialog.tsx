import { zodResolver } from '@hookform/resolvers/zod';
import { type Home, type HomeInput, homeInputSchema } from '@twinclean/shared/homes';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { digitsOnly, Field, TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useSaveHome } from './api';
import '@twinclean/shared/zod-english';

export const ENTRY_NOTES_HINT =
  'Only the cleaner assigned to a visit sees these, from 24 hours before it.';

const EMPTY: HomeInput = {
  label: '',
  address: '',
  city: '',
  state: 'MN',
  zipCode: '',
  rooms: null,
  hasPets: false,
  petDetails: '',
  parkingNotes: '',
  entryNotes: '',
};

/** The form's values for a saved home; its rooms (from the wizard) go back unchanged. */
const valuesOf = (home: Home): HomeInput => ({
  label: home.label,
  address: home.address,
  city: home.city,
  state: 'MN',
  zipCode: home.zipCode,
  rooms: home.rooms,
  hasPets: home.hasPets,
  petDetails: home.petDetails,
  parkingNotes: home.parkingNotes,
  entryNotes: home.entryNotes,
});

/** Adds a home (`home` null) or edits one; nothing typed is lost when saving fails. */
export function HomeFormDialog(props: {
  home: Home | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { home, open, onOpenChange } = props;
  const save = useSaveHome();
  const form = useForm<HomeInput, unknown, z.output<typeof homeInputSchema>>({
    resolver: zodResolver(homeInputSchema),
    values: home ? valuesOf(home) : EMPTY,
  });
  const { errors } = form.formState;
  const hasPets = form.watch('hasPets');
  // Said inside the dialog too: the toasts behind it are hidden from screen readers meanwhile.
  const [failure, setFailure] = useState<string | null>(null);
  const zip = form.register('zipCode');

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    save.mutate(
      { id: home?.id ?? null, input },
      {
        onSuccess: () => {
          toast({ title: home ? 'Home Updated' : 'Home Saved', description: input.address });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          const message = serverMessage(error, 'Failed to save the home');
          toast({ title: 'Home Not Saved', description: message, variant: 'destructive' });
          showServerIssues(error, form);
          setFailure(message);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        setFailure(null);
        onOpenChange(next);
      }}
      title={home ? 'Edit home' : 'Add a home'}
      description="Saved homes are offered when you book, with their notes filled in."
    >
      <form onSubmit={submit} noValidate aria-label="Home" className="grid gap-4">
        <Field
          label="Name (optional)"
          placeholder="Home, Cabin, Mom's place"
          error={errors.label?.message}
          {...form.register('label')}
        />
        <Field
          label="Address"
          autoComplete="street-address"
          required
          error={errors.address?.message}
          {...form.register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_5rem_7rem]">
          <Field
            label="City"
            autoComplete="address-level2"
            required
            error={errors.city?.message}
            {...form.register('city')}
          />
          <Field label="State" readOnly {...form.register('state')} />
          <Field
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            error={errors.zipCode?.message}
            {...zip}
            onChange={digitsOnly(5, zip.onChange)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4" {...form.register('hasPets')} />
          Pets in the home
        </label>
        {hasPets && (
          <TextAreaField
            label="About your pets"
            error={errors.petDetails?.message}
            {...form.register('petDetails')}
          />
        )}
        <TextAreaField
          label="Parking notes"
          hint="Where the cleaner can park."
          error={errors.parkingNotes?.message}
          {...form.register('parkingNotes')}
        />
        <TextAreaField
          label="Entry notes"
          hint={ENTRY_NOTES_HINT}
          placeholder="Lockbox or door code, alarm, where the key is"
          error={errors.entryNotes?.message}
          {...form.register('entryNotes')}
        />
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Home'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
