/**
 * One person of a duplicates group, as the modal shows it (docs/api/people-organizations-links.md).
 */
export interface DuplicatePerson {
  contactId: string;
  originalLastName: string;
  normalizedFirstName: string;
  mail: string | null;
  firstName: string;
  lastName: string;
  createdAt: string;
}

/** GET /people/duplicates: people sharing a duplicate key, oldest first. */
export interface PeopleDuplicateGroup {
  _id: string;
  count: number;
  people: DuplicatePerson[];
}

/** GET /organization/duplicates: organizations sharing a duplicate key, oldest first. */
export interface OrganizationDuplicateGroup {
  _id: string;
  count: number;
  organizations: string[];
  organizationIds: string[];
}
