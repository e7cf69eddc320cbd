import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '@twinclean/shared/http';
import { type ProviderApplicationInput, providerApplicationSchema } from '@twinclean/shared/leads';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field, TextAreaField } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { showServerIssues } from '../../lib/server-issues';
import '@twinclean/shared/zod-english';

const empty: ProviderApplicationInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  experience: '',
  availability: '',
  whyJoin: '',
};

/** The careers form: values are kept on failure and cleared on success (spec 1 §4). */
export function ApplicationForm() {
  const form = useForm<
    ProviderApplicationInput,
    unknown,
    z.output<typeof providerApplicationSchema>
  >({ resolver: zodResolver(providerApplicationSchema), defaultValues: empty });
  const { errors } = form.formState;
  const field = (name: keyof ProviderApplicationInput) => ({
    required: true,
    error: errors[name]?.message,
    ...form.register(name),
  });
  const submit = useMutation({
    mutationFn: (input: ProviderApplicationInput) =>
      apiRequest('POST', '/api/provider-applications', input),
  });
  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Application Submitted!',
          description: "We'll review your application and contact you within 2-3 business days.",
        });
        form.reset();
      },
      onError: (error) => {
        showServerIssues(error, form);
        toast({
          title: 'Submission Failed',
          description:
            serverMessage(error, 'Failed to submit application') ||
            'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <form
      id="application-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Application"
      className="grid scroll-mt-24 gap-4 rounded-xl border p-6"
    >
      <LiveFieldset className="grid w-full gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
          <Field label="Email" type="email" autoComplete="email" {...field('email')} />
          <Field label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        </div>
        <TextAreaField label="Cleaning experience" {...field('experience')} />
        <TextAreaField label="Availability" {...field('availability')} />
        <TextAreaField label="Why do you want to join TwinClean?" {...field('whyJoin')} />
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting' : 'Submit Application'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
