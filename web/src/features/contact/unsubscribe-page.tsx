import { useMutation } from '@tanstack/react-query';
import { CONTACT } from '@twinclean/shared/contact';
import { postJson, serverMessage } from '@twinclean/shared/http';
import { leadAnswerSchema } from '@twinclean/shared/leads';
import { Button } from '@twinclean/shared/ui/button';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Loading } from '../../components/query-states';

/**
 * /newsletter/unsubscribe?token=…: the link in every newsletter. Following it is the one click;
 * the page sends the token at once (the API does it once, however often) and says so.
 */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  const unsubscribe = useMutation({
    mutationFn: async (value: string) =>
      leadAnswerSchema.parse(await postJson('/api/newsletter/unsubscribe', { token: value })),
  });
  const started = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    // Once per page, even where React runs effects twice in development.
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token || unsubscribe.isError) {
    const problem = token
      ? serverMessage(unsubscribe.error, 'We could not unsubscribe you just now.')
      : 'This unsubscribe link is missing its token. Use the whole link from the e-mail.';
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5">
        <h1 className="text-2xl font-bold">Not unsubscribed</h1>
        <p className="mt-2 text-red-800">{problem}</p>
        <p className="mt-2 text-slate-700">
          Or write to{' '}
          <a className="text-brand-700 underline" href={`mailto:${CONTACT.email}`}>
            {CONTACT.email}
          </a>{' '}
          and we will take you off the list.
        </p>
        {token && (
          <Button
            variant="secondary"
            className="mt-4"
            disabled={unsubscribe.isPending}
            onClick={() => mutate(token)}
          >
            Try again
          </Button>
        )}
      </div>
    );
  }
  if (!unsubscribe.isSuccess) return <Loading label="Unsubscribing..." />;
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-5">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <CheckCircle2 className="size-6 text-green-700" aria-hidden />
        {unsubscribe.data.message}
      </h1>
      <p className="mt-2 text-slate-700">
        You will get no more newsletters from TwinClean. E-mails about your bookings still come.
      </p>
      <a href="/" className="mt-4 inline-block font-medium text-brand-700 underline">
        Back to the home page
      </a>
    </div>
  );
}
