import type { ReactNode } from 'react';
import { describeAuditEntry } from '@registra/domain';
import type { AuditEntryView } from '@registra/domain';
import { DataTable } from '../../../components/DataTable';
import { FormattedDate } from '../../../components/FormattedDate';

/**
 * Changes in plain words ('Mary Byrne changed Financial year end from … to …'), newest first: one
 * card a change at every width, with the list's loading, empty and error states.
 */
export function AuditEntryList({
  entries,
  withRecord = false,
  action,
  loading,
  error,
  empty,
}: {
  entries: readonly AuditEntryView[] | undefined;
  /** Name the record in each sentence (the whole log mixes records). */
  withRecord?: boolean;
  /** Something to do with an entry (Restore on the Activity page). */
  action?: (entry: AuditEntryView) => ReactNode;
  loading: boolean;
  error: string | null;
  empty: string;
}) {
  return (
    <DataTable
      label="Changes"
      layout="cards"
      columns={[]}
      rows={entries}
      rowKey={(entry) => entry._id}
      loading={loading}
      error={error}
      empty={empty}
      renderCard={(entry) => (
        <div
          className="border rounded px-3 py-2 d-flex justify-content-between align-items-start gap-2"
          data-testid="audit-entry"
        >
          <div>
            {describeAuditEntry(entry, withRecord).map((line, index) => (
              <div key={index}>{line}</div>
            ))}
            <div className="small text-muted">
              <FormattedDate value={entry.at} withTime />
            </div>
          </div>
          {action?.(entry)}
        </div>
      )}
    />
  );
}
