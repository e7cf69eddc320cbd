import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type ApplicationSummary,
} from '@twinclean/shared/admin-applications';
import type { Role } from '@twinclean/shared/roles';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';

const TONES: Record<ApplicationStatus, BadgeTone> = {
  new: 'brand',
  approved: 'success',
  rejected: 'neutral',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={TONES[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}

/** What the duplicate flag says: how many applications and accounts share the e-mail or phone. */
export function duplicateText({ duplicate }: Pick<ApplicationSummary, 'duplicate'>): string | null {
  const parts = [
    duplicate.applications > 0 &&
      `${duplicate.applications} other application${duplicate.applications === 1 ? '' : 's'}`,
    duplicate.accounts > 0 &&
      `${duplicate.accounts} existing account${duplicate.accounts === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return parts.length ? `Same e-mail or phone as ${parts.join(' and ')}` : null;
}

export function DuplicateBadge(props: Pick<ApplicationSummary, 'duplicate'>) {
  const text = duplicateText(props);
  if (!text) return null;
  return (
    <span title={text}>
      <Badge tone="warning">
        Possible duplicate<span className="sr-only">: {text}</span>
      </Badge>
    </span>
  );
}

/** Whose account a duplicate is. */
export const ROLE_NAMES: Record<Role, string> = {
  client: 'Client',
  provider: 'Provider',
  admin_owner: 'Owner admin',
  admin_staff: 'Staff admin',
};
