import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import {
  countryLabel,
  nationalityLabel,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORTS,
  MESSAGES,
  onOffLabel,
} from '@registra/domain';
import { CountrySelect } from '../../../components/CountrySelect';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import type { NewPeopleValues } from '../../../components/CreateNameModal';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import { FormattedDate } from '../../../components/FormattedDate';
import { ListToolbar } from '../../../components/ListToolbar';
import { errorText } from '../../../lib/errors';
import { useCreatePersonMutation } from '../../../lib/records';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { useErrorToast } from '../../../components/useErrorToast';
import {
  choiceField,
  defaultsOf,
  named,
  orderField,
  pageField,
  textField,
  useListState,
} from '../../../components/useListState';
import type { Person } from '../../../types/records';
import { useSearchPeopleQuery } from '../api';
import type { PeopleSortField, SortOrder } from '../api';
import { DuplicatesModal } from '../components/DuplicatesModal';

/** Rows per page of the people list: the lists' common size. */
export const PEOPLE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const SORT_FIELDS: readonly PeopleSortField[] = ['firstName', 'lastName', 'mail', 'createdAt'];

/**
 * The list's filters live in the address (search, country, sort, order, page), so the back
 * arrow of a person's page returns to the same filtered page.
 */
const LIST_STATE = {
  search: textField(),
  country: textField(),
  sortField: named(
    choiceField(SORT_FIELDS, DEFAULT_SORTS.people.sortField as PeopleSortField),
    'sort',
  ),
  sortOrder: named(orderField(DEFAULT_SORTS.people.sortOrder as SortOrder), 'order'),
  page: pageField,
};
const DEFAULTS = defaultsOf(LIST_STATE);

const COLUMNS: DataColumn<Person, PeopleSortField>[] = [
  { label: 'First Name', sortField: 'firstName', cell: (person) => person.firstName },
  { label: 'Last Name', sortField: 'lastName', cell: (person) => person.lastName },
  { label: 'Email', sortField: 'mail', cell: (person) => person.mail },
  {
    label: 'Created At',
    sortField: 'createdAt',
    cell: (person) => <FormattedDate value={person.createdAt} />,
  },
  { label: 'Nationality', cell: (person) => nationalityLabel(person.nationality) },
  { label: 'Country', cell: (person) => countryLabel(person.country) },
  {
    label: 'VIF',
    cell: (person) => (
      <Badge bg={person.vif ? 'success' : 'secondary'}>{onOffLabel(person.vif)}</Badge>
    ),
  },
];

/** A person on a phone: name, e-mail, creation date, VIF. */
const personCard = (person: Person): RecordCardView => ({
  id: person._id,
  title: `${person.firstName} ${person.lastName}`,
  href: `/people/${person._id}`,
  detail: person.mail,
  date: { label: 'Created', value: person.createdAt },
  status: { text: `VIF ${onOffLabel(person.vif)}`, variant: person.vif ? 'success' : 'secondary' },
});

const SEARCH = { label: 'Search people', placeholder: 'Search by name or e-mail' };

const PEOPLE_TABLE: DataTableLook<Person, PeopleSortField> = {
  label: 'People',
  columns: COLUMNS,
  card: personCard,
  rowOpens: 'link',
  empty: MESSAGES.noPeopleFound,
};

/**
 * /people: the searchable, sortable, paginated list of people
 * (docs/product/organizations-and-people.md).
 */
export function PeopleListPage() {
  const navigate = useNavigate();
  const list = useListState(LIST_STATE, { in: 'address' });
  const filters = list.state;
  const [showDuplicates, setShowDuplicates] = useState(false);
  const [showCreate, setShowCreate] = useState(false);
  const [createPerson, { isLoading: creating }] = useCreatePersonMutation();

  const query = useSearchPeopleQuery({
    search: filters.search || undefined,
    country: filters.country || undefined,
    sortField: filters.sortField,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: PEOPLE_PAGE_SIZE,
  });
  const { data, isFetching, isError } = query;
  useErrorToast(isError, MESSAGES.peopleFetchFailed, 'people-fetch-failed');

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
      <ListHeader title="People" total={data}>
        <ExportCsvButton
          path="/people/export"
          filters={{
            search: filters.search || undefined,
            country: filters.country || undefined,
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

      <ListToolbar
        search={SEARCH}
        value={filters.search}
        onSearch={(search) => list.update({ search })}
        busy={isFetching}
        onReset={() => list.replace(DEFAULTS)}
      >
        <div style={{ minWidth: '14rem' }}>
          <CountrySelect
            ariaLabel="Country"
            value={filters.country || null}
            onChange={(country) => list.update({ country: country ?? '' })}
          />
        </div>
      </ListToolbar>

      <DataTable {...PEOPLE_TABLE} answer={query} list={list} />

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
