import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ROLE_LABELS,
  type AdminInvite,
  adminInviteSchema,
} from '@twinclean/shared/admin-accounts';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useInviteAdmin } from './api';
import '@twinclean/shared/zod-english';

export const ROLE_OPTIONS = Object.entries(ADMIN_ROLE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const EMPTY: z.input<typeof adminInviteSchema> = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'admin_staff',
};

/** The owner invites an admin: the new admin sets a password from the e-mailed code. */
export function InviteDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteAdmin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof adminInviteSchema>, unknown, AdminInvite>({
    resolver: zodResolver(adminInviteSchema),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    invite.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Invitation sent', description: answer.message });
        form.reset(EMPTY);
        props.onOpenChange(false);
      },
      onError: (error) => {
        const message = serverMessage(error, 'The invitation could not be sent.');
        if (hasCode(error, 'email_taken')) form.setError('email', { type: 'server', message });
        else if (showServerIssues(error, form).length === 0) setFailure(message);
      },
    });
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => {
        if (!invite.isPending) props.onOpenChange(next);
      }}
      title="Invite an admin"
      description="We e-mail them a code to set their password. The code lasts 15 minutes; “Forgot password?” sends a new one."
    >
      <form onSubmit={submit} noValidate aria-label="Invite an admin" className="grid gap-4">
        <Field
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <Field
          label="Last name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Select label="Role" options={ROLE_OPTIONS} {...form.register('role')} />
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={invite.isPending}
            onClick={() => props.onOpenChange(false)}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
