import { ADMIN_ROLES } from '@twinclean/shared/roles';

// DECISIONS.md "Roles": both admin roles run the day (bookings, payouts and Mark Paid, payment
// records); refunds, waiving a cancellation fee and the audit log are the owner's alone.

export const ADMIN = { roles: ADMIN_ROLES } as const;
export const OWNER = { roles: ['admin_owner'] } as const;
