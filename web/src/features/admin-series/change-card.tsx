import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSeriesChange,
  type AdminSeriesChangeForm,
  adminSeriesChangeFormSchema,
} from '@twinclean/shared/admin-series';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure } from '../../components/action-notes';
import { DetailCard } from '../../components/detail-card';
import { Field, TextAreaField } from '../../components/ui/field';
import { previewSeriesChange, useSeriesWrite } from './api';
import '@twinclean/shared/zod-english';

type Form = AdminSeriesChangeForm;

const toChange = (form: Form): AdminSeriesChange =>
  form.action === 'pause'
    ? { action: 'pause', until: form.until }
    : form.action === 'cancel'
      ? { action: 'cancel', reason: form.reason }
      : { action: 'resume' };

/**
 * Pause, resume or cancel on the client's behalf: "Review" asks the server what the change
 * will do, and that consequence is shown before the confirm button (DECISIONS.md "Recurring
 * visits"). The client is e-mailed the same words.
 */
export function ChangeCard(props: { id: string; paused: boolean }) {
  const write = useSeriesWrite(props.id, 'changes');
  const [review, setReview] = useState<{ change: AdminSeriesChange; consequence: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const form = useForm<Form>({
    resolver: zodResolver(adminSeriesChangeFormSchema),
    defaultValues: { action: props.paused ? 'resume' : 'pause', until: '', reason: '' },
  });
  const action = form.watch('action');
  const actions = [
    { value: 'pause', label: 'Pause until a date' },
    ...(props.paused ? [{ value: 'resume', label: 'Resume now' }] : []),
    { value: 'cancel', label: 'Cancel the series' },
  ];

  const ask = form.handleSubmit(async (values) => {
    setFailure(null);
    setAsking(true);
    const change = toChange(values);
    try {
      setReview({ change, consequence: await previewSeriesChange(props.id, change) });
    } catch (error) {
      setFailure(serverMessage(error, 'The change could not be reviewed.'));
    } finally {
      setAsking(false);
    }
  });

  const confirm = () => {
    if (!review) return;
    write.mutate(review.change, {
      onSuccess: () => {
        toast({ title: 'Series changed', description: 'The client was e-mailed a summary.' });
        setReview(null);
        form.reset({ action: 'pause', until: '', reason: '' });
      },
      onError: (error) => {
        setFailure(serverMessage(error, 'The change failed.'));
        setReview(null);
      },
    });
  };

  return (
    <DetailCard title="Pause or cancel">
      <form onSubmit={ask} noValidate aria-label="Change the series" className="grid gap-3">
        <Select label="Change" options={actions} {...form.register('action')} />
        {action === 'pause' && (
          <Field
            label="Pause until"
            type="date"
            error={form.formState.errors.until?.message}
            {...form.register('until')}
          />
        )}
        {action === 'cancel' && (
          <TextAreaField
            label="Reason for canceling"
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
        )}
        <Failure message={failure} />
        <div>
          <Button type="submit" disabled={asking || write.isPending}>
            {asking ? 'Checking...' : 'Review change'}
          </Button>
        </div>
      </form>
      <Dialog
        open={review !== null}
        onOpenChange={(open) => {
          if (!open && !write.isPending) setReview(null);
        }}
        title="Confirm this change?"
        description={review?.consequence}
        role="alertdialog"
      >
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setReview(null)} disabled={write.isPending}>
            Back
          </Button>
          <Button onClick={confirm} disabled={write.isPending}>
            {write.isPending ? 'Processing...' : 'Confirm change'}
          </Button>
        </div>
      </Dialog>
    </DetailCard>
  );
}
