import type { OrganizationView } from '@registra/domain';
import type { OrganizationRow } from './organizations.schema';

/** An organization as the API shows it (the shared contract, spec 01 section 3 field names). */
export type { OrganizationView };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOrganizationView(row: OrganizationRow): OrganizationView {
  // mergedInto is only ever set on a deleted (merged-away) record, which no view shows.
  const {
    id,
    b1b73,
    searchText: _searchText,
    duplicateKey: _duplicateKey,
    mergedInto: _mergedInto,
    // Copies of aml.appendix2_risk_level and aml.appendix2_next_review for the list filters.
    amlRiskLevel: _amlRiskLevel,
    amlNextReview: _amlNextReview,
    ...rest
  } = row;
  return {
    _id: id,
    ...rest,
    B1B73: b1b73,
    finotorEmailSentAt: iso(row.finotorEmailSentAt),
    finotorRegisteredAt: iso(row.finotorRegisteredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}
