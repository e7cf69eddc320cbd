import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { postJson, serverMessage } from '@twinclean/shared/http';
import {
  WAITLIST_JOINED_MESSAGE,
  type WaitlistForm,
  waitlistFormSchema,
  waitlistJoinedSchema,
} from '@twinclean/shared/service-area';
import { type ServiceType, serviceTitle, serviceTypeSchema } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type FieldValues, type Path, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { showServerIssues } from '../../lib/server-issues';
import { digitsOnly, Field } from '../ui/field';
import { waitlistDefaults } from './waitlist-defaults';
import type { ServedZips } from './zip-check';

const SERVICES = serviceTypeSchema.options.map((value) => ({ value, label: serviceTitle(value) }));

/**
 * Under a ZIP we do not serve: the visitor leaves an e-mail to hear when we do (issue 34). A
 * block, not a form of its own: it sits inside the booking form, so Enter here joins the
 * waitlist instead of submitting the booking.
 */
export function WaitlistOffer(props: { zip: string; email: string; serviceType: ServiceType }) {
  const form = useForm<WaitlistForm, unknown, z.output<typeof waitlistFormSchema>>({
    resolver: zodResolver(waitlistFormSchema),
    defaultValues: waitlistDefaults(props),
  });
  const { errors } = form.formState;
  // The booking's e-mail, typed after the offer appeared, fills this one until it is edited.
  const bookingEmail = waitlistDefaults(props).email;
  useEffect(() => {
    if (bookingEmail && !form.getFieldState('email').isDirty) form.setValue('email', bookingEmail);
  }, [bookingEmail, form]);
  const [problem, setProblem] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: async (body: z.output<typeof waitlistFormSchema>) =>
      waitlistJoinedSchema.parse(await postJson('/api/waitlist', body)),
  });
  const submit = form.handleSubmit((values) => {
    setProblem(null);
    join.mutate(values, {
      onSuccess: ({ message }) =>
        toast({ title: message, description: `We'll e-mail ${values.email} when we do.` }),
      onError: (error) => {
        if (showServerIssues(error, form).length > 0) return;
        setProblem(serverMessage(error, 'The waitlist could not be joined. Please try again.'));
      },
    });
  });
  const enterJoins = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void submit();
  };
  const zip = form.register('zip');

  if (join.isSuccess) {
    const sent = join.variables;
    return (
      <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm">
        <p className="font-semibold text-brand-800">{WAITLIST_JOINED_MESSAGE}</p>
        <p className="mt-1 text-slate-700">
          We'll e-mail {sent.email} when we serve {sent.zip}.
        </p>
      </div>
    );
  }
  return (
    <fieldset
      onKeyDown={enterJoins}
      className="m-0 grid min-w-0 gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <legend className="float-left w-full p-0 font-semibold text-slate-900">
        Join the waitlist
      </legend>
      <p className="-mt-2 text-sm text-slate-700">
        Leave your e-mail and we'll tell you as soon as we serve your area.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Email for the waitlist"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="ZIP code for the waitlist"
          inputMode="numeric"
          required
          error={errors.zip?.message}
          {...zip}
          onChange={digitsOnly(5, zip.onChange)}
        />
        <Select label="Service" options={SERVICES} {...form.register('serviceType')} />
        <Button
          variant="secondary"
          className="sm:self-end"
          onClick={() => void submit()}
          disabled={join.isPending}
        >
          {join.isPending ? 'Joining...' : 'Join the waitlist'}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The offer under one of a booking form's ZIP fields, while its ZIP is not served. */
export function ZipWaitlist<T extends FieldValues, F extends Path<T>>(props: {
  area: ServedZips<T, F>;
  field: F;
  email: string;
  serviceType: ServiceType;
}) {
  const { area, field } = props;
  if (area.verdict(field) !== 'not_served') return null;
  const zip = area.zipOf(field);
  // A new ZIP is a new offer: nothing joined for the last one shows under this one.
  return <WaitlistOffer key={zip} zip={zip} email={props.email} serviceType={props.serviceType} />;
}
