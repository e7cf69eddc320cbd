import type { ContactStatus } from '@twinclean/shared/admin-leads';
import { Badge } from '@twinclean/shared/ui/badge';

/** A contact message's state. */
export const StatusBadge = ({ status }: { status: ContactStatus }) =>
  status === 'new' ? <Badge tone="warning">New</Badge> : <Badge tone="success">Answered</Badge>;
