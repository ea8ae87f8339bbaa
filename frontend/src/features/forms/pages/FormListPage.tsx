import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, MESSAGES, ROUTES, formPath } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import { FormattedDate } from '../../../components/FormattedDate';
import { ListHeader } from '../../../components/ListHeader';
import { ListToolbar } from '../../../components/ListToolbar';
import { useErrorToast } from '../../../components/useErrorToast';
import {
  choiceField,
  named,
  orderField,
  pageField,
  textField,
  useListState,
} from '../../../components/useListState';
import { useSearchFormsQuery } from '../api';
import type { FormListRow, FormSortField } from '../api';

const SORT_FIELDS: readonly FormSortField[] = [
  'organizationName1',
  'organizationName2',
  'organizationName3',
  'createdAt',
];

/** The list's search, sort and page live in the address, so Back returns to the same page. */
const LIST_STATE = {
  search: textField(),
  sortField: named(choiceField(SORT_FIELDS, 'createdAt'), 'sort'),
  sortOrder: named(orderField('desc'), 'order'),
  page: pageField,
};

const COLUMNS: DataColumn<FormListRow, FormSortField>[] = [
  {
    label: 'Organization name 1',
    sortField: 'organizationName1',
    cell: (form) => form.organizationName1,
  },
  {
    label: 'Organization name 2',
    sortField: 'organizationName2',
    cell: (form) => form.organizationName2,
  },
  {
    label: 'Organization name 3',
    sortField: 'organizationName3',
    cell: (form) => form.organizationName3,
  },
  {
    label: 'Created At',
    sortField: 'createdAt',
    cell: (form) => <FormattedDate value={form.createdAt} />,
  },
  { label: 'Members', cell: (form) => form.members },
  { label: 'Directors', cell: (form) => form.directors },
];

/** A request on a phone: its first name, members and directors, when, and whether a client. */
const formCard = (form: FormListRow): RecordCardView => ({
  id: form._id,
  title: form.organizationName1,
  href: formPath(form._id),
  detail: `${form.members} member${form.members === 1 ? '' : 's'}${form.directors ? ` · ${form.directors}` : ''}`,
  date: { label: 'Created', value: form.createdAt },
  status: form.organizationId
    ? { text: 'Client', variant: 'success' }
    : { text: 'Request', variant: 'secondary' },
});

const SEARCH = { label: 'Search forms', placeholder: 'Search by company or person name' };

const FORMS_TABLE: DataTableLook<FormListRow, FormSortField> = {
  label: 'Forms',
  columns: COLUMNS,
  card: formCard,
  rowOpens: 'link',
  empty: 'No requests found',
};

/** /form: the company-creation requests prospects sent (docs/product/forms.md). */
export function FormListPage() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const filters = list.state;
  const query = useSearchFormsQuery({
    search: filters.search || undefined,
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  });
  const { data, isFetching, isError, error } = query;

  // "'Error fetching forms' (list not ok); otherwise the error message."
  useErrorToast(isError, errorText(error, MESSAGES.formsFetchFailed), 'forms-fetch');

  return (
    <>
      <ListHeader title="Forms" total={data}>
        <Link className="btn btn-primary" to={ROUTES.publicForm}>
          Access the form
        </Link>
      </ListHeader>
      <ListToolbar
        search={SEARCH}
        value={filters.search}
        onSearch={(search) => list.update({ search })}
        busy={isFetching}
      />

      <DataTable {...FORMS_TABLE} answer={query} list={list} />
    </>
  );
}
