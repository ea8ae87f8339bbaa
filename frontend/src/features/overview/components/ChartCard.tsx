import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { downloadCsv, toCsv } from '../csv';

export interface ChartTable {
  headers: string[];
  rows: Array<Array<string | number>>;
}

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
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={table.rows.length === 0}
          onClick={() =>
            downloadCsv(
              `${fileName}-${new Date().toISOString().slice(0, 10)}.csv`,
              toCsv(table.headers, table.rows),
            )
          }
        >
          Download CSV<span className="visually-hidden"> of {title}</span>
        </Button>
      </Card.Header>
      <Card.Body>
        {table.rows.length === 0 ? (
          <p className="text-muted mb-0">Nothing in this period.</p>
        ) : (
          <>
            <div className="overflow-auto" aria-hidden="true">
              {children}
            </div>
            <Table size="sm" responsive className="mt-2 mb-0 small" aria-label={title}>
              <thead>
                <tr>
                  {table.headers.map((header) => (
                    <th key={header} scope="col">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
