import type { LinkProps } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  BadgePercent,
  CalendarCheck,
  ClipboardList,
  CloudSnow,
  Contact,
  Gavel,
  Gift,
  Handshake,
  HardHat,
  Hourglass,
  House,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  MapPinned,
  Newspaper,
  Receipt,
  Repeat,
  Scale,
  ScrollText,
  Shirt,
  SlidersHorizontal,
  Sparkles,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';

// Spec 2 "Admin shell": the sidebar's groups and links, in order.

// Typed by the router: a link to a page that does not exist does not compile.
export type NavLink = { label: string; to: NonNullable<LinkProps['to']>; icon: LucideIcon };
export type NavGroup = { label: string; links: NavLink[] };

export const ADMIN_NAV: readonly NavGroup[] = [
  { label: 'Overview', links: [{ label: 'Dashboard', to: '/admin', icon: LayoutDashboard }] },
  {
    label: 'Bookings',
    links: [
      { label: 'House Cleaning', to: '/admin/bookings', icon: House },
      { label: 'Carpet Cleaning', to: '/admin/carpet-bookings', icon: Sparkles },
      { label: 'Laundry Service', to: '/admin/laundry-bookings', icon: Shirt },
      { label: 'Auction Board', to: '/admin/auction-board', icon: Gavel },
      { label: 'Series', to: '/admin/series', icon: Repeat },
    ],
  },
  {
    label: 'People',
    links: [
      { label: 'Clients', to: '/admin/clients', icon: Users },
      { label: 'Providers', to: '/admin/providers', icon: HardHat },
    ],
  },
  {
    label: 'Finance',
    links: [
      { label: 'Payouts', to: '/admin/payouts', icon: Wallet },
      { label: 'Transfers', to: '/admin/transfers', icon: ArrowLeftRight },
      { label: 'Payment Records', to: '/admin/payment-records', icon: Receipt },
      { label: 'Reconciliation', to: '/admin/reconciliation', icon: Scale },
    ],
  },
  {
    label: 'Marketing & Leads',
    links: [
      { label: 'Contact Forms', to: '/admin/contact-forms', icon: Mail },
      { label: 'Provider Applications', to: '/admin/provider-applications', icon: ClipboardList },
      { label: 'Newsletter Subscribers', to: '/admin/newsletter', icon: Newspaper },
      { label: 'Marketing Contacts', to: '/admin/marketing-contacts', icon: Contact },
      { label: 'Waitlist', to: '/admin/waitlist', icon: Hourglass },
      { label: 'Discount Codes', to: '/admin/discount-codes', icon: BadgePercent },
      { label: 'Gift Cards', to: '/admin/gift-cards', icon: Gift },
      { label: 'Referrals', to: '/admin/referrals', icon: Handshake },
    ],
  },
];

// The 1099-NEC figures are the owners' (DECISIONS.md "Payouts"): beside the transfers they add up.
const YEAR_END: NavLink = { label: 'Year end', to: '/admin/year-end', icon: CalendarCheck };
const OWNER_NAV: readonly NavGroup[] = ADMIN_NAV.map((group) =>
  group.label === 'Finance'
    ? {
        ...group,
        links: group.links.flatMap((link) =>
          link.to === '/admin/transfers' ? [link, YEAR_END] : [link],
        ),
      }
    : group,
);

const SETTINGS: NavGroup = {
  label: 'Settings',
  links: [
    { label: 'Move a Day', to: '/admin/move-a-day', icon: CloudSnow },
    { label: 'Pricing Config', to: '/admin/pricing', icon: SlidersHorizontal },
    { label: 'Checklists', to: '/admin/checklists', icon: ListChecks },
    { label: 'Service Area', to: '/admin/service-area', icon: MapPinned },
    { label: 'Admin Accounts', to: '/admin/admins', icon: UserCog },
    { label: 'Audit Log', to: '/admin/audit-log', icon: ScrollText },
  ],
};

// Staff read the checklists and the service area (owners edit them): the Settings pages they
// may open.
const STAFF_SETTINGS: NavGroup = {
  label: 'Settings',
  links: SETTINGS.links.filter(
    (link) => link.to === '/admin/checklists' || link.to === '/admin/service-area',
  ),
};

/**
 * The sidebar an admin sees: the Settings group (move a day, pricing, admin accounts, the audit
 * log) and Finance's Year end are admin_owner's alone (DECISIONS.md "Roles"); staff would only
 * meet a page saying so there.
 * Staff's Settings holds Checklists and Service Area, which they may read.
 */
export const navFor = (owner: boolean): readonly NavGroup[] =>
  owner ? [...OWNER_NAV, SETTINGS] : [...ADMIN_NAV, STAFF_SETTINGS];
