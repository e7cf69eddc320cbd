import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE_LABELS, type AdminAccount } from '@twinclean/shared/admin-accounts';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { useState } from 'react';
import { ListFrame } from '../../components/admin-list/list-frame';
import { RoleDialog, StateDialog } from './account-dialogs';
import { adminAccountsQueryOptions } from './api';
import { InviteDialog } from './invite-dialog';

type Open = { kind: 'role' | 'state'; account: AdminAccount } | null;

/** /admin/admins (admin_owner): the admin accounts, invitations, roles and deactivation. */
export function AdminsPage(props: {
  page: number | undefined;
  onPage: (page: number) => void;
  /** The signed-in owner: their own row offers no deactivation. */
  selfId: string;
}) {
  const list = useQuery({
    ...adminAccountsQueryOptions({ page: props.page }),
    placeholderData: keepPreviousData,
  });
  const [inviting, setInviting] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Admin Accounts</h1>
        <Button onClick={() => setInviting(true)}>Invite admin</Button>
      </div>
      <ListFrame
        query={list}
        loading="Loading admin accounts..."
        failed={serverMessage(list.error, 'The admin accounts could not be loaded.')}
        empty="No admin accounts yet"
        onPage={props.onPage}
      >
        {(items) => (
          <ul className="divide-y rounded-lg border bg-white" aria-label="Admin accounts">
            {items.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                self={account.id === props.selfId}
                onOpen={(kind) => setOpen({ kind, account })}
              />
            ))}
          </ul>
        )}
      </ListFrame>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {open?.kind === 'role' && <RoleDialog account={open.account} onClose={() => setOpen(null)} />}
      {open?.kind === 'state' && (
        <StateDialog account={open.account} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function AccountRow(props: {
  account: AdminAccount;
  self: boolean;
  onOpen: (kind: 'role' | 'state') => void;
}) {
  const { account, self } = props;
  const name = `${account.firstName} ${account.lastName}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold">
          {name}
          {self && <span className="font-normal text-slate-500"> (you)</span>}
        </p>
        <p className="break-all text-sm text-slate-600">{account.email}</p>
        <p className="text-xs text-slate-500">
          {account.deactivatedAt
            ? `Deactivated ${formatInstant(account.deactivatedAt)}`
            : account.hasPassword
              ? `Since ${formatInstant(account.createdAt)}`
              : `Invited ${formatInstant(account.createdAt)}; no password set yet`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={account.role === 'admin_owner' ? 'brand' : 'neutral'}>
          {ADMIN_ROLE_LABELS[account.role]}
        </Badge>
        {account.deactivatedAt && <Badge tone="danger">Deactivated</Badge>}
        <Button
          variant="secondary"
          className="h-9 px-3 text-sm"
          aria-label={`Change role: ${name}`}
          onClick={() => props.onOpen('role')}
        >
          Change role
        </Button>
        {!self && (
          <Button
            variant="secondary"
            className="h-9 px-3 text-sm"
            aria-label={`${account.deactivatedAt ? 'Reactivate' : 'Deactivate'}: ${name}`}
            onClick={() => props.onOpen('state')}
          >
            {account.deactivatedAt ? 'Reactivate' : 'Deactivate'}
          </Button>
        )}
      </div>
    </li>
  );
}
