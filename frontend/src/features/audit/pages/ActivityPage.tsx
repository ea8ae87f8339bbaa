import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { AUDIT_RECORD_NOUNS, AUDIT_RECORD_TYPES, isValidDateFilter } from '@registra/domain';
import type { AuditEntryView, AuditRecordType } from '@registra/domain';
import { useCurrentUser } from '../../../lib/hooks';
import { errorText } from '../../../lib/errors';
import { totalText } from '../../../lib/totals';
import { DateFilter, FilterSelect } from '../../../components/FilterFields';
import { Pagination } from '../../../components/Pagination';
import {
  choiceField,
  defaultsOf,
  pageField,
  textField,
  useListState,
} from '../../../components/useListState';
import {
  useAuditEntriesQuery,
  useAuditUsersQuery,
  useRestorableTypesQuery,
  useRestoreRecordMutation,
} from '../api';
import { AuditEntryList } from '../components/AuditEntryList';
import { ReasonButton } from '../../../components/ReasonButton';

const ACTIVITY_PAGE_SIZE = 50;

const RECORD_TYPE_CHOICES = [
  { value: '', label: 'All records' },
  ...AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: AUDIT_RECORD_NOUNS[type] })),
];

/** The log's filters and page live in the address, so Back from a restored record returns here. */
const LIST_STATE = {
  recordType: choiceField<AuditRecordType | ''>(['', ...AUDIT_RECORD_TYPES], ''),
  userId: textField(),
  from: textField('', isValidDateFilter),
  to: textField('', isValidDateFilter),
  page: pageField,
};

/** /activity (admins): the whole change log, filtered, with restore of deleted records. */
export function ActivityPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return (
      <Alert variant="warning">
        The activity of the whole firm is for administrators. Each record's own changes are on its
        History tab.
      </Alert>
    );
  }
  return <ActivityLog />;
}

function ActivityLog() {
  const list = useListState(LIST_STATE, { in: 'address' });
  const { page, ...filters } = list.state;
  const { data, isFetching, isError, error } = useAuditEntriesQuery(
    {
      recordType: filters.recordType || undefined,
      userId: filters.userId || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      page,
      limit: ACTIVITY_PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const users = useAuditUsersQuery();
  const restorable = useRestorableTypesQuery();
  const [restoreRecord, { isLoading: restoring }] = useRestoreRecordMutation();
  const change = list.update;

  const restore = async (entry: AuditEntryView) => {
    if (!entry.recordId) return;
    try {
      await restoreRecord({ recordType: entry.recordType, recordId: entry.recordId }).unwrap();
      toast.success(`Restored ${entry.recordLabel ?? AUDIT_RECORD_NOUNS[entry.recordType]}`);
    } catch (failure) {
      toast.error(errorText(failure, 'The record could not be restored.'));
    }
  };
  const canRestore = (entry: AuditEntryView) =>
    entry.action === 'delete' &&
    entry.recordId !== null &&
    (restorable.data ?? []).includes(entry.recordType);

  return (
    <>
      <h1 className="h3 mb-3">Activity</h1>
      <Form onSubmit={(event) => event.preventDefault()} className="mb-3">
        <Row className="g-2 align-items-end">
          <Col md={3}>
            <FilterSelect
              label="Record type"
              showLabel
              value={filters.recordType}
              choices={RECORD_TYPE_CHOICES}
              onChange={(recordType) => change({ recordType: recordType as AuditRecordType })}
            />
          </Col>
          <Col md={3}>
            <FilterSelect
              label="Staff member"
              showLabel
              value={filters.userId}
              choices={[
                { value: '', label: 'Everyone' },
                ...(users.data ?? []).map((member) => ({
                  value: member._id,
                  label: `${member.firstName} ${member.lastName}${member.active ? '' : ' (deactivated)'}`,
                })),
              ]}
              onChange={(userId) => change({ userId })}
            />
          </Col>
          {/* The dates share what the selects and the reset leave: a sixth of the row clipped
              their "dd/mm/yyyy" at 1280 px. */}
          <Col md>
            <DateFilter label="From" value={filters.from} onChange={(from) => change({ from })} />
          </Col>
          <Col md>
            <DateFilter label="To" value={filters.to} onChange={(to) => change({ to })} />
          </Col>
          <Col md="auto">
            <Button variant="link" onClick={() => list.replace(defaultsOf(LIST_STATE))}>
              Reset filters
            </Button>
          </Col>
        </Row>
      </Form>
      {data && data.data.length > 0 && (
        <p className="text-muted small">{totalText(data)} changes</p>
      )}
      <AuditEntryList
        entries={data?.data}
        withRecord
        loading={isFetching}
        error={isError ? errorText(error, 'The activity could not be loaded.') : null}
        empty="No changes match these filters."
        action={(entry) =>
          canRestore(entry) ? (
            <ReasonButton
              size="sm"
              variant="outline-primary"
              whyDisabled={restoring && 'Restoring…'}
              aria-label={`Restore ${entry.recordLabel ?? AUDIT_RECORD_NOUNS[entry.recordType]}`}
              onClick={() => void restore(entry)}
            >
              Restore
            </ReasonButton>
          ) : null
        }
      />
      <Pagination page={page} totalPages={data?.totalPages ?? 0} onChange={list.setPage} />
    </>
  );
}
