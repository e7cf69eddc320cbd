import { useQuery } from '@tanstack/react-query';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationDetail,
} from '@twinclean/shared/admin-applications';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { Facts } from '../../components/detail-card';
import { LoadFailed, Loading } from '../../components/query-states';
import { applicationQueryOptions, type Decision, useDecision } from './api';
import { DuplicateBadge, duplicateText, ROLE_NAMES, StatusBadge } from './labels';

/** One application: everything the applicant wrote, who else it matches, and the decision. */
export function ApplicationDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const application = useQuery(applicationQueryOptions(id));
  const data = application.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? `${data.firstName} ${data.lastName}` : 'Application'}
      description={data ? `Applied ${formatInstant(data.createdAt)}` : undefined}
    >
      {data ? (
        <Details application={data} onDecided={onClose} />
      ) : application.isError ? (
        <LoadFailed
          message={serverMessage(application.error, 'The application could not be loaded.')}
          retrying={application.isFetching}
          onRetry={() => void application.refetch()}
        />
      ) : (
        <Loading label="Loading the application..." />
      )}
    </Dialog>
  );
}

function Text({ title, children }: { title: string; children: string }) {
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{children}</p>
    </section>
  );
}

function Details(props: { application: ApplicationDetail; onDecided: () => void }) {
  const { application } = props;
  const { matches } = application;
  // Held here, not in the buttons: a decision removes them, and the toast must still come.
  const decide = useDecision(application.id);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <StatusBadge status={application.status} />
        <DuplicateBadge duplicate={application.duplicate} />
      </div>
      <Facts
        rows={[
          [
            'E-mail',
            <a key="email" href={`mailto:${application.email}`}>
              {application.email}
            </a>,
          ],
          [
            'Phone',
            <a key="phone" href={`tel:${application.phone}`}>
              {application.phone}
            </a>,
          ],
          application.decidedAt !== null && [
            APPLICATION_STATUS_LABELS[application.status],
            `${formatInstant(application.decidedAt)}${application.decidedBy ? ` by ${application.decidedBy.name}` : ''}`,
          ],
        ]}
      />
      <Text title="Experience">{application.experience}</Text>
      <Text title="Availability">{application.availability}</Text>
      <Text title="Why they want to join">{application.whyJoin}</Text>
      {(matches.applications.length > 0 || matches.accounts.length > 0) && (
        <section className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <h3 className="font-semibold text-amber-900">{duplicateText(application)}</h3>
          <ul className="grid gap-1">
            {matches.applications.map((other) => (
              <li key={other.id} className="break-words">
                Application from {other.name} ({other.email}, {other.phone}),{' '}
                {APPLICATION_STATUS_LABELS[other.status].toLowerCase()},{' '}
                {formatInstant(other.createdAt)}
              </li>
            ))}
            {matches.accounts.map((account) => (
              <li key={account.id} className="break-words">
                {ROLE_NAMES[account.role]} account: {account.name} ({account.email}
                {account.phone ? `, ${account.phone}` : ''})
              </li>
            ))}
          </ul>
        </section>
      )}
      {application.status === 'new' && (
        <DecisionButtons decide={decide} onDecided={props.onDecided} />
      )}
    </div>
  );
}

const CONFIRM: Record<Decision, { question: string; button: string; pending: string }> = {
  approve: {
    question:
      'Approve? This creates their provider account and e-mails them a code to set a password.',
    button: 'Approve',
    pending: 'Approving...',
  },
  reject: {
    question: 'Reject? We e-mail them a polite note that we cannot offer a place now.',
    button: 'Reject',
    pending: 'Rejecting...',
  },
};

/** Approve or reject, each asked once more: both e-mail the applicant. */
function DecisionButtons({
  decide,
  onDecided,
}: {
  decide: ReturnType<typeof useDecision>;
  /** Closes the dialog: the modal hides the toast that says how it went from screen readers. */
  onDecided: () => void;
}) {
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (decision: Decision) => {
    setFailure(null);
    decide.mutate(decision, {
      onSuccess: (answer) => {
        onDecided();
        toast({
          title: decision === 'approve' ? 'Application approved' : 'Application rejected',
          description: answer.message,
        });
      },
      // Said in the dialog: the modal hides the toasts outside it.
      onError: (error) => setFailure(serverMessage(error, 'Please try again.')),
    });
  };
  if (confirming) {
    const text = CONFIRM[confirming];
    return (
      <section aria-label="Confirm the decision" className="grid gap-3 border-t pt-4">
        <p className="text-sm">{text.question}</p>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => setConfirming(null)}
          >
            Back
          </Button>
          <Button disabled={decide.isPending} onClick={() => run(confirming)}>
            {decide.isPending ? text.pending : `Yes, ${text.button.toLowerCase()}`}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={() => setConfirming('reject')}>
        Reject
      </Button>
      <Button onClick={() => setConfirming('approve')}>Approve</Button>
    </div>
  );
}
