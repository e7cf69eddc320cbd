import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type NewsletterSendInput, newsletterSendSchema } from '@twinclean/shared/admin-leads';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DetailCard } from '../../components/detail-card';
import { LoadFailed } from '../../components/query-states';
import { Field, TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { newslettersQueryOptions, useSendNewsletter } from './api';
import '@twinclean/shared/zod-english';

const people = (n: number) => `${n.toLocaleString('en-US')} subscriber${n === 1 ? '' : 's'}`;

/**
 * "Send a newsletter" and the sends so far. The form lives outside the dialog's content, so what
 * was typed survives a failed send and a close.
 */
export function NewsletterSend({ subscribed }: { subscribed: number | undefined }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendNewsletter();
  const history = useQuery(newslettersQueryOptions());
  const form = useForm<NewsletterSendInput>({
    resolver: zodResolver(newsletterSendSchema),
    defaultValues: { subject: '', body: '' },
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: answer.message });
        form.reset();
        setOpen(false);
      },
      onError: (error) => {
        const text = serverMessage(error, 'The newsletter could not be sent.');
        showServerIssues(error, form);
        setFailure(text);
        toast({ title: 'Not Sent', description: text, variant: 'destructive' });
      },
    });
  });
  return (
    <DetailCard title="Newsletters">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {subscribed === undefined
            ? 'Counting subscribers...'
            : `A newsletter goes to ${people(subscribed)}, each with their own unsubscribe link.`}
        </p>
        <Button onClick={() => setOpen(true)} disabled={subscribed === 0}>
          Send a Newsletter
        </Button>
      </div>
      {history.isError ? (
        <LoadFailed
          message="The newsletters sent could not be loaded."
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : (
        history.data &&
        history.data.items.length > 0 && (
          <ul aria-label="Newsletters sent" className="mt-4 divide-y text-sm">
            {history.data.items.slice(0, 10).map((n) => (
              <li key={n.id} className="py-2">
                <p className="font-medium">{n.subject}</p>
                <p className="text-slate-600">
                  {formatInstant(n.createdAt)}
                  {n.sentBy && ` by ${n.sentBy}`} · {n.delivered} of {people(n.recipients)}
                  {n.pending > 0 && ` · ${n.pending} sending`}
                  {n.failed > 0 && ` · ${n.failed} failed`}
                </p>
              </li>
            ))}
          </ul>
        )
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!send.isPending) setOpen(next);
        }}
        title="Send a newsletter"
        description={`It goes to ${people(subscribed ?? 0)} now, in the background.`}
      >
        <form onSubmit={submit} noValidate aria-label="Send a newsletter" className="grid gap-4">
          <Field
            label="Subject"
            required
            maxLength={200}
            error={form.formState.errors.subject?.message}
            {...form.register('subject')}
          />
          <TextAreaField
            label="Message"
            required
            rows={8}
            maxLength={20_000}
            hint="Plain text; a blank line starts a new paragraph."
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Newsletter'}
            </Button>
          </div>
        </form>
      </Dialog>
    </DetailCard>
  );
}
