import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import {
  FOLLOW_UP_OPTIONS,
  STORAGE_KEYS,
  followUpDefinition,
  MESSAGES,
  ROUTES,
} from '@registra/domain';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn, DataTableLook } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import { DateFilter, FilterSelect } from '../../../components/FilterFields';
import { FormattedDate } from '../../../components/FormattedDate';
import { ListHeader } from '../../../components/ListHeader';
import { SearchInput } from '../../../components/SearchInput';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useErrorToast } from '../../../components/useErrorToast';
import { useListState } from '../../../components/useListState';
import { UserFilterSelect } from '../../../components/UserSelects';
import { useSearchFollowUpsQuery } from '../api';
import type { FollowUpSortField, FollowUpSummary, FollowUpView } from '../api';
import { DeadlineText } from '../components/DeadlineText';
import { StepProgress } from '../components/StepProgress';
import { DEFAULT_FOLLOW_UP_FILTERS, FOLLOW_UP_LIST_STATE, toFollowUpSearch } from '../listFilters';

/** Every follow-up type, or all of them. */
const FOLLOW_UP_CHOICES = [{ value: '', label: 'All follow-ups' }, ...FOLLOW_UP_OPTIONS];

const organizationTab = (organizationId: string) =>
  `/organization/${organizationId}/FOLLOW_UP_BETA_TAB`;

const organizationLink = (followUp: FollowUpView) => (
  <Link
    to={organizationTab(followUp.organization_id)}
    state={{ from: ROUTES.followUps }}
    onClick={(event) => event.stopPropagation()}
  >
    {followUp.organization_name}
  </Link>
);

const COLUMNS: DataColumn<FollowUpView, FollowUpSortField>[] = [
  { label: 'Organization', sortField: 'organization_name', cell: organizationLink },
  {
    label: 'Follow Up',
    sortField: 'name',
    cell: (followUp) => followUpDefinition(followUp.name).displayName,
  },
  {
    label: 'Current Step',
    sortField: 'step_index',
    cell: (followUp) => <StepProgress name={followUp.name} stepIndex={followUp.step_index} />,
  },
  {
    label: 'Start Date',
    sortField: 'start_date',
    cell: (followUp) => <FormattedDate value={followUp.start_date} />,
  },
  { label: 'Assigned to', sortField: 'user_name', cell: (followUp) => followUp.user_name },
  { label: 'ARD', sortField: 'ARD', cell: (followUp) => <FormattedDate value={followUp.ARD} /> },
  {
    label: 'Deadline',
    sortField: 'deadline',
    cell: (followUp) => (
      <DeadlineText deadline={followUp.deadline} completed={followUp.completed} />
    ),
  },
  {
    label: 'Comments',
    sortField: 'comments',
    className: 'text-break',
    style: { maxWidth: '16rem' },
    cell: (followUp) => followUp.comments,
  },
];

/** A follow-up on a phone: the organization and process, its deadline, in progress or done. */
const followUpCard = (followUp: FollowUpView): RecordCardView => ({
  id: followUp._id,
  title: `${followUp.organization_name}: ${followUpDefinition(followUp.name).displayName}`,
  href: organizationTab(followUp.organization_id),
  date: { label: 'Deadline', value: followUp.deadline },
  status: followUp.completed
    ? { text: 'Completed', variant: 'success' }
    : { text: 'In progress', variant: 'primary' },
});

const FOLLOW_UPS_TABLE: DataTableLook<FollowUpView, FollowUpSortField> = {
  label: 'Follow-ups',
  columns: COLUMNS,
  card: followUpCard,
  rowOpens: 'click',
  empty: 'No follow-ups found',
};

function Summary({ summary }: { summary: FollowUpSummary }) {
  const items: [string, number, string][] = [
    ['Follow-ups', summary.total, 'secondary'],
    ['In progress', summary.inProgress, 'primary'],
    ['Completed', summary.completed, 'success'],
    ['Deadline passed', summary.late, 'danger'],
    ['Due within 7 days', summary.dueSoon, 'warning'],
  ];
  return (
    <Card body className="mb-3" aria-label="Summary">
      <div className="d-flex flex-wrap gap-4">
        {items.map(([label, count, variant]) => (
          <div key={label}>
            <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} pill>
              {count}
            </Badge>{' '}
            {label}
          </div>
        ))}
      </div>
    </Card>
  );
}

/**
 * /followUp (docs/product/follow-ups.md): every organization's active follow-ups, filtered, sorted,
 * paged.
 */
export function FollowUpListPage() {
  const list = useListState(
    FOLLOW_UP_LIST_STATE,
    { in: 'storage', key: STORAGE_KEYS.followUpFilters },
    { clearableSort: true },
  );
  const state = list.state;

  // Filters, sort and page are debounced by 300 ms (DEBOUNCE_MS): one call per pause.
  const body = useDebouncedValue(JSON.stringify(toFollowUpSearch(state)));
  const search = useMemo(() => JSON.parse(body) as ReturnType<typeof toFollowUpSearch>, [body]);
  const query = useSearchFollowUpsQuery(search);
  const { data, isError } = query;

  useErrorToast(isError, MESSAGES.followUpsFetchError, 'follow-ups-fetch');

  /** Any filter change resets to page 1 (withFilterChange). */
  const setFilters = list.update;

  return (
    <>
      <ListHeader title="Follow-ups" total={data}>
        <Button
          variant="outline-secondary"
          aria-pressed={state.showSummary}
          onClick={() => list.update({ showSummary: !state.showSummary, page: state.page })}
        >
          {state.showSummary ? 'Hide summary' : 'Show summary'}
        </Button>
        <Button
          variant="link"
          onClick={() =>
            list.replace({ ...DEFAULT_FOLLOW_UP_FILTERS, showSummary: state.showSummary })
          }
        >
          Reset filters
        </Button>
      </ListHeader>

      <Row className="g-2 mb-3 align-items-end">
        {/* Two rows of three below 1400 px: in one row of six a date's "dd/mm/yyyy" was
            clipped at 1280 px. */}
        <Col md={4} xxl={3}>
          <SearchInput
            value={state.organization_name}
            label="Organization name"
            placeholder="Organization name..."
            onChange={(organization_name) => setFilters({ organization_name })}
          />
        </Col>
        <Col md={4} xxl={3}>
          <FilterSelect
            label="Follow-up"
            showLabel
            labelClassName="small mb-1"
            value={state.name}
            choices={FOLLOW_UP_CHOICES}
            onChange={(name) => setFilters({ name })}
          />
        </Col>
        <Col md={4} xxl={2}>
          <DateFilter
            label="Started on or after"
            labelClassName="small mb-1"
            value={state.startDate}
            onChange={(startDate) => setFilters({ startDate })}
          />
        </Col>
        <Col md={4} xxl={2}>
          <DateFilter
            label="Deadline on or before"
            labelClassName="small mb-1"
            value={state.deadline}
            onChange={(deadline) => setFilters({ deadline })}
          />
        </Col>
        <Col md={4} xxl={2}>
          <UserFilterSelect
            inputId="follow-up-filter-user"
            ariaLabel="Assigned to"
            placeholder="Anyone"
            value={state.assigned_to}
            valueLabel={state.assignedToName}
            onChange={(assigned_to, assignedToName) => setFilters({ assigned_to, assignedToName })}
          />
        </Col>
        <Col xs="auto" className="d-flex gap-3">
          <Form.Check
            id="follow-up-filter-in-progress"
            type="switch"
            label="In progress"
            checked={state.inProgress}
            onChange={(event) => setFilters({ inProgress: event.target.checked })}
          />
          <Form.Check
            id="follow-up-filter-completed"
            type="switch"
            label="Completed"
            checked={state.completed}
            onChange={(event) => setFilters({ completed: event.target.checked })}
          />
        </Col>
      </Row>

      {state.showSummary && data?.summary && <Summary summary={data.summary} />}

      <DataTable
        {...FOLLOW_UPS_TABLE}
        answer={query}
        list={list}
        error={isError ? MESSAGES.followUpsFetchError : null}
      />
    </>
  );
}
