import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { MESSAGES, shortenFileName } from '@registra/domain';
import { errorText } from '../../app/errors';
import { useDeleteFileMutation, useFileTransfers } from '../../app/files';
import type { AttachedFile } from '../../types/records';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormattedDate } from '../FormattedDate';
import { formatFileSize } from './format';

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

  return (
    <>
      <Table responsive hover size="sm" className="align-middle mb-0">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
            <th scope="col">Uploaded by</th>
            <th scope="col">Date</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.url} data-testid="file-row">
              <td title={file.fileName} className="text-break">
                {shortenFileName(file.fileName)}
              </td>
              <td className="text-nowrap">{formatFileSize(file.size)}</td>
              <td>{file.uploadedBy ?? ''}</td>
              <td className="text-nowrap">
                <FormattedDate value={file.uploadedAt} />
              </td>
              <td className="text-end text-nowrap">
                <Button
                  variant="outline-primary"
                  size="sm"
                  className="me-2"
                  disabled={opening === file.url}
                  aria-label={`Open ${file.fileName}`}
                  onClick={() => void open(file)}
                >
                  {opening === file.url ? 'Opening...' : 'Open'}
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={`Delete ${file.fileName}`}
                  onClick={() => setConfirming(file)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
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
