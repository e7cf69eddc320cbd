import { z } from 'zod';

export const roleSchema = z.enum(['client', 'provider', 'admin_owner', 'admin_staff']);
export type Role = z.infer<typeof roleSchema>;

export const subscriptionTypeSchema = z.enum(['none', 'standard', 'senior']);
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;

export const isAdminRole = (role: Role): boolean =>
  role === 'admin_owner' || role === 'admin_staff';
export const isSubscriber = (type: SubscriptionType | null | undefined): boolean =>
  type === 'standard' || type === 'senior';
