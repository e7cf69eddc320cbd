import { useMutation } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '@twinclean/shared/http';
import { type ProviderApplicationInput, providerApplicationSchema } from '@twinclean/shared/leads';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';

const empty: ProviderApplicationInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  experience: '',
  availability: '',
  whyJoin: '',
};

function TextArea(props: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <textarea
        id={id}
        required
        rows={3}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="rounded-md border border-slate-300 p-3"
      />
    </div>
  );
}

/** The careers form: values are kept on failure and cleared on success (spec 1 §4). */
export function ApplicationForm() {
  const [form, setForm] = useState(empty);
  const set = (key: keyof ProviderApplicationInput) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const submit = useMutation({
    mutationFn: async (input: ProviderApplicationInput) =>
      apiRequest('POST', '/api/provider-applications', providerApplicationSchema.parse(input)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(form, {
      onSuccess: () => {
        toast({
          title: 'Application Submitted!',
          description: "We'll review your application and contact you within 2-3 business days.",
        });
        setForm(empty);
      },
      onError: (error) =>
        toast({
          title: 'Submission Failed',
          description:
            serverMessage(error, 'Failed to submit application') ||
            'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });
  };
  return (
    <form
      id="application-form"
      onSubmit={onSubmit}
      aria-label="Application"
      className="grid scroll-mt-24 gap-4 rounded-xl border p-6"
    >
      <LiveFieldset className="grid w-full gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            required
            value={form.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <Field
            label="Last name"
            required
            value={form.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
          <Field
            label="Email"
            type="email"
            required
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <Field
            label="Phone"
            type="tel"
            required
            value={form.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        </div>
        <TextArea
          label="Cleaning experience"
          value={form.experience}
          onChange={set('experience')}
        />
        <TextArea label="Availability" value={form.availability} onChange={set('availability')} />
        <TextArea
          label="Why do you want to join TwinClean?"
          value={form.whyJoin}
          onChange={set('whyJoin')}
        />
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting' : 'Submit Application'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
