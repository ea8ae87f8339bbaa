import { ROUTES } from '@registra/domain';
import type { User } from '../../types/api';

/**
 * The side navigation's destinations, in labelled groups and in their order
 * (docs/product/screens.md, ADR 0131); a feature adds its route to the group its users look in.
 */
export interface NavItem {
  label: string;
  to: string;
  /** Shown to administrators only. */
  adminOnly?: boolean;
}

export interface NavGroup {
  /** The group's heading, which also names its list for screen readers. */
  label: string;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    // A staff member's own day: what is due and what to do.
    label: 'Work',
    items: [
      { label: 'Home', to: ROUTES.home },
      { label: 'Task', to: ROUTES.tasks },
      { label: 'Calendar', to: '/calendar' },
      { label: 'Overview', to: '/overview' },
    ],
  },
  {
    // The book: the client companies, their people, and what the firm does and bills for them.
    label: 'Clients',
    items: [
      { label: 'Organizations', to: ROUTES.organizations },
      { label: 'People', to: ROUTES.people },
      { label: 'Follow-ups', to: ROUTES.followUps },
      { label: 'Subscriptions', to: ROUTES.subscriptions },
      { label: 'Orders', to: ROUTES.orders },
    ],
  },
  {
    // What comes in from outside (company-creation requests) and what goes out (mails).
    label: 'Communication',
    items: [
      { label: 'Forms', to: ROUTES.forms },
      { label: 'Emails', to: ROUTES.emails },
    ],
  },
  {
    // Running the product itself: moving a book in, the whole change log, staff accounts, what
    // the retention rules allow to erase.
    label: 'Administration',
    items: [
      { label: 'Import', to: '/import' },
      { label: 'Activity', to: '/activity', adminOnly: true },
      { label: 'Users', to: ROUTES.users, adminOnly: true },
      { label: 'Retention', to: '/retention', adminOnly: true },
    ],
  },
];

/** The groups this user sees: administrators' items only for them, a group left empty dropped. */
export function navigationFor(user: Pick<User, 'role'>): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.adminOnly || user.role === 'admin'),
  })).filter((group) => group.items.length > 0);
}
