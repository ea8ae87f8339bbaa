import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { AuditRecordType } from '@registra/domain';
import { Pagination } from '../../../components/Pagination';
import { useAuditEntriesQuery } from '../api';
import { AuditEntryList } from './AuditEntryList';

const HISTORY_PAGE_SIZE = 25;

/**
 * A record's History tab: every change made to it and to what is attached to it (its
 * links, files…), who made it and when, newest first. Asked afresh each time the tab opens.
 */
export function HistoryTab({
  recordType,
  recordId,
}: {
  recordType: AuditRecordType;
  recordId: string;
}) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useAuditEntriesQuery(
    { recordType, recordId, page, limit: HISTORY_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  if (isError) return <p className="text-danger">The history could not be loaded.</p>;
  if (!data) {
    return (
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">Loading...</span>
      </Spinner>
    );
  }
  if (data.data.length === 0) return <p className="text-muted">No changes recorded yet.</p>;
  return (
    <div className={isFetching ? 'opacity-50' : undefined}>
      <AuditEntryList entries={data.data} />
      <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />
    </div>
  );
}

export default HistoryTab;
