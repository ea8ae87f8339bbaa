import {
  CALENDAR_KIND_LABELS,
  CALENDAR_KINDS,
  type CalendarKind,
  defaultOverviewPeriod,
  formatDate,
  type OverviewView,
  overviewRangeError,
  todayInDublin,
} from '@registra/domain';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DateField } from '../../../components/DateField';
import { useOverviewQuery } from '../api';
import { ChartCard, type ChartTable } from '../components/ChartCard';

const WIDTH = 520;
const HEIGHT = 260;
/** One colour per kind (Bootstrap's palette). */
const KIND_COLOURS: Record<CalendarKind, string> = {
  ard: '#0d6efd',
  filingDeadline: '#dc3545',
  b1b73: '#6f42c1',
  corporationTax: '#fd7e14',
  amlReview: '#198754',
  followUpDeadline: '#20c997',
  subscriptionDue: '#6c757d',
};
/** "AML risk colours: high red, medium yellow, low green." */
const RISK_COLOURS: Record<string, string> = {
  high: '#dc3545',
  medium: '#ffc107',
  low: '#198754',
  none: '#adb5bd',
};
const STATUS_COLOURS = ['#0d6efd', '#dc3545', '#6c757d', '#198754', '#fd7e14'];
const euros = (value: number) => value.toFixed(2);

/** /overview: the book in charts, each with its table and CSV; period and user in the address. */
export function OverviewPage() {
  const today = todayInDublin();
  const defaults = defaultOverviewPeriod(today);
  const [params, setParams] = useSearchParams();
  const from = params.get('from') || defaults.from;
  const to = params.get('to') || defaults.to;
  const user = params.get('user') === 'all' ? '' : 'mine';
  const rangeError = overviewRangeError(from, to);
  const { data, isFetching, isError } = useOverviewQuery(
    { from, to, user },
    { skip: rangeError !== null },
  );
  const change = (key: 'from' | 'to' | 'user', value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Overview</h1>
        {isFetching && <Spinner size="sm" role="status" aria-label="Loading" />}
      </div>
      <Row className="g-3 mb-3" as="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <Col sm={4} md={3}>
          <DateField
            label="From"
            id="overview-from"
            value={from}
            onChange={(v) => change('from', v)}
          />
        </Col>
        <Col sm={4} md={3}>
          <Form.Label htmlFor="overview-to">To</Form.Label>
          <DateField label="To" id="overview-to" value={to} onChange={(v) => change('to', v)} />
        </Col>
        <Col sm={4} md={3}>
          <Form.Label htmlFor="overview-user">Assigned to</Form.Label>
          <Form.Select
            id="overview-user"
            value={user ? 'mine' : 'all'}
            onChange={(event) => change('user', event.target.value === 'all' ? 'all' : '')}
          >
            <option value="mine">Mine</option>
            <option value="all">Everybody</option>
          </Form.Select>
        </Col>
      </Row>
      {rangeError && <Alert variant="warning">{rangeError}</Alert>}
      {isError && <Alert variant="danger">Failed to fetch the overview.</Alert>}
      {data && <Charts data={data} />}
    </>
  );
}

function Charts({ data }: { data: OverviewView }) {
  const kinds = CALENDAR_KINDS.filter((kind) =>
    data.obligationsByMonth.some((row) => row.kind === kind),
  );
  const months = [...new Set(data.obligationsByMonth.map((row) => row.month))];
  const obligations = months.map((month) => ({
    month,
    ...Object.fromEntries(
      kinds.map((kind) => [
        kind,
        data.obligationsByMonth.find((row) => row.month === month && row.kind === kind)?.count ?? 0,
      ]),
    ),
  }));
  const obligationsTable: ChartTable = {
    headers: ['Month', ...kinds.map((kind) => CALENDAR_KIND_LABELS[kind])],
    rows: obligations.map((row) => [
      row.month,
      ...kinds.map((kind) => (row as Record<string, number | string>)[kind] as number),
    ]),
  };
  const overdueKinds = data.overdueByKind.map((row) => ({
    name: CALENDAR_KIND_LABELS[row.kind],
    count: row.count,
  }));
  const overdueUsers = data.overdueByUser.map((row) => ({ name: row.userName, count: row.count }));
  const risks = data.amlRiskLevels.map((row) => ({ name: row.level ?? 'none', count: row.count }));
  const statuses = data.subscriptionsByStatus.map((row) => ({
    name: row.status,
    count: row.count,
  }));

  return (
    <Row className="g-3" xs={1} xl={2}>
      <Col>
        <ChartCard
          title={`Obligations per month (${formatDate(data.from)} – ${formatDate(data.to)})`}
          fileName="obligations-by-month"
          table={obligationsTable}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={obligations}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {kinds.map((kind) => (
              <Bar
                isAnimationActive={false}
                key={kind}
                dataKey={kind}
                name={CALENDAR_KIND_LABELS[kind]}
                stackId="kinds"
                fill={KIND_COLOURS[kind]}
              />
            ))}
          </BarChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Overdue by kind"
          fileName="overdue-by-kind"
          table={{ headers: ['Kind', 'Overdue'], rows: overdueKinds.map((r) => [r.name, r.count]) }}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={overdueKinds}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="count" name="Overdue" fill="#dc3545" />
          </BarChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Overdue by assigned user"
          fileName="overdue-by-user"
          table={{ headers: ['User', 'Overdue'], rows: overdueUsers.map((r) => [r.name, r.count]) }}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={overdueUsers}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="count" name="Overdue" fill="#dc3545" />
          </BarChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="AML risk levels"
          fileName="aml-risk-levels"
          table={{
            headers: ['Risk level', 'Organizations'],
            rows: risks.map((r) => [r.name, r.count]),
          }}
        >
          <PieChart width={WIDTH} height={HEIGHT}>
            <Pie
              isAnimationActive={false}
              data={risks}
              dataKey="count"
              nameKey="name"
              outerRadius={100}
              label
            >
              {risks.map((row) => (
                <Cell key={row.name} fill={RISK_COLOURS[row.name] ?? RISK_COLOURS.none} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="AML reviews due per month"
          fileName="aml-reviews-by-month"
          table={{
            headers: ['Month', 'Reviews due'],
            rows: data.amlReviewsByMonth.map((r) => [r.month, r.count]),
          }}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={data.amlReviewsByMonth}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="count" name="Reviews due" fill="#198754" />
          </BarChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Orders per month (€)"
          fileName="orders-by-month"
          table={{
            headers: ['Month', 'Paid (€)', 'Outstanding (€)'],
            rows: data.ordersByMonth.map((r) => [r.month, euros(r.paid), euros(r.outstanding)]),
          }}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={data.ordersByMonth}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Bar
              isAnimationActive={false}
              dataKey="paid"
              name="Paid"
              stackId="money"
              fill="#198754"
            />
            <Bar
              isAnimationActive={false}
              dataKey="outstanding"
              name="Outstanding"
              stackId="money"
              fill="#dc3545"
            />
          </BarChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Subscriptions by status"
          fileName="subscriptions-by-status"
          table={{
            headers: ['Status', 'Subscriptions'],
            rows: statuses.map((r) => [r.name, r.count]),
          }}
        >
          <PieChart width={WIDTH} height={HEIGHT}>
            <Pie
              isAnimationActive={false}
              data={statuses}
              dataKey="count"
              nameKey="name"
              outerRadius={100}
              label
            >
              {statuses.map((row, index) => (
                <Cell key={row.name} fill={STATUS_COLOURS[index % STATUS_COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Company-creation requests per month"
          fileName="company-creation-requests"
          table={{
            headers: ['Month', 'Received', 'Became clients'],
            rows: data.formsByMonth.map((r) => [r.month, r.received, r.becameClients]),
          }}
        >
          <BarChart width={WIDTH} height={HEIGHT} data={data.formsByMonth}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar isAnimationActive={false} dataKey="received" name="Received" fill="#0d6efd" />
            <Bar
              isAnimationActive={false}
              dataKey="becameClients"
              name="Became clients"
              fill="#198754"
            />
          </BarChart>
        </ChartCard>
      </Col>
    </Row>
  );
}
