import { creationStatusOrNotAvailable, formatDate } from '@registra/domain';
import type { CsvColumn } from '../platform/http/csv';
import type { ListExport } from '../platform/http/list-export';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
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

/**
 * The whole book's columns: the list's, then every other field an import reads, under the import's
 * label for it (`IMPORT_FIELDS`), so the export imports back field for field (ADR 0144).
 */
export const ORGANIZATION_BOOK_CSV_COLUMNS: CsvColumn<OrganizationView>[] = [
  ...ORGANIZATION_CSV_COLUMNS,
  { header: 'Company e-mail', value: (organization) => organization.mail },
  { header: 'Registered office', value: (organization) => organization.address },
  { header: 'Company country', value: (organization) => organization.country },
  { header: 'Business activity', value: (organization) => organization.businessActivity },
  {
    header: 'Financial year end',
    value: (organization) => formatDate(organization.financialYearEnd),
  },
  {
    header: 'Corporation tax number',
    value: (organization) => organization.coroporationTaxNumber,
  },
  {
    header: 'Relationship ended on',
    value: (organization) => formatDate(organization.relationshipEndedOn),
  },
];

/** The organization list's export (GET /organization/export). */
export const ORGANIZATION_EXPORT: ListExport<SearchOrganizationsDto, OrganizationView> = {
  search: SearchOrganizationsDto,
  query: {
    booleans: ['status', 'bilan', 'latePaidReminders'],
    integers: ['page', 'limit', 'nextArReminderMonths', 'amlReviewDue'],
  },
  record: 'organization',
  records: 'organizations',
  columns: { list: ORGANIZATION_CSV_COLUMNS, book: ORGANIZATION_BOOK_CSV_COLUMNS },
};
