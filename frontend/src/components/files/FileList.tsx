import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import toast from 'react-hot-toast';
import { MESSAGES, shortenFileName } from '@registra/domain';
import { errorText } from '../../lib/errors';
import { useDeleteFileMutation, useFileTransfers } from '../../lib/files';
import type { AttachedFile } from '../../types/records';
import { DataTable } from '../DataTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormattedDate } from '../FormattedDate';
import { formatFileSize } from './format';
import { ReasonButton } from '../ReasonButton';

export interface FileListProps {
  files: AttachedFile[];
  /** Shown instead of the table when there is no file. */
  emptyText?: string;
}

/**
 * A record's files: the name (shortened past 40 characters, whole in its tooltip), size,
 * uploader and date, with Open (fetched with the session, shown in a new tab) and Delete
 * (after "Are you sure?"). Deleting refetches the record the file belonged to.
 */
export function FileList({ files, emptyText = 'No files yet.' }: FileListProps) {
  const transfers = useFileTransfers();
  const [deleteFile, { isLoading: deleting }] = useDeleteFileMutation();
  const [confirming, setConfirming] = useState<AttachedFile | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (file: AttachedFile) => {
    setOpening(file.url);
    try {
      await transfers.open(file);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.error));
    } finally {
      setOpening(null);
    }
  };

  const remove = async () => {
    if (!confirming) return;
    try {
      await deleteFile(confirming).unwrap();
      toast.success(MESSAGES.fileDeleted);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    } finally {
      setConfirming(null);
    }
  };

  if (files.length === 0) return <p className="text-muted mb-0">{emptyText}</p>;

  const actions = (file: (typeof files)[number]) => (
    <>
      <ReasonButton
        variant="outline-primary"
        size="sm"
        className="me-2"
        whyDisabled={opening === file.url && 'Opening…'}
        aria-label={`Open ${file.fileName}`}
        onClick={() => void open(file)}
      >
        {opening === file.url ? 'Opening...' : 'Open'}
      </ReasonButton>
      <Button
        variant="outline-danger"
        size="sm"
        aria-label={`Delete ${file.fileName}`}
        onClick={() => setConfirming(file)}
      >
        Delete
      </Button>
    </>
  );

  return (
    <>
      <DataTable
        label="Files"
        columns={[
          {
            label: 'Name',
            className: 'text-break',
            cell: (file) => <span title={file.fileName}>{shortenFileName(file.fileName)}</span>,
          },
          { label: 'Size', className: 'text-nowrap', cell: (file) => formatFileSize(file.size) },
          { label: 'Uploaded by', cell: (file) => file.uploadedBy ?? '' },
          {
            label: 'Date',
            className: 'text-nowrap',
            cell: (file) => <FormattedDate value={file.uploadedAt} />,
          },
          { label: 'Actions', hiddenLabel: true, className: 'text-end text-nowrap', cell: actions },
        ]}
        rows={files}
        rowKey={(file) => file.url}
        rowProps={() => ({ 'data-testid': 'file-row' })}
        empty={emptyText}
        size="sm"
        className="mb-0"
        renderCard={(file) => (
          <div className="border rounded px-3 py-2" data-testid="file-row">
            <div className="fw-semibold text-break" title={file.fileName}>
              {shortenFileName(file.fileName)}
            </div>
            <div className="small text-muted">
              {formatFileSize(file.size)} · <FormattedDate value={file.uploadedAt} />
              {file.uploadedBy ? ` · ${file.uploadedBy}` : ''}
            </div>
            <div className="mt-1">{actions(file)}</div>
          </div>
        )}
      />
      <ConfirmDialog
        show={confirming !== null}
        title="Delete file"
        message={MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
