import type { Role, SubscriptionType } from '@twinclean/shared/roles';

/** Every demo login; `npm start` prints them and the README lists them. */
export const DEMO_PASSWORD = 'demo-pass-2026';

export type DemoAccount = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  subscriptionType: SubscriptionType;
  note: string;
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const demoAccounts = {
  client: {
    id: id(1),
    email: 'client@example.com',
    firstName: 'Jordan',
    lastName: 'Lindqvist',
    phone: '612-555-0141',
    role: 'client',
    subscriptionType: 'none',
    note: 'pay-as-you-go client',
  },
  standard: {
    id: id(2),
    email: 'standard@example.com',
    firstName: 'Priya',
    lastName: 'Natarajan',
    phone: '651-555-0172',
    role: 'client',
    subscriptionType: 'standard',
    note: 'standard subscriber ($25/hour, no deposit)',
  },
  senior: {
    id: id(3),
    email: 'senior@example.com',
    firstName: 'Harold',
    lastName: 'Olson',
    phone: '612-555-0119',
    role: 'client',
    subscriptionType: 'senior',
    note: 'senior subscriber',
  },
  provider: {
    id: id(4),
    email: 'provider@example.com',
    firstName: 'Maria',
    lastName: 'Gonzalez',
    phone: '612-555-0188',
    role: 'provider',
    subscriptionType: 'none',
    note: 'provider, available Mon–Fri 08:00–17:00',
  },
  provider2: {
    id: id(5),
    email: 'provider2@example.com',
    firstName: 'Amina',
    lastName: 'Hassan',
    phone: '651-555-0133',
    role: 'provider',
    subscriptionType: 'none',
    note: 'provider, available Tue/Thu/Sat and Sunday afternoons',
  },
  owner: {
    id: id(6),
    email: 'owner@example.com',
    firstName: 'Dana',
    lastName: 'Berg',
    phone: '612-555-0100',
    role: 'admin_owner',
    subscriptionType: 'none',
    note: 'admin owner (pricing, admins, refunds)',
  },
  staff: {
    id: id(7),
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Nguyen',
    phone: '612-555-0101',
    role: 'admin_staff',
    subscriptionType: 'none',
    note: 'admin staff',
  },
} satisfies Record<string, DemoAccount>;

export const seedId = id;
