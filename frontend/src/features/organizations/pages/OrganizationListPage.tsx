import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Collapse from 'react-bootstrap/Collapse';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  BILAN_LABEL,
  CREATION_STATUSES,
  CREATION_STATUS_LABELS,
  FINOTOR_FILTERS,
  FINOTOR_FILTER_LABELS,
  FIRST_AR_STATUS_LABELS,
  MESSAGES,
  NOT_ASSESSED,
  NOT_AVAILABLE,
  NOT_SET_FILTER_LABELS,
  RISK_LEVELS,
  RISK_LEVEL_LABELS,
  creationStatusInWords,
} from '@registra/domain';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import { FormattedDate } from '../../../components/FormattedDate';
import { SearchInput } from '../../../components/SearchInput';
import { errorText } from '../../../lib/errors';
import { useCreateOrganizationMutation } from '../../../lib/records';
import { useSearchOrganizationsQuery } from '../api';
import { DebouncedInput } from '../components/DebouncedInput';
import { DateFilter, FilterSelect, choicesOf } from '../../../components/FilterFields';
import type { FilterChoice } from '../../../components/FilterFields';
import { DuplicatesModal } from '../components/DuplicatesModal';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ListHeader } from '../../../components/ListHeader';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import { useErrorToast } from '../../../components/useErrorToast';
import { useListState } from '../../../components/useListState';
import { UserFilterSelect } from '../../../components/UserSelects';
import {
  EMPTY_FILTERS,
  MONTHS_FILTER_MAX,
  MONTHS_FILTER_MIN,
  countPanelFilters,
  isMonthsFilterValid,
  LIST_STATE,
  toSearchBody,
} from '../listFilters';
import type { ListState } from '../listFilters';
import type { Organization as OrganizationListRow, OrganizationSortField } from '../types';

const dateColumn = (
  label: string,
  sortField: OrganizationSortField & keyof OrganizationListRow,
): DataColumn<OrganizationListRow, OrganizationSortField> => ({
  label,
  sortField,
  cell: (organization) => <FormattedDate value={organization[sortField] as string | null} />,
});

/** The organization's name, a link that carries where the list stands (its filters, its page). */
function NameLink({ organization }: { organization: OrganizationListRow }) {
  const location = useLocation();
  return (
    <Link
      to={`/organization/${organization._id}`}
      state={{ from: location.pathname + location.search }}
      onClick={(event) => event.stopPropagation()}
    >
      {organization.name}
    </Link>
  );
}

const COLUMNS: DataColumn<OrganizationListRow, OrganizationSortField>[] = [
  {
    label: 'Name',
    sortField: 'name',
    cell: (organization) => <NameLink organization={organization} />,
  },
  { label: 'CRO', cell: (organization) => organization.cro },
  dateColumn('Incorporation date', 'incorporationDate'),
  dateColumn('First AR', 'firstAr'),
  dateColumn('Next AR reminder', 'nextArReminder'),
  {
    label: 'Creation status',
    sortField: 'creationStatus',
    cell: (organization) => creationStatusInWords(organization.creationStatus),
  },
  {
    label: 'Assigned users',
    cell: (organization) =>
      organization.users.map((user) => (
        <Badge key={user.userId} bg="light" text="dark" className="me-1 border">
          {user.userName}
        </Badge>
      )),
  },
  dateColumn('Created at', 'createdAt'),
];

const ALL = { value: '', label: 'All' };
const FIRST_AR_CHOICES = [
  ALL,
  { value: 'done', label: FIRST_AR_STATUS_LABELS.done },
  { value: 'pending', label: FIRST_AR_STATUS_LABELS.pending },
];
const BILAN_CHOICES = [ALL, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
const CREATION_STATUS_CHOICES = [
  ALL,
  ...choicesOf([...CREATION_STATUSES, NOT_AVAILABLE], {
    ...CREATION_STATUS_LABELS,
    ...NOT_SET_FILTER_LABELS,
  }),
];
const AML_RISK_CHOICES = [
  ALL,
  ...choicesOf(RISK_LEVELS, RISK_LEVEL_LABELS),
  { value: 'none', label: NOT_ASSESSED },
];
const AML_REVIEW_CHOICES = [
  { value: '', label: 'Any time' },
  { value: '0', label: 'Overdue' },
  ...[1, 3, 6, 12].map((months) => ({
    value: String(months),
    label: `Within ${months} month${months === 1 ? '' : 's'}`,
  })),
];
const FINOTOR_CHOICES = [ALL, ...choicesOf(FINOTOR_FILTERS, FINOTOR_FILTER_LABELS)];
const AR_COLUMN_CHOICES = [
  { value: 'nextArReminder', label: 'Next AR reminder' },
  { value: 'firstAr', label: 'First AR' },
];

/** The selects of the Filters panel, in its order; each value is one of its choices. */
const PANEL_SELECTS: {
  key:
    | 'status'
    | 'bilan'
    | 'creationStatus'
    | 'amlRiskLevel'
    | 'amlReviewDue'
    | 'finotor'
    | 'arColumn';
  label: string;
  choices: FilterChoice[];
}[] = [
  { key: 'status', label: 'First AR status', choices: FIRST_AR_CHOICES },
  { key: 'bilan', label: BILAN_LABEL, choices: BILAN_CHOICES },
  { key: 'creationStatus', label: 'Creation status', choices: CREATION_STATUS_CHOICES },
  { key: 'amlRiskLevel', label: 'AML risk', choices: AML_RISK_CHOICES },
  { key: 'amlReviewDue', label: 'AML review due', choices: AML_REVIEW_CHOICES },
  { key: 'finotor', label: 'Signup app', choices: FINOTOR_CHOICES },
  { key: 'arColumn', label: 'AR column', choices: AR_COLUMN_CHOICES },
];

/** An organization on a phone: its name, next AR reminder and creation status. */
const organizationCard = (organization: OrganizationListRow): RecordCardView => ({
  id: organization._id,
  title: organization.name,
  href: `/organization/${organization._id}`,
  date: { label: 'Next AR reminder', value: organization.nextArReminder },
  status: { text: creationStatusInWords(organization.creationStatus), variant: 'secondary' },
});

const ORGANIZATIONS_TABLE: DataTableLook<OrganizationListRow, OrganizationSortField> = {
  label: 'Organizations',
  columns: COLUMNS,
  card: organizationCard,
  rowOpens: 'click',
  empty: MESSAGES.noOrganizationsFound,
};

/** The list's search, filters and sort, without its page: what 'Export CSV' exports. */
function exportFilters(state: ListState): Record<string, unknown> {
  const { page: _page, limit: _limit, ...filters } = toSearchBody(state);
  return filters;
}

/** /organization: search, filters, duplicates, creation and the sortable, paged table. */
export function OrganizationListPage() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const state = list.state;
  const navigate = useNavigate();
  const [showFilters, setShowFilters] = useState(countPanelFilters(state) > 0);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const [showCreate, setShowCreate] = useState(false);

  const query = useSearchOrganizationsQuery(toSearchBody(state));
  const { data, isError } = query;
  const [createOrganization, { isLoading: creating }] = useCreateOrganizationMutation();

  useErrorToast(isError, MESSAGES.organizationsFetchFailed, 'organizations-fetch');

  /** Any filter change resets to page 1 (withFilterChange). */
  const setFilters = (changes: Partial<ListState>) => list.update(changes);
  const resetFilters = () =>
    list.replace({
      ...EMPTY_FILTERS,
      sortField: state.sortField,
      sortOrder: state.sortOrder,
      page: 1,
    });

  const create = async ({ name }: { name: string }) => {
    try {
      const organization = await createOrganization({ name }).unwrap();
      toast.success(MESSAGES.organizationCreated);
      setShowCreate(false);
      navigate(`/organization/${organization._id}`);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.organizationCreateFailed));
    }
  };

  const panelCount = countPanelFilters(state);
  const monthsValid = isMonthsFilterValid(state.nextArReminderMonths);

  return (
    <>
      <ListHeader title="Organizations" total={data}>
        <ExportCsvButton path="/organization/export" filters={exportFilters(state)} />
        <Button variant="outline-secondary" onClick={() => setShowDuplicates(true)}>
          Duplicates
        </Button>
        <Button variant="primary" onClick={() => setShowCreate(true)}>
          New Organization
        </Button>
      </ListHeader>

      <Row className="g-2 mb-2 align-items-center">
        <Col md={5}>
          <SearchInput
            value={state.search}
            label="Search organizations"
            placeholder="Search by name, CRO or e-mail..."
            onChange={(search) => setFilters({ search })}
          />
        </Col>
        <Col md={3}>
          <UserFilterSelect
            value={state.user}
            valueLabel={state.userName}
            onChange={(user, userName) => setFilters({ user, userName })}
          />
        </Col>
        <Col md="auto" className="d-flex gap-2">
          <Button
            variant={showFilters ? 'secondary' : 'outline-secondary'}
            aria-expanded={showFilters}
            aria-controls="organization-filters"
            onClick={() => setShowFilters((shown) => !shown)}
          >
            Filters{' '}
            {panelCount > 0 && (
              <Badge bg="primary" pill>
                {panelCount}
              </Badge>
            )}
          </Button>
          <Button variant="link" onClick={resetFilters}>
            Reset filters
          </Button>
        </Col>
      </Row>

      <Collapse in={showFilters}>
        <div id="organization-filters">
          <Card body className="mb-3">
            <Row className="g-3">
              <Form.Group as={Col} md={3} controlId="filter-next-ar-months">
                {/* The API counts every reminder on or before today + N months: say that the
                    overdue ones are in, or a reminder late since last year reads as "soon". */}
                <Form.Label>Next AR reminder within (months, overdue included)</Form.Label>
                <DebouncedInput
                  type="number"
                  min={MONTHS_FILTER_MIN}
                  max={MONTHS_FILTER_MAX}
                  placeholder="Any"
                  value={state.nextArReminderMonths}
                  isInvalid={!monthsValid}
                  onCommit={(nextArReminderMonths) => setFilters({ nextArReminderMonths })}
                />
                <Form.Control.Feedback type="invalid">
                  From {MONTHS_FILTER_MIN} to {MONTHS_FILTER_MAX} months
                </Form.Control.Feedback>
              </Form.Group>
              {PANEL_SELECTS.map(({ key, label, choices }) => (
                <Col md={3} key={key}>
                  <FilterSelect
                    label={label}
                    showLabel
                    value={state[key]}
                    choices={choices}
                    onChange={(value) => setFilters({ [key]: value })}
                  />
                </Col>
              ))}
              <Col md={3}>
                <DateFilter
                  label="AR on or before"
                  value={state.arDate}
                  onChange={(arDate) => setFilters({ arDate })}
                />
              </Col>
              <Col md={3} className="d-flex align-items-end">
                <Form.Check
                  id="filter-late-paid-reminders"
                  type="switch"
                  label="Late paid reminders"
                  checked={state.latePaidReminders}
                  onChange={(event) => setFilters({ latePaidReminders: event.target.checked })}
                />
              </Col>
            </Row>
          </Card>
        </div>
      </Collapse>

      <DataTable
        {...ORGANIZATIONS_TABLE}
        answer={query}
        list={list}
        error={isError ? MESSAGES.organizationsFetchFailed : null}
      />

      <DuplicatesModal show={showDuplicates} onHide={() => setShowDuplicates(false)} />
      <NewOrganizationModal
        show={showCreate}
        busy={creating}
        onHide={() => setShowCreate(false)}
        onSubmit={create}
      />
    </>
  );
}
