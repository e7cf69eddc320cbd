import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      apiRequest('POST', '/api/newsletter/subscribe', { email: address }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate(email, {
      onSuccess: () => {
        toast({
          title: 'Successfully subscribed!',
          description: "You'll receive our weekly cleaning tips and updates.",
        });
        setEmail('');
      },
      onError: () =>
        toast({
          title: 'Subscription failed',
          description: 'Please try again or contact support',
          variant: 'destructive',
        }),
    });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Newsletter"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <LiveFieldset className="flex w-full flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Field
            label="Email address"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
