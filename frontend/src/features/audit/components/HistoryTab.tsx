import { useState } from 'react';
import type { AuditRecordType } from '@registra/domain';
import { Pagination } from '../../../components/Pagination';
import { useAuditEntriesQuery } from '../api';
import { AuditEntryList } from './AuditEntryList';

const HISTORY_PAGE_SIZE = 25;

/**
 * A record's History tab: every change made to it and to what is attached to it (its links,
 * files…), who made it and when, newest first. Asked afresh each time the tab opens.
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
  return (
    <>
      <AuditEntryList
        entries={data?.data}
        loading={isFetching}
        error={isError ? 'The history could not be loaded.' : null}
        empty="No changes recorded yet."
      />
      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
    </>
  );
}

export default HistoryTab;
