import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { errorText } from '../lib/errors';
import { savedWords, useFileTransfers } from '../lib/files';
import { ReasonButton } from './ReasonButton';

export interface ExportCsvButtonProps {
  /** The export's API path, e.g. `/people/export`. */
  path: string;
  /** The list's current search, filters and sort (page and limit are left out by the server). */
  filters: Record<string, unknown>;
  /** The button's words; "Export CSV" on a list. */
  label?: string;
}

/** 'Export CSV': the list as the user sees it, every matching row, saved as a file. */
export function ExportCsvButton({ path, filters, label = 'Export CSV' }: ExportCsvButtonProps) {
  const transfers = useFileTransfers();
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      toast.success(savedWords(await transfers.download(path, filters)));
    } catch (error) {
      toast.error(errorText(error, 'The export failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ReasonButton
      variant="outline-secondary"
      whyDisabled={busy && 'Exporting…'}
      onClick={() => void exportList()}
    >
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {label}
    </ReasonButton>
  );
}
