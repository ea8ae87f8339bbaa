import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import toast from 'react-hot-toast';
import { ExportProgress } from '../../../components/ExportProgress';
import { formatDate } from '@registra/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useSubjectExport } from '../../../lib/dataExport';
import { useCurrentUser } from '../../../lib/hooks';
import { useErasePersonMutation, useStartDataExportMutation } from '../api';

/** Why erasure was refused: the AML retention's sentence and the day it ends. */
interface Hold {
  message: string;
  erasableFrom: string | null;
}

/**
 * A person's data-protection actions, for administrators (docs/product/privacy.md): "Export
 * data" builds the subject-access package and saves it once it is ready; "Erase" asks, then
 * erases, or says until when the AML law keeps the person and why.
 */
export function PersonPrivacyActions({ personId }: { personId: string }) {
  const isAdmin = useCurrentUser()?.role === 'admin';
  const subjectExport = useSubjectExport();
  const [startExport, started] = useStartDataExportMutation();
  const [erase, erasing] = useErasePersonMutation();
  const [confirming, setConfirming] = useState(false);
  const [hold, setHold] = useState<Hold | null>(null);

  if (!isAdmin) return null;

  const exportData = async () => {
    try {
      subjectExport.follow((await startExport(personId).unwrap())._id);
    } catch (error) {
      toast.error(errorText(error, 'The export could not be started.', 'code'));
    }
  };

  const confirmErase = async () => {
    try {
      await erase(personId).unwrap();
      setConfirming(false);
      toast.success('The person was erased.');
    } catch (error) {
      setConfirming(false);
      if (isApiError(error) && error.code === 'RETENTION_HOLD') {
        const date = error.details?.find((detail) => detail.field === 'erasableFrom')?.message;
        setHold({ message: error.message, erasableFrom: date ?? null });
      } else {
        toast.error(errorText(error, 'The person could not be erased.', 'code'));
      }
    }
  };

  const exporting = subjectExport.running || started.isLoading;
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button variant="outline-secondary" onClick={() => void exportData()} disabled={exporting}>
          {exporting ? 'Preparing the export…' : 'Export data'}
        </Button>
        <Button
          variant="outline-danger"
          onClick={() => {
            setHold(null);
            setConfirming(true);
          }}
        >
          Erase
        </Button>
        <ExportProgress progress={subjectExport.progress} />
      </div>
      {hold && (
        <Alert variant="warning" className="mt-2 mb-0" role="status" data-testid="retention-hold">
          <strong>
            Kept until {hold.erasableFrom ? formatDate(hold.erasableFrom) : 'a later date'}.
          </strong>{' '}
          {hold.message}
        </Alert>
      )}
      <ConfirmDialog
        show={confirming}
        title="Erase this person"
        message="Their personal data is erased for good: names, contact details, identity numbers, the files of their folder, and their values in the history and the mail history. Their roles stay, without personal data. This cannot be undone."
        confirmLabel="Erase"
        onConfirm={() => void confirmErase()}
        onCancel={() => setConfirming(false)}
        busy={erasing.isLoading}
        busyReason="Erasing…"
      />
    </div>
  );
}
