import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import type { ImportDuplicateChoice } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { savedWords, useFileTransfers } from '../../../lib/files';
import type { ImportCheckAnswer } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

const TYPE_LABELS = { organization: 'Organization', person: 'Person', link: 'Role' } as const;

export interface CheckResultProps {
  importId: string;
  result: ImportCheckAnswer;
  onDuplicate: ImportDuplicateChoice;
  onChoice: (choice: ImportDuplicateChoice) => void;
  /** Rows whose duplicate has its own choice. */
  choices: Record<string, ImportDuplicateChoice>;
  onRowChoice: (row: number, choice: ImportDuplicateChoice | null) => void;
  busy: boolean;
}

const CHOICE_LABELS: Record<ImportDuplicateChoice, string> = {
  skip: 'Skip',
  update: 'Update',
  create: 'Create anyway',
};

/** The dry run's answer: rows read, errors by row and column, duplicates and what to do with them. */
export function CheckResult({
  importId,
  result,
  onDuplicate,
  onChoice,
  choices,
  onRowChoice,
  busy,
}: CheckResultProps) {
  const transfers = useFileTransfers();
  const [downloading, setDownloading] = useState(false);
  const downloadErrors = async () => {
    setDownloading(true);
    try {
      toast.success(savedWords(await transfers.download(`/import/${importId}/errors.csv`, {})));
    } catch (error) {
      toast.error(errorText(error, 'The failed rows could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section aria-label="Check result">
      <Alert variant={result.errorCount > 0 ? 'warning' : 'success'}>
        {result.rows} rows checked: {result.errorCount}{' '}
        {result.errorCount === 1 ? 'error' : 'errors'}, {result.duplicateCount}{' '}
        {result.duplicateCount === 1 ? 'duplicate' : 'duplicates'}. Nothing has been written yet.
      </Alert>
      {result.errorCount > 0 && (
        <>
          <div className="d-flex align-items-center gap-2">
            <h2 className="h5 mb-0">Errors</h2>
            <ReasonButton
              size="sm"
              variant="outline-secondary"
              whyDisabled={downloading && 'Downloading…'}
              onClick={() => void downloadErrors()}
            >
              Download the failed rows (CSV)
            </ReasonButton>
          </div>
          <p className="text-muted small">Rows with an error are left out of the import.</p>
          <Table size="sm" aria-label="Errors">
            <thead>
              <tr>
                <th>Row</th>
                <th>Column</th>
                <th>Message</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error, index) => (
                <tr key={`${error.row}-${index}`}>
                  <td>{error.row}</td>
                  <td>{error.column ?? ''}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      {result.duplicateCount > 0 && (
        <>
          <h2 className="h5">Duplicates</h2>
          <Form.Group
            controlId="import-duplicate-choice"
            className="mb-2"
            style={{ maxWidth: '24rem' }}
          >
            <Form.Label>For each duplicate</Form.Label>
            <Form.Select
              value={onDuplicate}
              disabled={busy}
              title={busy ? 'The check is running…' : undefined}
              onChange={(event) => onChoice(event.target.value as ImportDuplicateChoice)}
            >
              <option value="skip">Skip it</option>
              <option value="update">Update the existing record (fields the file fills)</option>
              <option value="create">Create anyway</option>
            </Form.Select>
          </Form.Group>
          <Table size="sm" aria-label="Duplicates">
            <thead>
              <tr>
                <th>Row</th>
                <th>Record</th>
                <th>Same as</th>
                <th>This row</th>
              </tr>
            </thead>
            <tbody>
              {result.duplicates.map((duplicate, index) => (
                <tr key={`${duplicate.row}-${duplicate.recordType}-${index}`}>
                  <td>{duplicate.row}</td>
                  <td>{TYPE_LABELS[duplicate.recordType]}</td>
                  <td>
                    {duplicate.duplicateOfRow !== null
                      ? `Row ${duplicate.duplicateOfRow} of the file`
                      : `${duplicate.label || 'A record'} in the book`}
                  </td>
                  <td>
                    {result.duplicates.findIndex((other) => other.row === duplicate.row) ===
                      index && (
                      <Form.Select
                        size="sm"
                        aria-label={`Choice for row ${duplicate.row}`}
                        disabled={busy}
                        title={busy ? 'The check is running…' : undefined}
                        value={choices[String(duplicate.row)] ?? ''}
                        onChange={(event) =>
                          onRowChoice(
                            duplicate.row,
                            (event.target.value || null) as ImportDuplicateChoice | null,
                          )
                        }
                      >
                        <option value="">
                          As for every duplicate ({CHOICE_LABELS[onDuplicate]})
                        </option>
                        <option value="skip">{CHOICE_LABELS.skip}</option>
                        <option value="update">{CHOICE_LABELS.update}</option>
                        <option value="create">{CHOICE_LABELS.create}</option>
                      </Form.Select>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}
