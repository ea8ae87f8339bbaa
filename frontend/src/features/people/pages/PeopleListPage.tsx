import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  countryLabel,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORTS,
  MESSAGES,
  nextSort,
  onOffLabel,
} from '@registra/domain';
import { CountrySelect } from '../../../components/CountrySelect';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import type { NewPeopleValues } from '../../../components/CreateNameModal';
import { FormattedDate } from '../../../components/FormattedDate';
import { Pagination } from '../../../components/Pagination';
import { SearchInput } from '../../../components/SearchInput';
import { SortableHeader } from '../../../components/SortableHeader';
import { errorText } from '../../../app/errors';
import { useCreatePersonMutation } from '../../../app/records';
import { useSearchPeopleQuery } from '../api';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { RecordCards, useSmallScreen } from '../../../components/RecordCards';
import type { PeopleSortField, SortOrder } from '../api';
import { DuplicatesModal } from '../components/DuplicatesModal';

/** Rows per page of the people list: the spec's common list size. */
export const PEOPLE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const SORT_FIELDS: readonly PeopleSortField[] = ['firstName', 'lastName', 'mail', 'createdAt'];
const DEFAULT_SORT: { field: PeopleSortField; order: SortOrder } = {
  field: DEFAULT_SORTS.people.sortField,
  order: DEFAULT_SORTS.people.sortOrder,
};

/**
 * The list's filters live in the address (search, country, sort, order, page), so the back
 * arrow of a person's page returns to the same filtered page.
 */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort') as PeopleSortField | null;
  const filters = {
    search: params.get('search') ?? '',
    country: params.get('country') || null,
    sortField: sortParam && SORT_FIELDS.includes(sortParam) ? sortParam : DEFAULT_SORT.field,
    sortOrder: (['asc', 'desc'].includes(params.get('order') ?? '')
      ? params.get('order')
      : DEFAULT_SORT.order) as SortOrder,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  type Filters = typeof filters;

  const update = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams();
    if (next.search) out.set('search', next.search);
    if (next.country) out.set('country', next.country);
    if (next.sortField !== DEFAULT_SORT.field || next.sortOrder !== DEFAULT_SORT.order) {
      out.set('sort', next.sortField);
      out.set('order', next.sortOrder);
    }
    if (next.page > 1) out.set('page', String(next.page));
    setParams(out, { replace: true });
  };
  return { filters, update };
}

const COLUMNS: { field: PeopleSortField; label: string }[] = [
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'mail', label: 'Email' },
  { field: 'createdAt', label: 'Created At' },
];

/** /people: the searchable, sortable, paginated list of people (spec 01 "People list"). */
export function PeopleListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { filters, update } = useListFilters();
  const small = useSmallScreen();
  const [showDuplicates, setShowDuplicates] = useState(false);
  const [showCreate, setShowCreate] = useState(false);
  const [createPerson, { isLoading: creating }] = useCreatePersonMutation();

  const { data, isFetching, isError } = useSearchPeopleQuery({
    search: filters.search || undefined,
    country: filters.country ?? undefined,
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: PEOPLE_PAGE_SIZE,
  });

  useEffect(() => {
    // One toast per failure, not one per render.
    if (isError) toast.error(MESSAGES.peopleFetchFailed, { id: 'people-fetch-failed' });
  }, [isError]);

  const people = data?.data ?? [];
  const totalPages = data?.totalPages ?? 0;

  const sortBy = (field: PeopleSortField) => {
    const next = nextSort({ sortField: filters.sortField, sortOrder: filters.sortOrder }, field);
    update({ sortField: field, sortOrder: next.sortOrder ?? 'asc', page: 1 });
  };

  const open = (id: string) =>
    navigate(`/people/${id}`, { state: { from: location.pathname + location.search } });

  const create = async (values: NewPeopleValues) => {
    try {
      const person = await createPerson(values).unwrap();
      toast.success(MESSAGES.created);
      setShowCreate(false);
      navigate(`/people/${person._id}`);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.personCreateFailed));
    }
  };

  return (
    <>
      <ListHeader title="People" total={data?.totalItems}>
        <ExportCsvButton
          path="/people/export"
          filters={{
            search: filters.search || undefined,
            country: filters.country ?? undefined,
            sortField: filters.sortField,
            sortOrder: filters.sortOrder,
          }}
        />
        <Button variant="outline-secondary" onClick={() => setShowDuplicates(true)}>
          Duplicates
        </Button>
        <Button variant="primary" onClick={() => setShowCreate(true)}>
          New People
        </Button>
      </ListHeader>

      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="flex-grow-1" style={{ minWidth: '14rem', maxWidth: '28rem' }}>
          <SearchInput
            value={filters.search}
            placeholder="Search by name or e-mail"
            label="Search people"
            onChange={(search) => update({ search, page: 1 })}
          />
        </div>
        <div style={{ minWidth: '14rem' }}>
          <CountrySelect
            ariaLabel="Country"
            value={filters.country}
            onChange={(country) => update({ country, page: 1 })}
          />
        </div>
        <Button
          variant="link"
          onClick={() =>
            update({
              search: '',
              country: null,
              sortField: DEFAULT_SORT.field,
              sortOrder: DEFAULT_SORT.order,
              page: 1,
            })
          }
        >
          Reset filters
        </Button>
        {isFetching && (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        )}
      </div>

      {small ? (
        <RecordCards
          label="People"
          cards={people.map((person) => ({
            id: person._id,
            title: `${person.firstName} ${person.lastName}`,
            href: `/people/${person._id}`,
            detail: person.mail,
            date: { label: 'Created', value: person.createdAt },
            status: {
              text: `VIF ${onOffLabel(person.vif)}`,
              variant: person.vif ? 'success' : 'secondary',
            },
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
              <th scope="col">Nationality</th>
              <th scope="col">Country</th>
              <th scope="col">VIF</th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr
                key={person._id}
                role="link"
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={`${person.firstName} ${person.lastName}`}
                onClick={() => open(person._id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') open(person._id);
                }}
              >
                <td>{person.firstName}</td>
                <td>{person.lastName}</td>
                <td>{person.mail}</td>
                <td>
                  <FormattedDate value={person.createdAt} />
                </td>
                <td>{person.nationality}</td>
                <td>{person.country ? countryLabel(person.country) : ''}</td>
                <td>
                  <Badge bg={person.vif ? 'success' : 'secondary'}>{onOffLabel(person.vif)}</Badge>
                </td>
              </tr>
            ))}
            {!isFetching && data && people.length === 0 && (
              <tr>
                <td colSpan={7} className="text-center text-muted py-4">
                  {MESSAGES.noPeopleFound}
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      {small && !isFetching && data && people.length === 0 && (
        <p className="text-center text-muted py-4">{MESSAGES.noPeopleFound}</p>
      )}

      <Pagination
        page={filters.page}
        totalPages={totalPages}
        onChange={(page) => update({ page })}
      />

      <DuplicatesModal show={showDuplicates} onHide={() => setShowDuplicates(false)} />
      <NewPeopleModal
        show={showCreate}
        busy={creating}
        onHide={() => setShowCreate(false)}
        onSubmit={create}
      />
    </>
  );
}
