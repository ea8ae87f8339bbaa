/** Company-creation requests: 20k by default, one to three people each, one in ten converted. */
import { emptyPublicFormPerson, formDirectorsLabel } from '@registra/domain';
import type { FormPersonView, PublicFormRole } from '@registra/domain';
import { forms } from '../../src/forms/forms.schema';
import { searchTextOf } from '../../src/platform/database/search';
import { organizationAt, personAt, seededId } from '../irish-book';
import { BOOK, createdAt, inBatches, sizeFrom } from './support';
import type { LargeBookPart } from './support';

const FORMS = sizeFrom('SEED_FORMS', 20_000);
const ROLES: PublicFormRole[][] = [
  ['director', 'secretary', 'shareholder'],
  ['director', 'shareholder'],
  ['secretary'],
];

/** Person `k` of request `i`: a natural person of the book's names, resident at its address. */
function requestPerson(i: number, k: number, people: number): FormPersonView {
  const seed = personAt(i * 3 + k, 0x40);
  const roles = people === 1 ? ROLES[0] : ROLES[k % ROLES.length];
  return {
    ...emptyPublicFormPerson(),
    roles,
    beneficiaryPercentage: roles.includes('shareholder') ? (people === 1 ? 100 : 50) : 0,
    firstName: seed.firstName,
    lastName: seed.lastName,
    mail: seed.mail,
    phone: seed.phone,
    birth: seed.birth,
    nationality: seed.nationality,
    street: seed.addressStreet1,
    city: seed.addressCity1,
    state: 'Leinster',
    country: seed.country,
    zip: `D0${i % 9} X${String(i % 1000).padStart(3, '0')}`,
  };
}

export const formsPart: LargeBookPart = {
  name: 'forms',
  tables: ['forms'],
  async seed(db) {
    await inBatches('forms', FORMS, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const names = [0, 1, 2].map((k) => organizationAt(i * 3 + k, 0x41).name);
        const count = 1 + (i % 3);
        const peoples = Array.from({ length: count }, (_, k) => requestPerson(i, k, count));
        const at = createdAt(i, FORMS);
        const converted = BOOK.organizations > 0 && i % 10 === 0;
        rows.push({
          id: seededId(0x42, i),
          organizationName1: names[0],
          organizationName2: names[1],
          organizationName3: names[2],
          description: i % 2 === 0 ? 'Conseil en informatique' : 'Import-export de vins',
          idpal: true,
          secretaryCompany: i % 7 === 0,
          anonymeShareholder: i % 11 === 0,
          peoples,
          members: peoples.length,
          directors: formDirectorsLabel(peoples),
          searchText: searchTextOf(
            ...names,
            ...peoples.flatMap((person) => [person.firstName, person.lastName]),
          ),
          organizationId: converted ? seededId(1, (i * 13) % BOOK.organizations) : null,
          convertedAt: converted ? at : null,
          createdAt: at,
          updatedAt: at,
        });
      }
      await db.insert(forms).values(rows).onConflictDoNothing();
    });
  },
};
