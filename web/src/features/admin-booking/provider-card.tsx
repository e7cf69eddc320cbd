import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminBooking,
  type AssignProviderInput,
  assignProviderSchema,
} from '@twinclean/shared/admin-booking';
import { ApiError, serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure, Unavailable } from '../../components/action-notes';
import { DetailCard, Facts } from '../../components/detail-card';
import { adminBookingKeys, providerChoicesQueryOptions, useAssign, useUnassign } from './api';
import '@twinclean/shared/zod-english';

/** A refusal because the booking changed meanwhile: show the page as it now is. */
const staleConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * The provider, and giving the job to one (or another) from the provider list, or back to the
 * board. The assignment names the provider the admin saw, so a provider accepting from the
 * board at the same moment is never silently replaced.
 */
export function ProviderCard({ booking }: { booking: AdminBooking }) {
  const queryClient = useQueryClient();
  const choices = useQuery(providerChoicesQueryOptions());
  const assign = useAssign(booking.id);
  const unassign = useUnassign(booking.id);
  const [failure, setFailure] = useState<string | null>(null);
  const current = booking.provider;
  const form = useForm<AssignProviderInput>({
    resolver: zodResolver(assignProviderSchema),
    defaultValues: { providerId: '' },
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: adminBookingKeys.detail(booking.id) });

  const fail = (fallback: string) => (error: unknown) => {
    const message = serverMessage(error, fallback);
    toast({ title: 'Error', description: message, variant: 'destructive' });
    setFailure(message);
    if (staleConflict(error)) void refresh();
  };

  const submit = form.handleSubmit(({ providerId }) => {
    setFailure(null);
    assign.mutate(
      { providerId, replacing: current?.id ?? null },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, description: answer.booking.provider?.name });
          form.reset({ providerId: '' });
        },
        onError: fail('Failed to assign the provider'),
      },
    );
  });

  const options = [
    { value: '', label: choices.isPending ? 'Loading providers…' : 'Choose a provider' },
    ...(choices.data?.providers ?? [])
      .filter((p) => p.id !== current?.id)
      .map((p) => ({ value: p.id, label: `${p.name} (${p.email})` })),
  ];
  const pending = assign.isPending || unassign.isPending;
  const error = form.formState.errors.providerId?.message;

  return (
    <DetailCard title="Provider">
      {current ? (
        <Facts
          rows={[
            ['Name', current.name],
            [
              'E-mail',
              <a key="e" href={`mailto:${current.email}`} className="text-brand-700 underline">
                {current.email}
              </a>,
            ],
            current.phone !== null && ['Phone', current.phone],
            booking.assignedAt !== null && ['Assigned', formatInstant(booking.assignedAt)],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-600">Unassigned: the job is on the job board.</p>
      )}
      {booking.actions.assign.allowed ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={current ? 'Reassign provider' : 'Assign provider'}
          className="mt-4 grid gap-3"
        >
          <Select
            label={current ? 'Reassign to' : 'Assign to'}
            options={options}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            {...form.register('providerId')}
          />
          {error && (
            <p role="alert" className="text-xs text-red-700">
              Choose a provider from the list.
            </p>
          )}
          {choices.isError && (
            <p role="alert" className="text-xs text-red-700">
              The provider list could not be loaded.
            </p>
          )}
          <Failure message={failure} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {assign.isPending ? 'Processing...' : current ? 'Reassign' : 'Assign'}
            </Button>
            {booking.actions.unassign.allowed && (
              <Button
                variant="secondary"
                disabled={pending}
                onClick={() => {
                  setFailure(null);
                  unassign.mutate(undefined, {
                    onSuccess: (answer) => toast({ title: answer.message }),
                    onError: fail('Failed to unassign the provider'),
                  });
                }}
              >
                {unassign.isPending ? 'Processing...' : 'Unassign'}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <div className="mt-4">
          <Unavailable reason={booking.actions.assign.reason} />
        </div>
      )}
    </DetailCard>
  );
}
