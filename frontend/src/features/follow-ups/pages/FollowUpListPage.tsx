import { useEffect, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  DATE_MAX,
  DATE_MIN,
  FOLLOW_UP_OPTIONS,
  followUpDefinition,
  isValidDateFilter,
  MESSAGES,
} from '@registra/domain';
import { DateField } from '../../../components/DateField';
import { FormattedDate } from '../../../components/FormattedDate';
import { ListHeader } from '../../../components/ListHeader';
import { Pagination } from '../../../components/Pagination';
import { RecordCards, useSmallScreen } from '../../../components/RecordCards';
import { SearchInput } from '../../../components/SearchInput';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { UserFilterSelect } from '../../../components/UserSelects';
import { useSearchFollowUpsQuery } from '../api';
import type { FollowUpSortField, FollowUpSummary } from '../api';
import { DeadlineText } from '../components/DeadlineText';
import { StepProgress } from '../components/StepProgress';
import {
  DEFAULT_FOLLOW_UP_FILTERS,
  nextSort,
  readFollowUpFilters,
  toFollowUpSearch,
  writeFollowUpFilters,
} from '../listFilters';
import type { FollowUpListState } from '../listFilters';

const COLUMNS: { label: string; sortField: FollowUpSortField }[] = [
  { label: 'Organization', sortField: 'organization_name' },
  { label: 'Follow Up', sortField: 'name' },
  { label: 'Current Step', sortField: 'step_index' },
  { label: 'Start Date', sortField: 'start_date' },
  { label: 'Assigned to', sortField: 'user_name' },
  { label: 'ARD', sortField: 'ARD' },
  { label: 'Deadline', sortField: 'deadline' },
  { label: 'Comments', sortField: 'comments' },
];

const organizationTab = (organizationId: string) =>
  `/organization/${organizationId}/FOLLOW_UP_BETA_TAB`;

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

/** /followUp (spec 02 §2.5): every organization's active follow-ups, filtered, sorted, paged. */
export function FollowUpListPage() {
  const [state, setState] = useState<FollowUpListState>(() => readFollowUpFilters());
  const navigate = useNavigate();
  const location = useLocation();
  const small = useSmallScreen();

  useEffect(() => writeFollowUpFilters(state), [state]);

  // Filters, sort and page are debounced by 300 ms (spec 02 §9): one call per pause.
  const body = useDebouncedValue(JSON.stringify(toFollowUpSearch(state)));
  const search = useMemo(() => JSON.parse(body) as ReturnType<typeof toFollowUpSearch>, [body]);
  const { data, isFetching, isError } = useSearchFollowUpsQuery(search);

  useEffect(() => {
    if (isError) toast.error(MESSAGES.followUpsFetchError, { id: 'follow-ups-fetch' });
  }, [isError]);

  /** Any filter change resets to page 1 (spec 02 §9). */
  const setFilters = (changes: Partial<FollowUpListState>) =>
    setState((current) => ({ ...current, ...changes, page: 1 }));
  const sortBy = (field: FollowUpSortField) =>
    setState((current) => ({ ...current, ...nextSort(current, field), page: 1 }));
  const open = (organizationId: string) =>
    navigate(organizationTab(organizationId), { state: { from: location.pathname } });

  const rows = data?.data ?? [];
  const startValid = isValidDateFilter(state.startDate);
  const deadlineValid = isValidDateFilter(state.deadline);

  return (
    <>
      <ListHeader title="Follow-ups" total={data?.totalItems}>
        <Button
          variant="outline-secondary"
          aria-pressed={state.showSummary}
          onClick={() => setState((current) => ({ ...current, showSummary: !current.showSummary }))}
        >
          {state.showSummary ? 'Hide summary' : 'Show summary'}
        </Button>
        <Button
          variant="link"
          onClick={() => setState({ ...DEFAULT_FOLLOW_UP_FILTERS, showSummary: state.showSummary })}
        >
          Reset filters
        </Button>
      </ListHeader>

      <Row className="g-2 mb-3 align-items-end">
        <Col md={3}>
          <SearchInput
            value={state.organization_name}
            label="Organization name"
            placeholder="Organization name..."
            onChange={(organization_name) => setFilters({ organization_name })}
          />
        </Col>
        <Form.Group as={Col} md={3} controlId="follow-up-filter-name">
          <Form.Label className="small mb-1">Follow-up</Form.Label>
          <Form.Select
            value={state.name}
            onChange={(event) => setFilters({ name: event.target.value })}
          >
            <option value="">All follow-ups</option>
            {FOLLOW_UP_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="follow-up-filter-start">
          <Form.Label className="small mb-1">Started on or after</Form.Label>
          <DateField
            label="Started on or after"
            min={DATE_MIN}
            max={DATE_MAX}
            value={startValid ? state.startDate : ''}
            onChange={(startDate) => setFilters({ startDate })}
          />
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="follow-up-filter-deadline">
          <Form.Label className="small mb-1">Deadline on or before</Form.Label>
          <DateField
            label="Deadline on or before"
            min={DATE_MIN}
            max={DATE_MAX}
            value={deadlineValid ? state.deadline : ''}
            onChange={(deadline) => setFilters({ deadline })}
          />
        </Form.Group>
        <Col md={2}>
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

      {small ? (
        <RecordCards
          label="Follow-ups"
          cards={rows.map((followUp) => ({
            id: followUp._id,
            title: `${followUp.organization_name}: ${followUpDefinition(followUp.name).displayName}`,
            href: organizationTab(followUp.organization_id),
            state: { from: location.pathname },
            date: { label: 'Deadline', value: followUp.deadline },
            status: {
              text: followUp.completed ? 'Completed' : 'In progress',
              variant: followUp.completed ? 'success' : 'primary',
            },
          }))}
        />
      ) : (
        <Table hover responsive className="align-middle">
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = column.sortField === state.sortField;
                return (
                  <th
                    key={column.label}
                    className="text-nowrap"
                    aria-sort={
                      active ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                  >
                    <Button
                      variant="link"
                      className="p-0 text-reset fw-semibold text-decoration-none"
                      onClick={() => sortBy(column.sortField)}
                    >
                      {column.label}
                      {active && (state.sortOrder === 'asc' ? ' ▲' : ' ▼')}
                    </Button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={isFetching ? 'opacity-50' : undefined}>
            {rows.map((followUp) => (
              <tr key={followUp._id} role="button" onClick={() => open(followUp.organization_id)}>
                <td>
                  <Link
                    to={organizationTab(followUp.organization_id)}
                    state={{ from: location.pathname }}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {followUp.organization_name}
                  </Link>
                </td>
                <td>{followUpDefinition(followUp.name).displayName}</td>
                <td>
                  <StepProgress name={followUp.name} stepIndex={followUp.step_index} />
                </td>
                <td>
                  <FormattedDate value={followUp.start_date} />
                </td>
                <td>{followUp.user_name}</td>
                <td>
                  <FormattedDate value={followUp.ARD} />
                </td>
                <td>
                  <DeadlineText deadline={followUp.deadline} completed={followUp.completed} />
                </td>
                <td className="text-break" style={{ maxWidth: '16rem' }}>
                  {followUp.comments}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {isFetching && !data && (
        <div className="text-center py-4">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        </div>
      )}
      {data && rows.length === 0 && <p className="text-muted">No follow-ups found</p>}
      {isError && <p className="text-danger">{MESSAGES.followUpsFetchError}</p>}

      <Pagination
        page={state.page}
        totalPages={data?.totalPages ?? 0}
        onChange={(page) => setState((current) => ({ ...current, page }))}
      />
    </>
  );
}
