import { zodResolver } from '@hookform/resolvers/zod';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import {
  type VisitUpdateSettings,
  type VisitUpdateSettingsInput,
  visitUpdateSettingsSchema,
} from '@twinclean/shared/visit-updates';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { PaymentFailure } from '../../components/card-entry/payment-failure';
import { Field } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { showServerIssues } from '../../lib/server-issues';
import { useSaveVisitUpdateSettings } from './api';
import { settingsValues, stopNote } from './settings-values';
import '@twinclean/shared/zod-english';

type Output = z.output<typeof visitUpdateSettingsSchema>;

/** The "Visit updates" form: the mobile number and the two channels; nothing typed is lost. */
export function VisitUpdatesForm({ saved }: { saved: VisitUpdateSettings }) {
  const save = useSaveVisitUpdateSettings();
  const form = useForm<VisitUpdateSettingsInput, unknown, Output>({
    resolver: zodResolver(visitUpdateSettingsSchema),
    values: settingsValues(saved),
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    save.mutate(input, {
      onSuccess: () => toast({ title: 'Settings saved' }),
      onError: (error) => {
        const message = serverMessage(error, 'Failed to save your settings');
        toast({ title: 'Settings not saved', description: message, variant: 'destructive' });
        // A refused number is said under the field; anything else beside the button.
        if (showServerIssues(error, form).length === 0) setFailure(message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Visit updates" className="grid gap-5">
      <Field
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        placeholder="(612) 555-0199"
        hint="For text messages. US numbers only."
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      {saved.textsStopped && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {stopNote(saved)}
        </p>
      )}
      <Controller
        control={form.control}
        name="byText"
        render={({ field }) => (
          <Switch
            label="Text messages"
            description="When your cleaner is on the way, arrives and is done."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="byEmail"
        render={({ field }) => (
          <Switch
            label="E-mail"
            description="The same updates by e-mail. The visit report always comes by e-mail."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <PaymentFailure message={failure} />
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
