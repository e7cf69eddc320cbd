import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deactivationAnswerSchema } from '@twinclean/shared/admin-accounts';
import { postJson, serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { DetailCard } from '../detail-card';

/** Active or Deactivated, for tables and titles. */
export function AccountBadge({ deactivatedAt }: { deactivatedAt: string | null }) {
  return deactivatedAt ? (
    <Badge tone="danger">Deactivated</Badge>
  ) : (
    <Badge tone="success">Active</Badge>
  );
}

/**
 * Deactivate or reactivate an account (POST /api/admin/users/{id}/deactivate | reactivate, the
 * accounts module's): a deactivated user cannot sign in and their sessions end at once, so the
 * dialog says so before the admin confirms. `refresh` are the query keys the change shows in.
 */
export function AccountStateCard(props: {
  userId: string;
  name: string;
  deactivatedAt: string | null;
  refresh: readonly (readonly unknown[])[];
  /** What deactivating leaves for the admin to do, said in the dialog before they confirm. */
  deactivateNote?: string;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const active = props.deactivatedAt === null;
  const action = active ? 'deactivate' : 'reactivate';
  const change = useMutation({
    networkMode: 'always',
    mutationFn: async () =>
      deactivationAnswerSchema.parse(
        await postJson(`/api/admin/users/${encodeURIComponent(props.userId)}/${action}`),
      ),
    onSuccess: () => {
      for (const queryKey of props.refresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const confirm = () => {
    setFailure(null);
    change.mutate(undefined, {
      onSuccess: () => {
        toast({ title: active ? 'Account deactivated' : 'Account reactivated' });
        setOpen(false);
      },
      onError: (error) => {
        const message = serverMessage(error, `Failed to ${action} the account`);
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setFailure(message);
      },
    });
  };
  return (
    <DetailCard title="Account" aside={<AccountBadge deactivatedAt={props.deactivatedAt} />}>
      <p className="text-sm text-slate-700">
        {active
          ? 'This account can sign in.'
          : `Deactivated ${formatInstant(props.deactivatedAt ?? '')}: it cannot sign in.`}
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!change.isPending) setOpen(next);
        }}
        title={active ? `Deactivate ${props.name}?` : `Reactivate ${props.name}?`}
        description={
          active
            ? 'They are signed out everywhere at once and cannot sign in until reactivated. Their bookings, payments and history stay.'
            : 'They can sign in again with their password or Google.'
        }
        role="alertdialog"
      >
        {active && props.deactivateNote && (
          <p className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {props.deactivateNote}
          </p>
        )}
        {failure && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={change.isPending}>
            Keep as is
          </Button>
          <Button onClick={confirm} disabled={change.isPending}>
            {change.isPending ? 'Processing...' : active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      </Dialog>
    </DetailCard>
  );
}
