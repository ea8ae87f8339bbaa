import { lazy, Suspense } from 'react';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import type { Extensions } from '../components/extensions';

// Lazily loaded: a contributed tab's code stays in its feature's chunk until the tab opens.
const HistoryTab = lazy(() => import('../features/audit/components/HistoryTab'));
const FollowUpTab = lazy(() => import('../features/follow-ups/components/FollowUpTab'));
const AmlTab = lazy(() => import('../features/aml/components/AmlTab'));
const ServicesBetaTab = lazy(() => import('../features/subscriptions/components/ServicesBetaTab'));
const RecentTasksCard = lazy(() => import('../features/tasks/components/RecentTasksCard'));
const FollowUpsDashboardCard = lazy(
  () => import('../features/follow-ups/components/FollowUpsDashboardCard'),
);

const loading = (
  <Spinner animation="border" size="sm" role="status">
    <span className="visually-hidden">Loading...</span>
  </Spinner>
);

/**
 * What each feature contributes to the screens of others (see components/extensions.tsx). Pages
 * are lazily loaded so that a contributed tab's code stays in its feature's chunk.
 */
export const APP_EXTENSIONS: Extensions = {
  organizationTabs: [
    {
      // Its own address, unlike the tab it stands beside: a reload or the
      // subscription list's link must land on the subscriptions (ADR 0112).
      key: 'SERVICE_TAB_BETA',
      title: (
        <>
          Services{' '}
          <Badge bg="warning" text="dark" pill>
            Beta
          </Badge>
        </>
      ),
      Component: (props) => (
        <Suspense fallback={loading}>
          <ServicesBetaTab {...props} />
        </Suspense>
      ),
    },
    {
      key: 'AML_TAB',
      title: 'AML',
      Component: (props) => (
        <Suspense fallback={loading}>
          <AmlTab {...props} />
        </Suspense>
      ),
    },
    {
      key: 'FOLLOW_UP_BETA_TAB',
      // The home page's older FOLLOW_UP_TAB links land here.
      aliases: ['FOLLOW_UP_TAB'],
      title: 'Follow-ups',
      Component: ({ organization }) => (
        <Suspense fallback={loading}>
          <FollowUpTab organization={organization} />
        </Suspense>
      ),
    },
    {
      key: 'HISTORY_TAB',
      title: 'History',
      Component: ({ organization }) => (
        <Suspense fallback={loading}>
          <HistoryTab recordType="organization" recordId={organization._id} />
        </Suspense>
      ),
    },
  ],
  personTabs: [
    {
      key: 'HISTORY_TAB',
      title: 'History',
      Component: ({ person }) => (
        <Suspense fallback={loading}>
          <HistoryTab recordType="people" recordId={person._id} />
        </Suspense>
      ),
    },
  ],
  dashboardCards: [
    {
      key: 'tasks',
      order: 30,
      Component: () => (
        <Suspense fallback={loading}>
          <RecentTasksCard />
        </Suspense>
      ),
    },
    {
      key: 'follow-ups',
      order: 40,
      Component: () => (
        <Suspense fallback={loading}>
          <FollowUpsDashboardCard />
        </Suspense>
      ),
    },
  ],
};
