import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import {
  formatImportLimit,
  IMPORT_COLUMNS_MAX,
  IMPORT_DEFAULT_DATE_FORMAT,
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  IMPORT_ROWS_MAX,
} from '@registra/domain';
import type {
  ImportDateFormat,
  ImportDuplicateChoice,
  ImportEncoding,
  ImportKind,
  ImportMapping,
  ImportUploadView,
  ImportView,
} from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { ReasonButton } from '../../../components/ReasonButton';
import { useCheckImportMutation, useRunImportMutation, useUploadImportMutation } from '../api';
import type { ImportCheckAnswer } from '../api';
import { CheckProgress } from '../components/CheckProgress';
import { CheckResult } from '../components/CheckResult';
import { ImportHistory } from '../components/ImportHistory';
import { MappingTable } from '../components/MappingTable';
import { ImportJob } from '../components/ImportJob';

type Step = 'upload' | 'map' | 'check';

const STEPS: Array<{ key: Step; label: string }> = [
  { key: 'upload', label: '1. Upload' },
  { key: 'map', label: '2. Map columns' },
  { key: 'check', label: '3. Check and import' },
];

/**
 * /import: bring a book in from CSV or Excel in three steps (upload, map, check then import), the
 * check's progress then its result (a background job), the run's progress and the imports made
 * so far. From its check on, the import's id is in the address (`?id=`): a reload finds the
 * import's state on the server (its check, run or undo, going on or ended) instead of the steps
 * held in memory.
 */
export function ImportPage() {
  const [params, setParams] = useSearchParams();
  const followedId = params.get('id');
  const [step, setStep] = useState<Step>('upload');
  const [kind, setKind] = useState<ImportKind>('organizations');
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<ImportEncoding | ''>('');
  const [uploaded, setUploaded] = useState<ImportUploadView | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>(IMPORT_DEFAULT_DATE_FORMAT);
  const [sheet, setSheet] = useState<string>('');
  /** The header's row number as the mapping step shows it: the server's guess, or the user's. */
  const [headerRow, setHeaderRow] = useState<string>('');
  const [onDuplicate, setOnDuplicate] = useState<ImportDuplicateChoice>('skip');
  const [choices, setChoices] = useState<Record<string, ImportDuplicateChoice>>({});
  const [checked, setChecked] = useState<ImportCheckAnswer | null>(null);
  /** While a check goes on: when it was started. */
  const [checkingSince, setCheckingSince] = useState<number | null>(null);
  const [checkFailure, setCheckFailure] = useState<string | null>(null);
  const checking = checkingSince !== null;
  const [upload, uploadState] = useUploadImportMutation();
  const [check, checkState] = useCheckImportMutation();
  const [run, runState] = useRunImportMutation();

  const startOver = () => {
    setStep('upload');
    setUploaded(null);
    setChecked(null);
    setCheckingSince(null);
    setCheckFailure(null);
    setChoices({});
    setSheet('');
    setFile(null);
    setParams({}, { replace: true });
  };

  /**
   * Sends the file; with a header row, the columns are read from that row (the mapping step's
   * "Read the columns from row …" sends the same file again, so the columns, the guessed mapping
   * and the preview are those of that row).
   */
  const sendFile = async (fromRow?: number) => {
    if (!file) return;
    const form = new FormData();
    form.append('kind', kind);
    if (encoding) form.append('encoding', encoding);
    if (sheet.trim()) form.append('sheet', sheet.trim());
    if (fromRow) form.append('headerRow', String(fromRow));
    form.append('file', file, file.name);
    try {
      const answer = await upload(form).unwrap();
      setUploaded(answer);
      setMapping(answer.mapping);
      setHeaderRow(String(answer.headerRow));
      setSheet(answer.sheet ?? '');
      setEncoding((answer.encoding as ImportEncoding | null) ?? '');
      setChecked(null);
      setCheckFailure(null);
      setStep('map');
    } catch (error) {
      toast.error(errorText(error, 'The file could not be read.'));
    }
  };

  const runCheck = async (choice = onDuplicate, rowChoices = choices) => {
    if (!uploaded) return;
    try {
      await check({
        id: uploaded._id,
        mapping,
        dateFormat,
        onDuplicate: choice,
        ...(Object.keys(rowChoices).length > 0 ? { choices: rowChoices } : {}),
        ...(uploaded.format === 'csv' && encoding ? { encoding } : {}),
        ...(uploaded.format === 'xlsx' && sheet ? { sheet } : {}),
      }).unwrap();
      setCheckFailure(null);
      setCheckingSince(Date.now());
      setParams({ id: uploaded._id }, { replace: true });
    } catch (error) {
      toast.error(errorText(error, 'The check failed.'));
    }
  };

  const checkOver = useCallback((view: ImportView) => {
    setCheckingSince(null);
    if (view.status === 'checked' && view.check) {
      setChecked(view.check);
      setStep('check');
    } else {
      setCheckFailure(view.failure ?? 'The check stopped.');
      setStep('map');
    }
  }, []);

  const startRun = async () => {
    if (!uploaded) return;
    try {
      await run(uploaded._id).unwrap();
      // From now on the page follows the run from the server, as after a reload.
      setUploaded(null);
      setParams({ id: uploaded._id }, { replace: true });
    } catch (error) {
      toast.error(errorText(error, 'The import could not start.'));
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Import</h1>
      {followedId && uploaded?._id !== followedId ? (
        <ImportJob id={followedId} onDone={startOver} />
      ) : (
        <section aria-label="New import" className="mb-5">
          <ol className="list-inline mb-3" aria-label="Steps">
            {STEPS.map((item) => (
              <li
                key={item.key}
                className={`list-inline-item me-3 ${step === item.key ? 'fw-bold text-primary' : 'text-muted'}`}
                aria-current={step === item.key ? 'step' : undefined}
              >
                {item.label}
              </li>
            ))}
          </ol>

          {step === 'upload' && (
            <Form
              onSubmit={(event) => {
                event.preventDefault();
                void sendFile();
              }}
              className="d-grid gap-3"
              style={{ maxWidth: '36rem' }}
            >
              <Form.Group controlId="import-kind">
                <Form.Label>What the file holds</Form.Label>
                <Form.Select
                  value={kind}
                  onChange={(event) => setKind(event.target.value as ImportKind)}
                >
                  {IMPORT_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {IMPORT_KIND_LABELS[value]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId="import-file">
                <Form.Label>File (.csv or .xlsx)</Form.Label>
                <Form.Control
                  type="file"
                  accept=".csv,.tsv,.txt,.xlsx"
                  onChange={(event) =>
                    setFile((event.target as HTMLInputElement).files?.[0] ?? null)
                  }
                />
                <Form.Text>
                  Up to {formatImportLimit(IMPORT_ROWS_MAX)} rows and {IMPORT_COLUMNS_MAX} columns.
                </Form.Text>
              </Form.Group>
              <Form.Group controlId="import-encoding">
                <Form.Label>Text encoding (CSV)</Form.Label>
                <Form.Select
                  value={encoding}
                  onChange={(event) => setEncoding(event.target.value as ImportEncoding | '')}
                >
                  <option value="">Detect</option>
                  <option value="utf-8">UTF-8</option>
                  <option value="windows-1252">Windows-1252 (Excel on Windows)</option>
                </Form.Select>
              </Form.Group>
              <Form.Group controlId="import-upload-sheet">
                <Form.Label>Sheet (Excel; empty for the first)</Form.Label>
                <Form.Control value={sheet} onChange={(event) => setSheet(event.target.value)} />
              </Form.Group>
              <div>
                <ReasonButton
                  type="submit"
                  whyDisabled={
                    uploadState.isLoading ? 'Uploading…' : !file && 'Choose a file first'
                  }
                >
                  {uploadState.isLoading && (
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  )}
                  Upload
                </ReasonButton>
              </div>
            </Form>
          )}

          {checking && uploaded && (
            <CheckProgress
              id={uploaded._id}
              fileName={uploaded.fileName}
              since={checkingSince}
              onOver={checkOver}
            />
          )}

          {step === 'map' && uploaded && (
            <>
              {checkFailure && (
                <Alert variant="danger">
                  <strong>The check failed.</strong> {checkFailure}
                </Alert>
              )}
              <p>
                <strong>{uploaded.fileName}</strong>: {uploaded.columns.length} columns
                {uploaded.format === 'csv' && uploaded.delimiter && (
                  <>
                    {' '}
                    · delimiter {uploaded.delimiter === '\t' ? 'tab' : `“${uploaded.delimiter}”`}
                  </>
                )}
              </p>
              <div className="d-flex flex-wrap gap-3 mb-3">
                <Form.Group controlId="import-date-format">
                  <Form.Label>Dates are written</Form.Label>
                  <Form.Select
                    value={dateFormat}
                    onChange={(event) => setDateFormat(event.target.value as ImportDateFormat)}
                  >
                    {['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd', 'dd-MM-yyyy', 'dd.MM.yyyy'].map(
                      (format) => (
                        <option key={format} value={format}>
                          {format}
                        </option>
                      ),
                    )}
                  </Form.Select>
                </Form.Group>
                {uploaded.format === 'csv' && (
                  <Form.Group controlId="import-map-encoding">
                    <Form.Label>Text encoding</Form.Label>
                    <Form.Select
                      value={encoding}
                      onChange={(event) => setEncoding(event.target.value as ImportEncoding)}
                    >
                      <option value="utf-8">UTF-8</option>
                      <option value="windows-1252">Windows-1252</option>
                    </Form.Select>
                  </Form.Group>
                )}
                <Form.Group controlId="import-header-row">
                  <Form.Label>Header row</Form.Label>
                  <div className="d-flex gap-2">
                    <Form.Control
                      type="number"
                      min={1}
                      max={IMPORT_ROWS_MAX}
                      style={{ width: '6rem' }}
                      value={headerRow}
                      onChange={(event) => setHeaderRow(event.target.value)}
                    />
                    <ReasonButton
                      variant="outline-secondary"
                      onClick={() => void sendFile(Number(headerRow))}
                      whyDisabled={
                        uploadState.isLoading
                          ? 'Reading the file…'
                          : !/^[1-9]\d*$/.test(headerRow)
                            ? 'Give the number of the row that names the columns'
                            : Number(headerRow) === uploaded.headerRow &&
                              'The columns are read from this row'
                      }
                    >
                      Read the columns from this row
                    </ReasonButton>
                  </div>
                  <Form.Text>Rows above it (a title) are not imported.</Form.Text>
                </Form.Group>
                {uploaded.format === 'xlsx' && uploaded.sheets.length > 1 && (
                  <Form.Group controlId="import-sheet">
                    <Form.Label>Sheet</Form.Label>
                    <Form.Select value={sheet} onChange={(event) => setSheet(event.target.value)}>
                      {uploaded.sheets.map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
                <Form.Group controlId="import-on-duplicate">
                  <Form.Label>Rows already in the book</Form.Label>
                  <Form.Select
                    value={onDuplicate}
                    onChange={(event) =>
                      setOnDuplicate(event.target.value as ImportDuplicateChoice)
                    }
                  >
                    <option value="skip">Skip them</option>
                    <option value="update">Update the existing record</option>
                    <option value="create">Create anyway</option>
                  </Form.Select>
                </Form.Group>
              </div>
              <MappingTable
                kind={uploaded.kind}
                columns={uploaded.columns}
                mapping={mapping}
                onChange={setMapping}
                preview={checked?.preview ?? uploaded.preview}
              />
              <div className="d-flex gap-2">
                <Button variant="outline-secondary" onClick={startOver}>
                  Back
                </Button>
                <ReasonButton
                  onClick={() => void runCheck()}
                  whyDisabled={(checkState.isLoading || checking) && 'The check is running…'}
                >
                  {(checkState.isLoading || checking) && (
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  )}
                  Check
                </ReasonButton>
              </div>
            </>
          )}

          {step === 'check' && uploaded && checked && (
            <>
              <CheckResult
                importId={uploaded._id}
                result={checked}
                onDuplicate={onDuplicate}
                onChoice={(choice) => {
                  setOnDuplicate(choice);
                  void runCheck(choice);
                }}
                choices={choices}
                onRowChoice={(row, choice) => {
                  const next = { ...choices };
                  if (choice) next[String(row)] = choice;
                  else delete next[String(row)];
                  setChoices(next);
                  void runCheck(onDuplicate, next);
                }}
                busy={checkState.isLoading || checking}
              />
              {checked.rows === checked.errorCount && (
                <Alert variant="warning">Every row has an error: nothing would be imported.</Alert>
              )}
              <div className="d-flex gap-2">
                <Button variant="outline-secondary" onClick={() => setStep('map')}>
                  Back to the mapping
                </Button>
                <ReasonButton
                  onClick={() => void startRun()}
                  whyDisabled={
                    runState.isLoading
                      ? 'Starting the import…'
                      : checking && 'Wait for the check to finish'
                  }
                >
                  Import
                </ReasonButton>
              </div>
            </>
          )}
        </section>
      )}
      <ImportHistory
        onUndoStarted={(id) => {
          setUploaded(null);
          setParams({ id }, { replace: true });
        }}
      />
      <section aria-labelledby="whole-book-export" className="mt-5">
        <h2 id="whole-book-export" className="h5">
          The whole book
        </h2>
        <p>
          Every field an import reads, in three files that import back as they are: organizations
          first, then people, then their roles.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <ExportCsvButton
            path="/organization/export"
            filters={WHOLE_BOOK}
            label="Organizations CSV"
          />
          <ExportCsvButton path="/people/export" filters={WHOLE_BOOK} label="People CSV" />
          <ExportCsvButton path="/linkpeopleorganization/export" filters={{}} label="Roles CSV" />
        </div>
      </section>
    </>
  );
}

/** The lists' exports with every field an import reads (`columns=book`). */
const WHOLE_BOOK = { columns: 'book' };
