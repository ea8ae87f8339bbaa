import { personDuplicateKey } from '@registra/domain';
import { searchTextOf } from '../platform/database/search';

export interface PersonDerivedValues {
  searchText: string;
  duplicateKey: string;
}

/**
 * The values the server keeps beside a person's names and e-mail, recomputed on every write (the
 * API and the seed scripts share this so their rows search and group alike).
 */
export function derivePersonValues(person: {
  firstName?: string | null;
  lastName?: string | null;
  mail?: string | null;
}): PersonDerivedValues {
  const firstName = person.firstName ?? '';
  const lastName = person.lastName ?? '';
  return {
    searchText: searchTextOf(firstName, lastName, person.mail),
    duplicateKey: personDuplicateKey(firstName, lastName),
  };
}
