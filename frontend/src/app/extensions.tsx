import type { Extensions } from '../components/extensions';

/**
 * What each feature contributes to the screens of others (see components/extensions.tsx). Pages
 * are lazily loaded so that a contributed tab's code stays in its feature's chunk.
 */
export const APP_EXTENSIONS: Extensions = {
  organizationTabs: [],
  personTabs: [],
  dashboardCards: [],
};
