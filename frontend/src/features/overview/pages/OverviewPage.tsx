import {
  CALENDAR_KIND_LABELS,
  CALENDAR_KINDS,
  type CalendarKind,
  defaultOverviewPeriod,
  formatDate,
  inWords,
  type OverviewView,
  overviewRangeError,
  riskLevelInWords,
  SUBSCRIPTION_STATUS_LABELS,
  todayInDublin,
} from '@registra/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
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

/**
 * A chart fills its card up to 520 px (a phone's card is narrower), 260 px high. It is a picture
 * of the table under it: not a stop of the keyboard (no accessibility layer).
 */
const CHART_SIZE = { width: '100%', maxWidth: 520, height: 260 };
/** One colour per kind (Bootstrap's palette). */
const KIND_COLOURS: Record<CalendarKind, string> = {
  ard: '#0d6efd',
  filingDeadline: '#dc3545',
  b1b73: '#6f42c1',
  corporationTax: '#fd7e14',
  amlReview: '#198754',
  followUpDeadline: '#20c997',
  subscriptionDue: '#6c757d',
  b10: '#0dcaf0',
  b2: '#d63384',
  b5: '#664d03',
};
/** "AML risk colours: high red, medium yellow, low green"; grey for not assessed. */
const RISK_COLOURS: Record<string, string> = {
  [riskLevelInWords('high')]: '#dc3545',
  [riskLevelInWords('medium')]: '#ffc107',
  [riskLevelInWords('low')]: '#198754',
  [riskLevelInWords(null)]: '#adb5bd',
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
  // 'Mine' is the default unless nothing in the book is assigned to the user (learnt from an
  // answer for 'mine'): then everybody's. A user who chose 'Mine' (`user=mine`) keeps it.
  const chosen = params.get('user');
  const [nothingMine, setNothingMine] = useState(false);
  const user = chosen === 'all' || (chosen === null && nothingMine) ? '' : 'mine';
  const rangeError = overviewRangeError(from, to);
  const { data, isFetching, isError } = useOverviewQuery(
    { from, to, user },
    { skip: rangeError !== null },
  );
  if (user === 'mine' && data?.anythingAssigned === false && !nothingMine) setNothingMine(true);
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
            onChange={(event) => change('user', event.target.value)}
          >
            <option value="mine">Mine</option>
            <option value="all">Everybody</option>
          </Form.Select>
        </Col>
      </Row>
      {rangeError && <Alert variant="warning">{rangeError}</Alert>}
      {chosen === null && nothingMine && (
        <Alert variant="info" data-testid="overview-everybody-default">
          Nothing in the book is assigned to you yet, so the overview shows everybody&apos;s
          figures.
        </Alert>
      )}
      {user === 'mine' && data?.anythingAssigned === false && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">Nothing is assigned to you.</span>
          <Button size="sm" variant="outline-primary" onClick={() => change('user', 'all')}>
            Everybody
          </Button>
        </Alert>
      )}
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
  // Names in words: the chart's legend, its table and its CSV say what a person reads.
  const risks = data.amlRiskLevels.map((row) => ({
    name: riskLevelInWords(row.level),
    count: row.count,
  }));
  const statuses = data.subscriptionsByStatus.map((row) => ({
    name: inWords(SUBSCRIPTION_STATUS_LABELS, row.status),
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
          <Bars
            data={obligations}
            xKey="month"
            legend
            series={kinds.map((kind) => ({
              dataKey: kind,
              name: CALENDAR_KIND_LABELS[kind],
              stackId: 'kinds',
              fill: KIND_COLOURS[kind],
            }))}
          />
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Overdue by kind"
          fileName="overdue-by-kind"
          table={{ headers: ['Kind', 'Overdue'], rows: overdueKinds.map((r) => [r.name, r.count]) }}
        >
          <Bars data={overdueKinds} xKey="name" series={[OVERDUE]} />
        </ChartCard>
      </Col>
      <Col>
        <ChartCard
          title="Overdue by assigned user"
          fileName="overdue-by-user"
          table={{ headers: ['User', 'Overdue'], rows: overdueUsers.map((r) => [r.name, r.count]) }}
        >
          <Bars data={overdueUsers} xKey="name" series={[OVERDUE]} />
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
          <CountPie
            data={risks}
            colour={(row) => RISK_COLOURS[row.name] ?? RISK_COLOURS[riskLevelInWords(null)]}
          />
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
          <Bars
            data={data.amlReviewsByMonth}
            xKey="month"
            series={[{ dataKey: 'count', name: 'Reviews due', fill: '#198754' }]}
          />
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
          <Bars
            data={data.ordersByMonth}
            xKey="month"
            legend
            decimals
            series={[
              { dataKey: 'paid', name: 'Paid', stackId: 'money', fill: '#198754' },
              { dataKey: 'outstanding', name: 'Outstanding', stackId: 'money', fill: '#dc3545' },
            ]}
          />
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
          <CountPie
            data={statuses}
            colour={(_row, index) => STATUS_COLOURS[index % STATUS_COLOURS.length]}
          />
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
          <Bars
            data={data.formsByMonth}
            xKey="month"
            legend
            series={[
              { dataKey: 'received', name: 'Received', fill: '#0d6efd' },
              { dataKey: 'becameClients', name: 'Became clients', fill: '#198754' },
            ]}
          />
        </ChartCard>
      </Col>
    </Row>
  );
}

/** One bar series of a chart: its figure, its name in the legend, its colour, its stack. */
interface BarSeries {
  dataKey: string;
  name: string;
  fill: string;
  stackId?: string;
}

const OVERDUE: BarSeries = { dataKey: 'count', name: 'Overdue', fill: '#dc3545' };

/** A bar chart of the overview: its rows along `xKey`, a bar (or a stack) per series. */
function Bars({
  data,
  xKey,
  series,
  legend = false,
  decimals = false,
}: {
  data: readonly object[];
  xKey: string;
  series: readonly BarSeries[];
  legend?: boolean;
  /** Amounts, not counts: the axis may show fractions. */
  decimals?: boolean;
}) {
  return (
    <BarChart responsive style={CHART_SIZE} accessibilityLayer={false} data={[...data]}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={xKey} />
      <YAxis allowDecimals={decimals} />
      <Tooltip />
      {legend && <Legend />}
      {series.map((bar) => (
        <Bar isAnimationActive={false} key={bar.dataKey} {...bar} />
      ))}
    </BarChart>
  );
}

interface NamedCount {
  name: string;
  count: number;
}

/** A pie of counts by name, each slice in the colour `colour` gives it. */
function CountPie({
  data,
  colour,
}: {
  data: NamedCount[];
  colour: (row: NamedCount, index: number) => string;
}) {
  return (
    <PieChart responsive style={CHART_SIZE} accessibilityLayer={false}>
      <Pie
        isAnimationActive={false}
        rootTabIndex={-1}
        data={data}
        dataKey="count"
        nameKey="name"
        outerRadius={100}
        label
      >
        {data.map((row, index) => (
          <Cell key={row.name} fill={colour(row, index)} />
        ))}
      </Pie>
      <Tooltip />
      <Legend />
    </PieChart>
  );
}
