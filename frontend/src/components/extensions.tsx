import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { OrganizationView, PersonView } from '@registra/domain';

/**
 * Extension points of the shared screens. A feature never imports another (bulletproof-react):
 * the organization and person pages and the dashboard show what other features contribute
 * through these lists, which the app wires in `src/app/extensions.tsx`.
 */

/** A tab one feature adds to another feature's record page. */
export interface RecordTabExtension<Props> {
  /** The tab key in the URL (`AML_TAB`). */
  key: string;
  /** Older keys that open this tab (the dashboard's FOLLOW_UP_TAB links). */
  aliases?: readonly string[];
  title: ReactNode | ((props: Props) => ReactNode);
  Component: ComponentType<Props>;
}

export interface OrganizationTabProps {
  organization: OrganizationView;
  /** Fetches the organization again (after a save made by the tab). */
  reload: () => void;
  /** The tab holds unsaved changes: leaving the page asks first. */
  onDirtyChange: (dirty: boolean) => void;
}

export interface PersonTabProps {
  person: PersonView;
  reload: () => void;
}

/** A dashboard card; `order` places it among the others (organizations 10, people 20). */
export interface DashboardCardExtension {
  key: string;
  order: number;
  Component: ComponentType;
}

export interface Extensions {
  organizationTabs: readonly RecordTabExtension<OrganizationTabProps>[];
  personTabs: readonly RecordTabExtension<PersonTabProps>[];
  dashboardCards: readonly DashboardCardExtension[];
}

export const NO_EXTENSIONS: Extensions = {
  organizationTabs: [],
  personTabs: [],
  dashboardCards: [],
};

export const ExtensionsContext = createContext<Extensions>(NO_EXTENSIONS);

export const useExtensions = (): Extensions => useContext(ExtensionsContext);

/** The title of a contributed tab for this record. */
export function extensionTitle<Props>(tab: RecordTabExtension<Props>, props: Props): ReactNode {
  return typeof tab.title === 'function'
    ? (tab.title as (p: Props) => ReactNode)(props)
    : tab.title;
}

/** Tabs in the order of `canonical` (the domain's), unknown keys before the last one. */
export function orderTabs<T extends { key: string }>(
  tabs: readonly T[],
  canonical: readonly string[],
): T[] {
  const rank = (key: string) => {
    const index = canonical.indexOf(key);
    return index === -1 ? canonical.length - 1.5 : index;
  };
  return [...tabs].sort((a, b) => rank(a.key) - rank(b.key));
}
