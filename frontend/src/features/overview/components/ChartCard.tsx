import { csvFileName } from '@registra/domain';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { downloadCsv, toCsv } from '../csv';
import { ReasonButton } from '../../../components/ReasonButton';

export interface ChartTable {
  headers: string[];
  rows: Array<Array<string | number>>;
}

type ChartRow = ChartTable['rows'][number];

/** A column per header, each showing its figure of the row. */
const columnsOf = (headers: readonly string[]): DataColumn<ChartRow>[] =>
  headers.map((label, column) => ({ label, cell: (row) => row[column] }));

/**
 * One chart of the overview with the table behind it (what a screen reader reads, and what the
 * CSV holds).
 */
export function ChartCard({
  title,
  fileName,
  table,
  children,
}: {
  title: string;
  /** The CSV's name without the date: 'obligations-by-month'. */
  fileName: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const id = `chart-${fileName}`;
  return (
    <Card className="h-100" as="section" aria-labelledby={id}>
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 id={id} className="h6 mb-0 me-auto">
          {title}
        </h2>
        <ReasonButton
          size="sm"
          variant="outline-secondary"
          whyDisabled={table.rows.length === 0 && 'Nothing to download in this period'}
          onClick={() => downloadCsv(csvFileName(fileName), toCsv(table.headers, table.rows))}
        >
          Download CSV<span className="visually-hidden"> of {title}</span>
        </ReasonButton>
      </Card.Header>
      <Card.Body>
        {table.rows.length === 0 ? (
          <p className="text-muted mb-0">Nothing in this period.</p>
        ) : (
          <>
            {/* The chart is a picture of the table below, which assistive technology reads. */}
            <div aria-hidden="true">{children}</div>
            <DataTable
              label={title}
              columns={columnsOf(table.headers)}
              rows={table.rows}
              rowKey={(_row, index) => String(index)}
              empty="Nothing in this period."
              size="sm"
              className="mt-2 mb-0 small"
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
