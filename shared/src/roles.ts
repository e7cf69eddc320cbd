import * as z from 'zod/mini';

export const roleSchema = z.enum(['client', 'provider', 'admin_owner', 'admin_staff']);
export type Role = z.infer<typeof roleSchema>;

export const subscriptionTypeSchema = z.enum(['none', 'standard', 'senior']);
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;

export const ALL_ROLES = roleSchema.options;
export const ADMIN_ROLES = ['admin_owner', 'admin_staff'] as const satisfies readonly Role[];

export const isAdminRole = (role: Role): boolean => (ADMIN_ROLES as readonly Role[]).includes(role);
export const isSubscriber = (type: SubscriptionType | null | undefined): boolean =>
  type === 'standard' || type === 'senior';
