import ListGroup from 'react-bootstrap/ListGroup';
import { describeAuditEntry } from '@registra/domain';
import type { AuditEntryView } from '@registra/domain';
import { FormattedDate } from '../../../components/FormattedDate';

/** Changes in plain words ('Mary Byrne changed Financial year end from … to …'), newest first. */
export function AuditEntryList({
  entries,
  withRecord = false,
  action,
}: {
  entries: readonly AuditEntryView[];
  /** Name the record in each sentence (the whole log mixes records). */
  withRecord?: boolean;
  /** Something to do with an entry (Restore on the Activity page). */
  action?: (entry: AuditEntryView) => React.ReactNode;
}) {
  return (
    <ListGroup as="ol" className="mb-3" aria-label="Changes">
      {entries.map((entry) => (
        <ListGroup.Item as="li" key={entry._id} data-testid="audit-entry">
          <div className="d-flex justify-content-between align-items-start gap-2">
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
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
