import type { OrganizationView } from '@registra/domain';
import { ATTACHED_FILE_URLS, FILES_VIEW_FIELD, filesOf } from '../platform/database/attached-files';
import { JsonView } from '../platform/database/json-view';
import { ORGANIZATION_DERIVED_COLUMNS, organizations } from './organizations.schema';
import type { OrganizationRow } from './organizations.schema';

/** An organization as the API shows it (the shared contract's field names). */
export type { OrganizationView };

/**
 * The organization's view, for a single record (`toOrganizationView`) and for a list's page
 * written by PostgreSQL (ADR 0090). The derived columns stay inside (the history leaves them out
 * too); mergedInto is only ever set on a deleted (merged-away) record, which no view shows.
 * `attachedFiles` are the file URLs and `files` the entries they stand for (ADR 0112).
 */
export const ORGANIZATION_VIEW = new JsonView(organizations, {
  hidden: [...ORGANIZATION_DERIVED_COLUMNS, 'mergedInto'],
  renamed: { b1b73: 'B1B73' },
  converted: { attachedFiles: ATTACHED_FILE_URLS },
  extras: [FILES_VIEW_FIELD],
});

export function toOrganizationView(row: OrganizationRow): OrganizationView {
  return ORGANIZATION_VIEW.toView(row, filesOf(row)) as unknown as OrganizationView;
}
