/** Client routes the rules refer to (docs/product/screens.md). */
import type { DetailTab, OrganizationTab, PeopleTab } from './enums';

const withTab = (base: string, tab?: string): string => (tab ? `${base}/${tab}` : base);

export const ROUTES = {
  home: '/',
  signIn: '/auth/signin',
  signUp: '/auth/signup',
  people: '/people',
  organizations: '/organization',
  followUps: '/followUp',
  subscriptions: '/subscription',
  tasks: '/task',
  forms: '/form',
  emails: '/email',
  orders: '/order',
  account: '/account',
  /** Administrators: the firm's staff accounts. */
  users: '/users',
  forgotPassword: '/auth/forgot-password',
  /** Where a password-reset link leads (`?token=`); the server builds the same address. */
  resetPassword: '/reset-password',
  publicForm: '/publicform',
  publicFormValidate: '/publicform/validate',
} as const;

export const organizationPath = (id: string, tab?: OrganizationTab): string =>
  withTab(`${ROUTES.organizations}/${id}`, tab);
export const peoplePath = (id: string, tab?: PeopleTab): string =>
  withTab(`${ROUTES.people}/${id}`, tab);
/** "Creating closes the modal and navigates to /order/{id}." */
export const orderPath = (id: string, tab?: DetailTab): string =>
  withTab(`${ROUTES.orders}/${id}`, tab);
export const formPath = (id: string, tab?: DetailTab): string =>
  withTab(`${ROUTES.forms}/${id}`, tab);
/** "After creation the user goes to /task/{id}." */
export const taskPath = (id: string): string => `${ROUTES.tasks}/${id}`;
