import { ROUTES } from '@registra/domain';

/**
 * The top navigation's links, in their order (docs/product/screens.md); a feature adds its route
 * here.
 */
export interface NavItem {
  label: string;
  to: string;
  /** Shown to administrators only. */
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: ROUTES.home },
  { label: 'Organizations', to: ROUTES.organizations },
  { label: 'Follow-ups', to: ROUTES.followUps },
  { label: 'Subscriptions', to: ROUTES.subscriptions },
  { label: 'People', to: '/people' },
  { label: 'Task', to: ROUTES.tasks },
  { label: 'Forms', to: ROUTES.forms },
  { label: 'Emails', to: ROUTES.emails },
  { label: 'Orders', to: ROUTES.orders },
  { label: 'Import', to: '/import' },
  { label: 'Calendar', to: '/calendar' },
  { label: 'Overview', to: '/overview' },
  { label: 'Activity', to: '/activity', adminOnly: true },
];
