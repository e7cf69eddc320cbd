import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ROLE_LABELS,
  type AdminAccount,
  type AdminRoleChange,
  adminRoleChangeSchema,
} from '@twinclean/shared/admin-accounts';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAccountState, useChangeRole } from './api';
import { ROLE_OPTIONS } from './invite-dialog';
import '@twinclean/shared/zod-english';

const nameOf = (account: AdminAccount) => `${account.firstName} ${account.lastName}`;

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Owner or staff; the last active owner stays one (the server says so if asked). */
export function RoleDialog(props: { account: AdminAccount; onClose: () => void }) {
  const { account } = props;
  const change = useChangeRole(account.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AdminRoleChange>({
    resolver: zodResolver(adminRoleChangeSchema),
    defaultValues: { role: account.role },
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Role changed', description: answer.message });
        props.onClose();
      },
      onError: (error) => setFailure(serverMessage(error, 'The role could not be changed.')),
    });
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !change.isPending) props.onClose();
      }}
      title={`Change ${nameOf(account)}'s role`}
      description="Owners also manage pricing, admin accounts and refunds, and read the audit log."
    >
      <form onSubmit={submit} noValidate aria-label="Change role" className="grid gap-4">
        <Select label="Role" options={ROLE_OPTIONS} {...form.register('role')} />
        <Failure message={failure} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={change.isPending} onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save role'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Deactivating ends the admin's sessions at once; reactivating lets them sign in again. */
export function StateDialog(props: { account: AdminAccount; onClose: () => void }) {
  const { account } = props;
  const state = useAccountState(account.id);
  const [failure, setFailure] = useState<string | null>(null);
  const change = account.deactivatedAt ? 'reactivate' : 'deactivate';
  const confirm = () => {
    setFailure(null);
    state.mutate(change, {
      onSuccess: () => {
        toast({
          title: change === 'deactivate' ? 'Account deactivated' : 'Account reactivated',
          description: `${nameOf(account)} (${ADMIN_ROLE_LABELS[account.role]})`,
        });
        props.onClose();
      },
      onError: (error) => setFailure(serverMessage(error, 'Please try again.')),
    });
  };
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open && !state.isPending) props.onClose();
      }}
      title={
        change === 'deactivate'
          ? `Deactivate ${nameOf(account)}?`
          : `Reactivate ${nameOf(account)}?`
      }
      description={
        change === 'deactivate'
          ? 'They are signed out everywhere at once and cannot sign in until reactivated.'
          : 'They can sign in again with their password.'
      }
    >
      <div className="grid gap-4">
        <Failure message={failure} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={state.isPending} onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={state.isPending} onClick={confirm}>
            {state.isPending ? 'Saving...' : change === 'deactivate' ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
