import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminPaymentRecord, refundInputSchema } from '@twinclean/shared/admin-payments';
import { ApiError, serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Field, TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useRefund } from './api';
import '@twinclean/shared/zod-english';

const formSchema = z.pick(refundInputSchema, { amount: true, reason: true });
type RefundForm = z.infer<typeof formSchema>;

/**
 * The owner's refund of one payment, in full or in part, with a reason (DECISIONS.md
 * "Payments"). The form's hook lives outside the dialog's content, so what was typed survives a
 * failed request and a close. One request id per attempt: a retry after a lost answer reuses it
 * (the server then refunds once); any answer from the server starts a new one.
 */
export function RefundDialog(props: {
  payment: AdminPaymentRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { payment, open, onOpenChange } = props;
  const refund = useRefund(payment.id);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [full, setFull] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RefundForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: payment.refundable, reason: '' },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const amount = full ? payment.refundable : values.amount;
    refund.mutate(
      { ...values, amount, requestId },
      {
        onSuccess: (answer) => {
          toast({
            title: 'Refund Issued',
            description: `${formatWireDollars(answer.payment.refunded)} of ${formatWireDollars(answer.payment.amount)} refunded to ${payment.client.name || 'the client'}.`,
          });
          setRequestId(crypto.randomUUID());
          form.reset({ amount: answer.payment.refundable, reason: '' });
          onOpenChange(false);
        },
        onError: (error) => {
          // A refusal (4xx) did nothing, so the next try is a new request. After a 5xx or a
          // lost answer the order may stand (a 503 says it is queued): trying again with the
          // same id can never refund twice.
          if (error instanceof ApiError && error.status < 500) setRequestId(crypto.randomUUID());
          const message = serverMessage(error, 'Failed to issue the refund');
          toast({ title: 'Refund Failed', description: message, variant: 'destructive' });
          showServerIssues(error, form);
          setFailure(message);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!refund.isPending) onOpenChange(next);
      }}
      title="Refund payment"
      description={`${payment.client.name || payment.client.email}: ${formatWireDollars(payment.amount)} paid, ${formatWireDollars(payment.refundable)} left to refund.`}
    >
      <form onSubmit={submit} noValidate aria-label="Refund payment" className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">How much</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="extent"
              checked={full}
              onChange={() => {
                setFull(true);
                form.setValue('amount', payment.refundable);
                form.clearErrors('amount');
              }}
            />
            Full refund ({formatWireDollars(payment.refundable)})
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="extent" checked={!full} onChange={() => setFull(false)} />
            Partial refund
          </label>
        </fieldset>
        {!full && (
          <Field
            label="Amount (dollars)"
            inputMode="decimal"
            autoComplete="off"
            hint={`At most ${formatWireDollars(payment.refundable)}`}
            error={form.formState.errors.amount?.message}
            {...form.register('amount')}
          />
        )}
        <TextAreaField
          label="Reason"
          required
          maxLength={500}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={refund.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding...' : 'Refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
