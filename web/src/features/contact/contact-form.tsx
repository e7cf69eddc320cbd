import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { postJson, serverMessage } from '@twinclean/shared/http';
import {
  CONTACT_TOPICS,
  type ContactMessageInput,
  type ContactTopic,
  contactMessageSchema,
  leadAnswerSchema,
} from '@twinclean/shared/leads';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field, TextAreaField } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { showServerIssues } from '../../lib/server-issues';
import '@twinclean/shared/zod-english';

const empty: ContactMessageInput = {
  name: '',
  email: '',
  phone: '',
  topic: '' as ContactTopic,
  message: '',
  website: '',
};

const TOPICS = [
  { value: '', label: 'Choose a topic' },
  ...Object.entries(CONTACT_TOPICS).map(([value, label]) => ({ value, label })),
];

/**
 * The contact form on /help. What was typed stays on a failure (a toast and a note say why) and
 * clears on success. `website` is a honeypot: off-screen, unlabelled for people, never focused.
 */
export function ContactForm() {
  const form = useForm<ContactMessageInput, unknown, z.output<typeof contactMessageSchema>>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: async (input: ContactMessageInput) =>
      leadAnswerSchema.parse(await postJson('/api/contact', input)),
  });
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    setSent(null);
    submit.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Message Sent', description: answer.message });
        setSent(answer.message);
        form.reset();
      },
      onError: (error) => {
        showServerIssues(error, form);
        const message = serverMessage(error, 'Your message could not be sent.');
        setFailure(message);
        toast({ title: 'Message Not Sent', description: message, variant: 'destructive' });
      },
    });
  });
  return (
    <form
      id="contact-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact us"
      className="grid scroll-mt-24 gap-4 rounded-xl border bg-white p-5 sm:p-6"
    >
      <LiveFieldset className="grid w-full gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            autoComplete="name"
            required
            maxLength={100}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <div>
            <Select label="Topic" options={TOPICS} required {...form.register('topic')} />
            {errors.topic && (
              <p role="alert" className="mt-1.5 text-xs text-red-700">
                {errors.topic.message}
              </p>
            )}
          </div>
        </div>
        <TextAreaField
          label="Message"
          required
          rows={5}
          maxLength={5000}
          hint="10 to 5,000 characters."
          error={errors.message?.message}
          {...form.register('message')}
        />
        {/* The honeypot: people never see or reach it; bots that fill every field do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </label>
        </div>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        {sent && (
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
            {sent}
          </p>
        )}
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Send Message'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
