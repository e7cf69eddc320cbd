import { serverMessage } from '@twinclean/shared/http';
import type { SeriesChange } from '@twinclean/shared/series';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type ReactNode, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { showServerIssues } from '../../lib/server-issues';
import { useChangeSeries, usePreviewSeriesChange } from './api';
import { ACTION_TEXT, sameChange } from './series-change';

type Previewed = { change: SeriesChange; consequence: string };

/**
 * One change's two steps: ask the server what it will do (the consequence, shown before the
 * confirm button), then do it. Editing a field after the preview asks for a new one. A refusal
 * is said in the dialog, and the fields keep what was entered.
 */
export function useChangeFlow<T extends SeriesChange>(
  seriesId: string,
  form: UseFormReturn<T, unknown, T>,
  onClose: () => void,
) {
  const preview = usePreviewSeriesChange(seriesId);
  const change = useChangeSeries(seriesId);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  // Said inside the dialog too: while it is open, the toasts behind it are hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const text = ACTION_TEXT[form.getValues().action as T['action']];

  useEffect(() => {
    const subscription = form.watch(() => setPreviewed(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const fail = (error: unknown, fallback: string) => {
    setFailure(serverMessage(error, fallback));
    showServerIssues(error, form);
  };

  const review = form.handleSubmit((values) => {
    setFailure(null);
    preview.mutate(values, {
      onSuccess: (consequence) => setPreviewed({ change: values, consequence }),
      onError: (error) => fail(error, "We couldn't check this change. Please try again."),
    });
  });

  const confirm = () => {
    if (!previewed || !sameChange(previewed.change, form.getValues())) return;
    setFailure(null);
    change.mutate(previewed.change, {
      onSuccess: () => {
        toast({ title: text.done, description: previewed.consequence });
        onClose();
      },
      onError: (error) => {
        // What the server refused may have changed what the change would do: ask again.
        setPreviewed(null);
        fail(error, `${text.confirm} failed. Please try again.`);
      },
    });
  };

  return {
    review,
    confirm,
    previewed,
    failure,
    text,
    previewing: preview.isPending,
    changing: change.isPending,
  };
}

type Flow = ReturnType<typeof useChangeFlow>;

/** The dialog around one change's fields: the consequence and the confirm button after them. */
export function ChangeDialog(props: {
  flow: Flow;
  onClose: () => void;
  /** No fields to fill (skip, resume): the consequence is asked for as the dialog opens. */
  reviewOnOpen?: boolean;
  children?: ReactNode;
}) {
  const { flow, onClose, reviewOnOpen = false } = props;
  const { text, previewed, failure, previewing, changing } = flow;
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (reviewOnOpen && !asked) {
      setAsked(true);
      void flow.review();
    }
  }, [reviewOnOpen, asked, flow]);
  const busy = previewing || changing;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !changing) onClose();
      }}
      title={text.title}
      description={text.description}
    >
      <form
        onSubmit={(event) => {
          if (!previewed) return void flow.review(event);
          event.preventDefault();
          flow.confirm();
        }}
        noValidate
        aria-label={text.title}
        className="grid gap-4"
      >
        {props.children}
        <div aria-live="polite" className="empty:hidden">
          {previewing && <p className="text-sm text-slate-600">Checking what this changes…</p>}
          {previewed && (
            <div className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm">
              <p className="font-semibold">What happens</p>
              <p className="mt-1">{previewed.consequence}</p>
            </div>
          )}
        </div>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={changing}>
            Keep As Is
          </Button>
          <Button type="submit" disabled={busy}>
            {changing ? text.pending : previewed ? text.confirm : 'Review Change'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
