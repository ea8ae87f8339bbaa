import { countryLabel, formatDate, nationalityLabel, onOffLabel } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
import type { ListExport } from '../platform/http/list-export';
import { SearchPeopleDto } from './dto/search-people.dto';
import type { PersonView } from './person.view';

/** The people list's columns, as the list shows them (dates dd/MM/yyyy). */
export const PEOPLE_CSV_COLUMNS: CsvColumn<PersonView>[] = [
  { header: 'First Name', value: (person) => person.firstName },
  { header: 'Last Name', value: (person) => person.lastName },
  { header: 'Email', value: (person) => person.mail },
  { header: 'Created At', value: (person) => formatDate(person.createdAt) },
  { header: 'Nationality', value: (person) => nationalityLabel(person.nationality) },
  { header: 'Country', value: (person) => countryLabel(person.country) },
  { header: 'VIF', value: (person) => onOffLabel(person.vif) },
];

/**
 * The whole book's columns: the list's, then every other field an import reads, under the import's
 * label for it (`IMPORT_FIELDS`), so the export imports back field for field (ADR 0144).
 */
export const PEOPLE_BOOK_CSV_COLUMNS: CsvColumn<PersonView>[] = [
  ...PEOPLE_CSV_COLUMNS,
  { header: 'Phone', value: (person) => person.phone },
  { header: 'Date of birth', value: (person) => formatDate(person.birth) },
  { header: 'PPS', value: (person) => person.pps },
  { header: 'Street', value: (person) => person.addressStreet1 },
  { header: 'City', value: (person) => person.addressCity1 },
  { header: 'Eircode', value: (person) => person.addressZip1 },
];

/** The people list's export (GET /people/export). */
export const PEOPLE_EXPORT: ListExport<SearchPeopleDto, PersonView> = {
  search: SearchPeopleDto,
  query: { integers: ['page', 'limit'] },
  record: 'person',
  records: 'people',
  columns: { list: PEOPLE_CSV_COLUMNS, book: PEOPLE_BOOK_CSV_COLUMNS },
};
