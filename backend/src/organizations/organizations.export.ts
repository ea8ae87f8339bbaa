import { creationStatusOrNotAvailable, formatDate } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
import type { OrganizationView } from './organization.view';

/** The organization list's columns, as the list shows them (dates dd/MM/yyyy). */
export const ORGANIZATION_CSV_COLUMNS: CsvColumn<OrganizationView>[] = [
  { header: 'Name', value: (organization) => organization.name },
  { header: 'CRO', value: (organization) => organization.cro },
  {
    header: 'Incorporation date',
    value: (organization) => formatDate(organization.incorporationDate),
  },
  { header: 'First AR', value: (organization) => formatDate(organization.firstAr) },
  { header: 'Next AR reminder', value: (organization) => formatDate(organization.nextArReminder) },
  {
    header: 'Creation status',
    value: (organization) => creationStatusOrNotAvailable(organization.creationStatus),
  },
  {
    header: 'Assigned users',
    value: (organization) => organization.users.map((user) => user.userName).join(', '),
  },
  { header: 'Created at', value: (organization) => formatDate(organization.createdAt) },
];
