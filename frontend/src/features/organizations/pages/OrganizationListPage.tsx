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
  CREATION_STATUSES,
  FINOTOR_FILTERS,
  DATE_MAX,
  DATE_MIN,
  MESSAGES,
  NOT_AVAILABLE,
  creationStatusLabel,
  isValidDateFilter,
} from '@registra/domain';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import { FormattedDate } from '../../../components/FormattedDate';
import { SearchInput } from '../../../components/SearchInput';
import { errorText } from '../../../app/errors';
import { useCreateOrganizationMutation } from '../../../app/records';
import { useSearchOrganizationsQuery } from '../api';
import { DebouncedInput } from '../components/DebouncedInput';
import { DateField } from '../../../components/DateField';
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
    cell: (organization) => creationStatusLabel(organization.creationStatus),
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

const FINOTOR_FILTER_LABELS: Record<string, string> = {
  ok: 'OK (registered)',
  late: 'Late (not registered)',
  stopped: 'Stopped',
};

/** An organization on a phone: its name, next AR reminder and creation status. */
const organizationCard = (organization: OrganizationListRow): RecordCardView => ({
  id: organization._id,
  title: organization.name,
  href: `/organization/${organization._id}`,
  date: { label: 'Next AR reminder', value: organization.nextArReminder },
  status: { text: creationStatusLabel(organization.creationStatus), variant: 'secondary' },
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

  /** Spec 01 §9: any filter change resets to page 1. */
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
  const arDateValid = isValidDateFilter(state.arDate);

  return (
    <>
      <ListHeader title="Organizations" total={data?.totalItems}>
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
                <Form.Label>Next AR reminder within (months)</Form.Label>
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
              <Form.Group as={Col} md={3} controlId="filter-first-ar-status">
                <Form.Label>First AR status</Form.Label>
                <Form.Select
                  value={state.status}
                  onChange={(event) =>
                    setFilters({ status: event.target.value as ListState['status'] })
                  }
                >
                  <option value="">All</option>
                  <option value="done">DONE</option>
                  <option value="pending">PENDING</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-bilan">
                <Form.Label>Bilan</Form.Label>
                <Form.Select
                  value={state.bilan}
                  onChange={(event) =>
                    setFilters({ bilan: event.target.value as ListState['bilan'] })
                  }
                >
                  <option value="">All</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-creation-status">
                <Form.Label>Creation status</Form.Label>
                <Form.Select
                  value={state.creationStatus}
                  onChange={(event) => setFilters({ creationStatus: event.target.value })}
                >
                  <option value="">All</option>
                  {[...CREATION_STATUSES, NOT_AVAILABLE].map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-aml-risk">
                <Form.Label>AML risk</Form.Label>
                <Form.Select
                  value={state.amlRiskLevel}
                  onChange={(event) =>
                    setFilters({ amlRiskLevel: event.target.value as ListState['amlRiskLevel'] })
                  }
                >
                  <option value="">All</option>
                  <option value="high">High</option>
                  <option value="medium">Medium</option>
                  <option value="low">Low</option>
                  <option value="none">Not assessed</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-aml-review">
                <Form.Label>AML review due</Form.Label>
                <Form.Select
                  value={state.amlReviewDue}
                  onChange={(event) => setFilters({ amlReviewDue: event.target.value })}
                >
                  <option value="">Any time</option>
                  <option value="0">Overdue</option>
                  <option value="1">Within 1 month</option>
                  <option value="3">Within 3 months</option>
                  <option value="6">Within 6 months</option>
                  <option value="12">Within 12 months</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-finotor">
                <Form.Label>Signup app</Form.Label>
                <Form.Select
                  value={state.finotor}
                  onChange={(event) => setFilters({ finotor: event.target.value })}
                >
                  <option value="">All</option>
                  {FINOTOR_FILTERS.map((value) => (
                    <option key={value} value={value}>
                      {FINOTOR_FILTER_LABELS[value] ?? value}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-ar-column">
                <Form.Label>AR column</Form.Label>
                <Form.Select
                  value={state.arColumn}
                  onChange={(event) =>
                    setFilters({ arColumn: event.target.value as ListState['arColumn'] })
                  }
                >
                  <option value="nextArReminder">Next AR reminder</option>
                  <option value="firstAr">First AR</option>
                </Form.Select>
              </Form.Group>
              <Form.Group as={Col} md={3} controlId="filter-ar-date">
                <Form.Label>AR on or before</Form.Label>
                <DateField
                  label="AR on or before"
                  min={DATE_MIN}
                  max={DATE_MAX}
                  value={arDateValid ? state.arDate : ''}
                  onChange={(arDate) => setFilters({ arDate })}
                />
              </Form.Group>
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
