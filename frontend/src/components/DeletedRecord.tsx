import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import { DELETED_RECORD_MESSAGES } from '@registra/domain';
import type { AuditRecordType, DeletedRecordKind } from '@registra/domain';
import { isApiError } from '../lib/api';
import { useCurrentUser } from '../lib/hooks';

/** True when a record's load failed because it was deleted (404 with `deleted: true`). */
export const isDeletedRecordError = (error: unknown): boolean =>
  isApiError(error) && error.status === 404 && error.deleted === true;

/** The Activity log's record type of each kind of page. */
const ACTIVITY_TYPE: Record<DeletedRecordKind, AuditRecordType> = {
  person: 'people',
  organization: 'organization',
  order: 'order',
  form: 'form',
};

/**
 * What the address of a deleted record shows instead of sending the user elsewhere without a
 * word: "This person was deleted", a way back to the list, and for administrators the Activity
 * log filtered to that kind of record, where it can be restored.
 */
export function DeletedRecord({
  kind,
  listPath,
  listLabel,
}: {
  kind: DeletedRecordKind;
  listPath: string;
  listLabel: string;
}) {
  const user = useCurrentUser();
  return (
    <Alert variant="warning" className="my-4" data-testid="deleted-record">
      <Alert.Heading as="h1" className="h5">
        {DELETED_RECORD_MESSAGES[kind]}
      </Alert.Heading>
      <p className="mb-0">
        <Link to={listPath}>{listLabel}</Link>
        {user?.role === 'admin' && (
          <>
            {' · '}
            <Link to={`/activity?recordType=${ACTIVITY_TYPE[kind]}`}>Restore it from Activity</Link>
          </>
        )}
      </p>
    </Alert>
  );
}
