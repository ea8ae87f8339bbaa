import { countryLabel, formatDate, nationalityLabel, onOffLabel } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
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
