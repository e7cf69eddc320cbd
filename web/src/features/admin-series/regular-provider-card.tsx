import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  type AdminRegularProviderForm,
  type AdminSeriesDetails,
  adminRegularProviderFormSchema,
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
import { seriesProviderChoicesQueryOptions, useSeriesWrite } from './api';
import '@twinclean/shared/zod-english';

/**
 * The regular provider, and giving the series to another (their future visits follow where
 * their week covers them, the rest go to the board) or to nobody (all to the board).
 */
export function RegularProviderCard({ details }: { details: AdminSeriesDetails }) {
  const choices = useQuery(seriesProviderChoicesQueryOptions());
  const write = useSeriesWrite(details.series.id, 'regular-provider');
  const [failure, setFailure] = useState<string | null>(null);
  // The choice waiting for its confirmation (undefined: none; null: to nobody).
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const form = useForm<AdminRegularProviderForm>({
    resolver: zodResolver(adminRegularProviderFormSchema),
    defaultValues: { providerId: '' },
  });
  const current = details.series.regularProvider;
  const options = [
    { value: '', label: choices.isPending ? 'Loading providers…' : 'Choose a provider' },
    ...(choices.data?.providers ?? [])
      .filter((p) => p.id !== current?.id)
      .map((p) => ({ value: p.id, label: `${p.name} (${p.email})` })),
  ];
  const nameOf = (id: string) =>
    choices.data?.providers.find((p) => p.id === id)?.name ?? 'The new provider';
  const consequence =
    pending === undefined
      ? ''
      : pending === null
        ? 'The series will have no regular provider: its visits not yet started go to the job board. The client and the provider are e-mailed.'
        : `${nameOf(pending)} becomes the regular provider: the visits not yet started go to them where their week covers them, the rest to the job board. The client and the providers are e-mailed.`;
  const send = (providerId: string | null) => {
    setFailure(null);
    write.mutate(
      { providerId },
      {
        onSettled: () => setPending(undefined),
        onSuccess: (answer) => {
          toast({
            title: 'Regular provider changed',
            description: answer.series.regularProvider?.name ?? 'Visits are on the job board.',
          });
          form.reset({ providerId: '' });
        },
        onError: (error) => setFailure(serverMessage(error, 'The provider could not be changed.')),
      },
    );
  };
  const error = form.formState.errors.providerId?.message;
  return (
    <DetailCard title="Regular provider">
      <p className="text-sm text-slate-700">
        {current ? current.name : 'None yet: the next provider who takes a visit becomes it.'}
      </p>
      {!details.series.canceledAt && (
        <form
          noValidate
          aria-label="Change the regular provider"
          className="mt-4 grid gap-3"
          onSubmit={form.handleSubmit(({ providerId }) => setPending(providerId))}
        >
          <Select
            label={current ? 'Give the series to' : 'Regular provider'}
            options={options}
            disabled={write.isPending}
            aria-invalid={error ? true : undefined}
            {...form.register('providerId')}
          />
          {error && (
            <p role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
          {choices.isError && (
            <p role="alert" className="text-xs text-red-700">
              The provider list could not be loaded.
            </p>
          )}
          <Failure message={failure} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={write.isPending}>
              {write.isPending ? 'Processing...' : 'Change provider'}
            </Button>
            {current && (
              <Button
                variant="secondary"
                disabled={write.isPending}
                onClick={() => setPending(null)}
              >
                Clear (visits to the board)
              </Button>
            )}
          </div>
        </form>
      )}
      <Dialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open && !write.isPending) setPending(undefined);
        }}
        title="Change the regular provider?"
        description={consequence}
        role="alertdialog"
      >
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setPending(undefined)}
            disabled={write.isPending}
          >
            Back
          </Button>
          <Button onClick={() => pending !== undefined && send(pending)} disabled={write.isPending}>
            {write.isPending ? 'Processing...' : 'Confirm change'}
          </Button>
        </div>
      </Dialog>
    </DetailCard>
  );
}
