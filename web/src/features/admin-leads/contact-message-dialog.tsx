import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  type ContactFormDetail,
  type ContactReplyInput,
  contactReplySchema,
  replySubject,
} from '@twinclean/shared/admin-leads';
import { serverMessage } from '@twinclean/shared/http';
import { CONTACT_TOPICS } from '@twinclean/shared/leads';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadFailed, Loading } from '../../components/query-states';
import { Field, TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { contactFormQueryOptions, useAnswerContact } from './api';
import { StatusBadge } from './status-badge';
import '@twinclean/shared/zod-english';

/** One message in a dialog: what they wrote, the replies so far, and the reply form. */
export function ContactMessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useQuery(contactFormQueryOptions(id));
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={message.data ? `Message from ${message.data.name}` : 'Message'}
    >
      {message.data ? (
        <MessageBody message={message.data} />
      ) : message.isError ? (
        <LoadFailed
          message={serverMessage(message.error, 'The message could not be loaded.')}
          retrying={message.isFetching}
          onRetry={() => void message.refetch()}
        />
      ) : (
        <Loading label="Loading the message..." />
      )}
    </Dialog>
  );
}

function MessageBody({ message }: { message: ContactFormDetail }) {
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">E-mail</dt>
        <dd className="break-all">
          <a className="text-brand-700 underline" href={`mailto:${message.email}`}>
            {message.email}
          </a>
        </dd>
        {message.phone && (
          <>
            <dt className="text-slate-500">Phone</dt>
            <dd>{message.phone}</dd>
          </>
        )}
        <dt className="text-slate-500">Topic</dt>
        <dd>{CONTACT_TOPICS[message.topic]}</dd>
        <dt className="text-slate-500">Sent</dt>
        <dd>{formatInstant(message.createdAt)}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>
          <StatusBadge status={message.status} />
          {message.answeredAt && (
            <span className="ml-2 text-slate-600">
              {formatInstant(message.answeredAt)}
              {message.answeredBy && ` by ${message.answeredBy}`}
            </span>
          )}
        </dd>
      </dl>
      <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3">
        {message.message}
      </p>
      {message.replies.length > 0 && (
        <section aria-label="Replies" className="grid gap-2">
          <h3 className="font-semibold">Replies</h3>
          {message.replies.map((r) => (
            <article key={r.id} className="rounded-md border p-3">
              <p className="font-medium">{r.subject}</p>
              <p className="text-xs text-slate-500">
                {formatInstant(r.createdAt)}
                {r.sentBy && ` by ${r.sentBy}`}
                {!r.delivered && ' · not delivered'}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words">{r.body}</p>
            </article>
          ))}
        </section>
      )}
      <ReplyForm message={message} />
    </div>
  );
}

function ReplyForm({ message }: { message: ContactFormDetail }) {
  const answer = useAnswerContact(message.id);
  const [failure, setFailure] = useState<string | null>(null);
  // Said inside the dialog too: while it is open, the toasts behind it are hidden from screen
  // readers.
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ContactReplyInput>({
    resolver: zodResolver(contactReplySchema),
    defaultValues: {
      subject: replySubject(`Your message about ${CONTACT_TOPICS[message.topic].toLowerCase()}`),
      body: '',
    },
  });
  const run = (reply: ContactReplyInput | null) => {
    setFailure(null);
    setDone(null);
    answer.mutate(reply, {
      onSuccess: (answered) => {
        toast({ title: answered.message });
        setDone(answered.message);
        if (reply) form.reset({ subject: reply.subject, body: '' });
      },
      onError: (error) => {
        const text = serverMessage(error, 'That did not work. Please try again.');
        showServerIssues(error, form);
        setFailure(text);
        toast({ title: 'Not Sent', description: text, variant: 'destructive' });
      },
    });
  };
  return (
    <form
      onSubmit={form.handleSubmit((values) => run(values))}
      noValidate
      aria-label="Reply by e-mail"
      className="grid gap-3 border-t pt-4"
    >
      <h3 className="font-semibold">Reply by e-mail</h3>
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
        rows={6}
        maxLength={10_000}
        hint={`Sent to ${message.email}; their answer comes to the support inbox.`}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {failure}
        </p>
      )}
      {done && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-800">
          {done}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {message.status === 'new' && (
          <Button variant="secondary" disabled={answer.isPending} onClick={() => run(null)}>
            Mark Answered
          </Button>
        )}
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
