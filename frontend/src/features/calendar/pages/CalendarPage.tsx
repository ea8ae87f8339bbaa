import {
  CALENDAR_KIND_LABELS,
  CALENDAR_MAX_ITEMS,
  CALENDAR_STATE_LABELS,
  type CalendarItem,
  type CalendarKind,
  calendarItemPath,
  formatDate,
  todayInDublin,
} from '@registra/domain';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { usePhoneScreen } from '../../../lib/media';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/hooks';
import { CalendarKindChecks, toggledKinds } from '../../../components/CalendarKindChecks';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { RecordSelect } from '../../../components/RecordSelect';
import { UserFilterSelect } from '../../../components/UserSelects';
import { useOrganizationOptionsQuery } from '../../../lib/records';
import { useCalendarQuery } from '../api';
import { AnnualReturnStarts } from '../components/AnnualReturnStarts';
import {
  calendarRange,
  calendarViewParams,
  type CalendarView,
  monthGrid,
  monthTitle,
  readCalendarView,
  shiftMonth,
  STATE_CLASS,
} from '../calendarView';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** /calendar: every dated obligation by month or as an agenda, filters kept in the address. */
export function CalendarPage() {
  const today = todayInDublin();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const [params, setParams] = useSearchParams();
  // A phone held upright opens on the agenda; the month stays one button away.
  const defaultView = usePhoneScreen() ? 'agenda' : 'month';
  const view = readCalendarView(params, today, defaultView);
  // From the address as it is when applied: two quick changes both count.
  const change = (
    next: Partial<CalendarView> | ((current: CalendarView) => Partial<CalendarView>),
  ) =>
    setParams((previous) => {
      const current = readCalendarView(previous, today, defaultView);
      const changes = typeof next === 'function' ? next(current) : next;
      return calendarViewParams({ ...current, ...changes }, today, defaultView);
    });
  const range = calendarRange(view);
  // Learnt from an answer for 'mine': nothing in the book is assigned to this user, so the
  // default shows everybody's (a user who chose 'Mine' keeps it, and is told).
  const [nothingMine, setNothingMine] = useState(false);
  const user = !view.userChosen && nothingMine ? '' : view.user;
  const { data, isFetching, isError } = useCalendarQuery({
    ...range,
    kinds: view.kinds,
    user,
    organizationId: view.organizationId,
  });
  if (user === 'mine' && data?.anythingAssigned === false && !nothingMine) setNothingMine(true);
  const items = useMemo(() => data?.data ?? [], [data]);

  const toggleKind = (kind: CalendarKind, on: boolean) =>
    change((current) => ({
      kinds: toggledKinds(current.kinds, kind, on),
    }));
  const userMode = user === 'mine' ? 'mine' : user === '' ? 'all' : 'user';
  const everybody = () => change({ user: '', userName: '', userChosen: true });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-baseline gap-3">
          <h1 className="h3 mb-0">Calendar</h1>
          {/* The feed's address is made, once, where the user's own settings are. */}
          <Link to="/account#account-calendar-feeds" className="small">
            Subscribe in Outlook, Google or Apple Calendar
          </Link>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <ButtonGroup aria-label="View">
            <Button
              variant={view.view === 'month' ? 'primary' : 'outline-primary'}
              aria-pressed={view.view === 'month'}
              onClick={() => change({ view: 'month' })}
            >
              Month
            </Button>
            <Button
              variant={view.view === 'agenda' ? 'primary' : 'outline-primary'}
              aria-pressed={view.view === 'agenda'}
              onClick={() => change({ view: 'agenda' })}
            >
              Agenda
            </Button>
          </ButtonGroup>
          <ButtonGroup aria-label="Month">
            <Button
              variant="outline-secondary"
              onClick={() => change({ month: shiftMonth(view.month, -1) })}
            >
              Previous
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => change({ month: today.slice(0, 7) })}
            >
              Today
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => change({ month: shiftMonth(view.month, 1) })}
            >
              Next
            </Button>
          </ButtonGroup>
        </div>
      </div>

      <Row className="g-3 mb-3" as="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <Col lg={5}>
          <CalendarKindChecks idPrefix="calendar-kind" kinds={view.kinds} onToggle={toggleKind} />
        </Col>
        <Col sm={6} lg={3}>
          <Form.Label htmlFor="calendar-user-mode">Assigned to</Form.Label>
          <Form.Select
            id="calendar-user-mode"
            value={userMode}
            onChange={(event) => {
              const mode = event.target.value;
              if (mode === 'mine') change({ user: 'mine', userName: '', userChosen: true });
              else if (mode === 'all') everybody();
            }}
          >
            <option value="mine">Mine</option>
            <option value="all">Everybody</option>
            <option value="user" disabled={userMode !== 'user'}>
              {userMode === 'user' ? view.userName || 'One user' : 'One user (choose below)'}
            </option>
          </Form.Select>
          <div className="mt-2">
            <UserFilterSelect
              inputId="calendar-user"
              ariaLabel="One user"
              placeholder="One user…"
              value={userMode === 'user' ? view.user : ''}
              valueLabel={view.userName}
              onChange={(userId, userName) =>
                change(
                  userId
                    ? { user: userId, userName, userChosen: true }
                    : { user: 'mine', userName: '', userChosen: false },
                )
              }
            />
          </div>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Label htmlFor="calendar-organization">Organization</Form.Label>
          <RecordSelect
            inputId="calendar-organization"
            label="Organization"
            placeholder="All organizations"
            value={view.organizationId || null}
            valueLabel={view.organizationName || null}
            useOptions={useOrganizationOptionsQuery}
            noOptionsMessage="No organizations found"
            onChange={(organizationId, organizationName) =>
              change({
                organizationId: organizationId ?? '',
                organizationName: organizationName ?? '',
              })
            }
          />
        </Col>
      </Row>

      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0">{monthTitle(view.month)}</h2>
        {isFetching && <Spinner size="sm" role="status" aria-label="Loading" />}
        <Legend />
      </div>
      {isError && <Alert variant="danger">Failed to fetch the calendar.</Alert>}
      {data?.truncated && (
        <Alert variant="warning">
          Only the first {CALENDAR_MAX_ITEMS} obligations are shown: narrow the kinds, the user or
          the organization.
        </Alert>
      )}
      {!view.userChosen && nothingMine && (
        <Alert variant="info" data-testid="calendar-everybody-default">
          Nothing in the book is assigned to you yet, so the calendar shows everybody&apos;s
          obligations.
        </Alert>
      )}
      {user === 'mine' && data && !isFetching && items.length === 0 && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">
            {data.anythingAssigned === false
              ? 'Nothing is assigned to you.'
              : `Nothing assigned to you falls in ${monthTitle(view.month)}.`}
          </span>
          <Button size="sm" variant="outline-primary" onClick={everybody}>
            Everybody
          </Button>
        </Alert>
      )}
      {isAdmin && <AnnualReturnStarts />}
      {view.view === 'month' ? (
        <MonthGrid month={view.month} items={items} today={today} />
      ) : (
        <Agenda items={data ? items : undefined} loading={isFetching} />
      )}
    </>
  );
}

function Legend() {
  return (
    <ul className="list-inline small mb-0 ms-auto" aria-label="Legend">
      {(['overdue', 'dueSoon', 'later'] as const).map((state) => (
        <li key={state} className={`list-inline-item ${STATE_CLASS[state]}`}>
          ● {CALENDAR_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}

function ItemLink({ item }: { item: CalendarItem }) {
  return (
    <Link
      to={calendarItemPath(item)}
      className={`calendar-item ${STATE_CLASS[item.state]}`}
      data-state={item.state}
      title={`${item.organizationName}: ${item.title} (${CALENDAR_STATE_LABELS[item.state]})`}
    >
      {item.organizationName}: {item.title}
      <span className="visually-hidden"> ({CALENDAR_STATE_LABELS[item.state]})</span>
    </Link>
  );
}

function MonthGrid({
  month,
  items,
  today,
}: {
  month: string;
  items: CalendarItem[];
  today: string;
}) {
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const item of items) {
      const list = map.get(item.date) ?? [];
      list.push(item);
      map.set(item.date, list);
    }
    return map;
  }, [items]);
  return (
    <div>
      <Table
        bordered
        size="sm"
        className="calendar-month"
        aria-label={`Month of ${monthTitle(month)}`}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="text-center">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const dayItems = byDay.get(day) ?? [];
                const inMonth = day.startsWith(month);
                return (
                  <td
                    key={day}
                    className={`calendar-day${inMonth ? '' : ' text-muted bg-light'}${day === today ? ' calendar-today' : ''}`}
                    aria-label={formatDate(day)}
                  >
                    <div className="small fw-semibold">{Number(day.slice(8))}</div>
                    <ul className="list-unstyled mb-0 small">
                      {dayItems.map((item) => (
                        <li key={`${item.kind}-${item.recordId}`}>
                          <ItemLink item={item} />
                        </li>
                      ))}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** A state's badge on a phone's card, in the colours of the month's links. */
const STATE_VARIANT: Readonly<Record<CalendarItem['state'], string>> = {
  overdue: 'danger',
  dueSoon: 'warning',
  later: 'secondary',
};

const itemKey = (item: CalendarItem) => `${item.kind}-${item.recordId}`;
const assignedNames = (item: CalendarItem) =>
  item.assignedTo.map((user) => user.userName).join(', ');

const AGENDA_COLUMNS: readonly DataColumn<CalendarItem>[] = [
  { label: 'Date', cell: (item) => formatDate(item.date), className: 'text-nowrap' },
  { label: 'Obligation', cell: (item) => <ItemLink item={item} /> },
  { label: 'Kind', cell: (item) => CALENDAR_KIND_LABELS[item.kind] },
  { label: 'Assigned to', cell: assignedNames },
];

/** The month's obligations in date order, one row each; a card each on a phone. */
function Agenda({ items, loading }: { items: CalendarItem[] | undefined; loading: boolean }) {
  return (
    <DataTable
      label="Agenda"
      columns={AGENDA_COLUMNS}
      rows={items}
      rowKey={itemKey}
      loading={loading}
      empty="No obligations this month."
      rowOpens="click"
      card={(item) => ({
        id: itemKey(item),
        title: `${item.organizationName}: ${item.title}`,
        href: calendarItemPath(item),
        date: { label: CALENDAR_KIND_LABELS[item.kind], value: item.date },
        status: { text: CALENDAR_STATE_LABELS[item.state], variant: STATE_VARIANT[item.state] },
        detail: assignedNames(item) || null,
      })}
    />
  );
}
