import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import toast from 'react-hot-toast';
import { checkFileSize, ErrorCode, MESSAGES, UPLOAD_CONFIRMATION_MS } from '@registra/domain';
import { isApiError } from '../../lib/api';
import { UploadCancelled, useFileTransfers } from '../../lib/files';
import type { UploadTask } from '../../lib/files';
import type { UploadedFile } from '../../types/records';
import { ReasonButton } from '../ReasonButton';

export interface FileUploaderProps {
  /** Where the file goes: `people/{id}`, `organization/{id}/{folder}` or `task/{id}`. */
  folder: string;
  /** Called with the stored file once the server has recorded it. */
  onUploaded?: (file: UploadedFile) => void;
  /** The file input's label, e.g. "Upload to bank". */
  label?: string;
}

/** The server's "too large" words, any other failure "File upload failed". */
function failureMessage(error: unknown): string {
  if (isApiError(error) && error.code === ErrorCode.FILE_TOO_LARGE) {
    return error.message || MESSAGES.fileTooLarge;
  }
  return MESSAGES.fileUploadFailed;
}

/**
 * A file input and Upload (docs/product/organizations-and-people.md, "Files"): files over 1 GB are
 * refused before anything is sent; while sending, a progress bar and Cancel; once stored, "File
 * uploaded successfully" for 3 seconds. The record the folder names is refetched after the upload.
 */
export function FileUploader({ folder, onUploaded, label = 'File' }: FileUploaderProps) {
  const inputId = useId();
  const transfers = useFileTransfers();
  const input = useRef<HTMLInputElement>(null);
  const task = useRef<UploadTask | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  // Leaving the page ends an upload still under way rather than letting it finish unseen.
  useEffect(() => () => task.current?.abort(), []);

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => setConfirmed(false), UPLOAD_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || task.current) return;
    const size = checkFileSize(file.size);
    if (!size.ok) {
      toast.error(size.message);
      return;
    }
    setConfirmed(false);
    setProgress(0);
    const current = transfers.upload(file, folder, setProgress);
    task.current = current;
    try {
      const stored = await current.done;
      setFile(null);
      if (input.current) input.current.value = '';
      setConfirmed(true);
      toast.success(MESSAGES.fileUploaded);
      onUploaded?.(stored);
    } catch (error) {
      // Cancel is the user's own choice: the bar going away says enough.
      if (!(error instanceof UploadCancelled)) toast.error(failureMessage(error));
    } finally {
      task.current = null;
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Form onSubmit={(event) => void upload(event)} className="d-grid gap-2">
      <Form.Group controlId={inputId}>
        <Form.Label>{label}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            ref={input}
            type="file"
            disabled={uploading}
            onChange={(event) => {
              setFile((event.target as HTMLInputElement).files?.[0] ?? null);
            }}
          />
          <ReasonButton
            type="submit"
            variant="primary"
            whyDisabled={uploading ? 'Uploading…' : !file && 'Choose a file first'}
          >
            Upload
          </ReasonButton>
        </div>
      </Form.Group>
      {uploading && (
        <div className="d-flex align-items-center gap-2">
          <ProgressBar className="flex-grow-1" style={{ height: '1.25rem' }}>
            {/* Striped while the server stores what it received. The label is read out; the
                figure beside the bar shows it, as a narrow bar cannot. */}
            <ProgressBar
              now={progress}
              label={`${progress}%`}
              visuallyHidden
              animated={progress === 100}
              aria-label={file ? `Uploading ${file.name}` : 'Uploading'}
            />
          </ProgressBar>
          <span className="small fw-semibold text-end" style={{ minWidth: '3rem' }} aria-hidden>
            {progress}%
          </span>
          <Button variant="outline-secondary" size="sm" onClick={() => task.current?.abort()}>
            Cancel
          </Button>
        </div>
      )}
      {confirmed && (
        <Alert variant="success" className="mb-0 py-2">
          {MESSAGES.fileUploaded}
        </Alert>
      )}
    </Form>
  );
}
