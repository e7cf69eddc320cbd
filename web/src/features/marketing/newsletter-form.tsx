import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { newsletterSchema } from '@twinclean/shared/leads';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import '@twinclean/shared/zod-english';

export function NewsletterForm() {
  const form = useForm<
    z.input<typeof newsletterSchema>,
    unknown,
    z.output<typeof newsletterSchema>
  >({ resolver: zodResolver(newsletterSchema), defaultValues: { email: '' } });
  const subscribe = useMutation({
    mutationFn: (input: z.input<typeof newsletterSchema>) =>
      apiRequest('POST', '/api/newsletter/subscribe', input),
  });
  const submit = form.handleSubmit((values) =>
    subscribe.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Successfully subscribed!',
          description: "You'll receive our weekly cleaning tips and updates.",
        });
        form.reset();
      },
      onError: () =>
        toast({
          title: 'Subscription failed',
          description: 'Please try again or contact support',
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      {/* Top-aligned, the button offset by the label's height: an error below the input must
          not pull the button down with it. */}
      <LiveFieldset className="flex w-full flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            label="Email address"
            type="email"
            required
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <Button type="submit" disabled={subscribe.isPending} className="sm:mt-[1.625rem]">
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
