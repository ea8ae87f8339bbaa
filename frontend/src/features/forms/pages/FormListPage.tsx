import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, MESSAGES, ROUTES, formPath, nextSort } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { FormattedDate } from '../../../components/FormattedDate';
import { ListHeader } from '../../../components/ListHeader';
import { Pagination } from '../../../components/Pagination';
import { RecordCards, useSmallScreen } from '../../../components/RecordCards';
import { SearchInput } from '../../../components/SearchInput';
import { SortableHeader } from '../../../components/SortableHeader';
import { useSearchFormsQuery } from '../api';
import type { FormSortField } from '../api';

type SortOrder = 'asc' | 'desc';

const DEFAULT_SORT: { field: FormSortField; order: SortOrder } = {
  field: 'createdAt',
  order: 'desc',
};

const COLUMNS: { field: FormSortField; label: string }[] = [
  { field: 'organizationName1', label: 'Organization name 1' },
  { field: 'organizationName2', label: 'Organization name 2' },
  { field: 'organizationName3', label: 'Organization name 3' },
  { field: 'createdAt', label: 'Created At' },
];
const SORT_FIELDS = COLUMNS.map((column) => column.field);

/** The list's search, sort and page live in the address, so Back returns to the same page. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort') as FormSortField | null;
  const filters = {
    search: params.get('search') ?? '',
    sortField: sortParam && SORT_FIELDS.includes(sortParam) ? sortParam : DEFAULT_SORT.field,
    sortOrder: (['asc', 'desc'].includes(params.get('order') ?? '')
      ? params.get('order')
      : DEFAULT_SORT.order) as SortOrder,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (patch: Partial<typeof filters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.sortField !== DEFAULT_SORT.field || next.sortOrder !== DEFAULT_SORT.order) {
      out.set('sort', next.sortField);
      out.set('order', next.sortOrder);
    }
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out, { replace: true });
  };
  return { filters, update };
}

/** /form: the company-creation requests prospects sent (spec 02 §2.9). */
export function FormListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const small = useSmallScreen();
  const { filters, update } = useListFilters();
  const { data, isFetching, isError, error } = useSearchFormsQuery({
    search: filters.search || undefined,
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: DEFAULT_PAGE_SIZE,
  });

  useEffect(() => {
    // "'Error fetching forms' (list not ok); otherwise the error message."
    if (isError) toast.error(errorText(error, MESSAGES.formsFetchFailed), { id: 'forms-fetch' });
  }, [isError, error]);

  const forms = data?.data ?? [];
  const open = (id: string) =>
    navigate(formPath(id), { state: { from: location.pathname + location.search } });
  const sortBy = (field: FormSortField) => {
    const next = nextSort({ sortField: filters.sortField, sortOrder: filters.sortOrder }, field);
    update({ sortField: field, sortOrder: next.sortOrder ?? 'asc', page: 1 });
  };

  return (
    <>
      <ListHeader title="Forms" total={data?.totalItems}>
        <Link className="btn btn-primary" to={ROUTES.publicForm}>
          Access the form
        </Link>
      </ListHeader>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="flex-grow-1" style={{ minWidth: '14rem', maxWidth: '28rem' }}>
          <SearchInput
            value={filters.search}
            placeholder="Search by company or person name"
            label="Search forms"
            onChange={(search) => update({ search, page: 1 })}
          />
        </div>
        {isFetching && (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        )}
      </div>

      {small ? (
        <RecordCards
          label="Forms"
          cards={forms.map((form) => ({
            id: form._id,
            title: form.organizationName1,
            href: formPath(form._id),
            detail: `${form.members} member${form.members === 1 ? '' : 's'}${form.directors ? ` · ${form.directors}` : ''}`,
            date: { label: 'Created', value: form.createdAt },
            status: form.organizationId
              ? { text: 'Client', variant: 'success' }
              : { text: 'Request', variant: 'secondary' },
          }))}
        />
      ) : (
        <Table hover responsive className="align-middle">
          <thead>
            <tr>
              {COLUMNS.map(({ field, label }) => (
                <SortableHeader
                  key={field}
                  field={field}
                  label={label}
                  sortField={filters.sortField}
                  sortOrder={filters.sortOrder}
                  onSort={sortBy}
                />
              ))}
              <th scope="col">Members</th>
              <th scope="col">Directors</th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr
                key={form._id}
                role="link"
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={form.organizationName1}
                onClick={() => open(form._id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') open(form._id);
                }}
              >
                <td>{form.organizationName1}</td>
                <td>{form.organizationName2}</td>
                <td>{form.organizationName3}</td>
                <td>
                  <FormattedDate value={form.createdAt} />
                </td>
                <td>{form.members}</td>
                <td>{form.directors}</td>
              </tr>
            ))}
            {!isFetching && data && forms.length === 0 && (
              <tr>
                <td colSpan={6} className="text-center text-muted py-4">
                  No requests found
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      {small && !isFetching && data && forms.length === 0 && (
        <p className="text-center text-muted py-4">No requests found</p>
      )}
      <Pagination
        page={filters.page}
        totalPages={data?.totalPages ?? 0}
        onChange={(page) => update({ page })}
      />
    </>
  );
}
