import { useEffect, useId, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDate, suggestedChoice } from '@registra/domain';
import type { MergeChoice, MergeField } from '@registra/domain';
import { ReasonButton } from './ReasonButton';

export interface MergeRecord {
  _id: string;
}

export interface MergeDialogProps<R extends MergeRecord> {
  show: boolean;
  /** 'Merge people', 'Merge organizations'. */
  title: string;
  /** The two records found alike; null while they load. */
  records: readonly [R, R] | null;
  /** How a record is named in the dialog ("Mary Byrne", "Emerald Ltd"). */
  nameOf: (record: R) => string;
  fields: readonly MergeField[];
  /** A field's value(s) on a record, as words ('' when empty). */
  valueOf: (record: R, field: MergeField) => string;
  /** What else moves, in words, shown before the Merge button. */
  whatMoves: string;
  busy: boolean;
  onMerge: (keepId: string, mergeId: string, fields: Record<string, MergeChoice>) => void;
  onHide: () => void;
}

/**
 * Merging two duplicates, for people and organizations alike: staff pick the record
 * to keep, then, field by field where the two differ, which value survives; the last column
 * previews the merged record. Fields equal on both are listed as such.
 */
export function MergeDialog<R extends MergeRecord>({
  show,
  title,
  records,
  nameOf,
  fields,
  valueOf,
  whatMoves,
  busy,
  onMerge,
  onHide,
}: MergeDialogProps<R>) {
  const titleId = useId();
  const [keepIndex, setKeepIndex] = useState<0 | 1>(0);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const keep = records?.[keepIndex];
  const other = records?.[keepIndex === 0 ? 1 : 0];

  // New records or a new kept one: start again from the suggestions.
  useEffect(() => {
    if (!keep || !other) return;
    const suggested: Record<string, MergeChoice> = {};
    for (const field of fields) {
      suggested[field.key] = suggestedChoice(
        field,
        keep as unknown as Record<string, unknown>,
        other as unknown as Record<string, unknown>,
      );
    }
    setChoices(suggested);
  }, [keep, other, fields]);

  const rows = useMemo(
    () =>
      keep && other
        ? fields.map((field) => ({
            field,
            kept: valueOf(keep, field),
            merged: valueOf(other, field),
          }))
        : [],
    [keep, other, fields, valueOf],
  );
  const differing = rows.filter((row) => row.kept !== row.merged);
  const same = rows.filter((row) => row.kept === row.merged && row.kept !== '');

  return (
    <Modal show={show} onHide={onHide} size="xl" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!records || !keep || !other ? (
          <div className="text-center">
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading...</span>
            </Spinner>
          </div>
        ) : (
          <>
            <fieldset className="mb-3">
              <legend className="fs-6 fw-semibold">Record to keep</legend>
              {records.map((record, index) => (
                <Form.Check
                  key={record._id}
                  type="radio"
                  id={`${titleId}-keep-${index}`}
                  name={`${titleId}-keep`}
                  label={`Keep ${nameOf(record)}`}
                  checked={keepIndex === index}
                  onChange={() => setKeepIndex(index as 0 | 1)}
                />
              ))}
            </fieldset>
            {differing.length === 0 ? (
              <p className="text-muted">Every field holds the same value on both records.</p>
            ) : (
              <Table size="sm" responsive className="align-middle">
                <caption className="caption-top">Which value survives</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">{nameOf(keep)} (kept)</th>
                    <th scope="col">{nameOf(other)}</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {differing.map(({ field, kept, merged }) => {
                    const choice = choices[field.key] ?? 'keep';
                    const group = `${titleId}-${field.key}`;
                    return (
                      <tr key={field.key} data-testid={`merge-field-${field.key}`}>
                        <th scope="row" className="fw-normal">
                          {field.label}
                        </th>
                        <td>
                          <Form.Check
                            type="radio"
                            id={`${group}-keep`}
                            name={group}
                            aria-label={`${field.label}: keep ${kept || 'empty'}`}
                            label={kept || <span className="text-muted">empty</span>}
                            checked={choice === 'keep'}
                            onChange={() => setChoices({ ...choices, [field.key]: 'keep' })}
                          />
                        </td>
                        <td>
                          <Form.Check
                            type="radio"
                            id={`${group}-merge`}
                            name={group}
                            aria-label={`${field.label}: take ${merged || 'empty'}`}
                            label={merged || <span className="text-muted">empty</span>}
                            checked={choice === 'merge'}
                            onChange={() => setChoices({ ...choices, [field.key]: 'merge' })}
                          />
                        </td>
                        <td data-testid={`merge-result-${field.key}`}>
                          {(choice === 'merge' ? merged : kept) || (
                            <span className="text-muted">empty</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            )}
            {same.length > 0 && (
              <p className="small text-muted mb-2">
                Same on both: {same.map((row) => row.field.label).join(', ')}.
              </p>
            )}
            <Alert variant="warning" className="mb-0">
              {nameOf(other)} will be deleted. {whatMoves}
            </Alert>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <ReasonButton variant="secondary" onClick={onHide} whyDisabled={busy && 'Merging…'}>
          Cancel
        </ReasonButton>
        <ReasonButton
          variant="danger"
          whyDisabled={busy ? 'Merging…' : (!keep || !other) && 'Loading the two records…'}
          onClick={() => keep && other && onMerge(keep._id, other._id, choices)}
        >
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Merge
        </ReasonButton>
      </Modal.Footer>
    </Modal>
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function words(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_DAY.test(value) ? formatDate(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    return value.every((item) => typeof item === 'string')
      ? value.map(words).join(', ')
      : `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  const filled = Object.values(value as object).filter((item) => words(item) !== '').length;
  return filled === 0 ? '' : `${filled} ${filled === 1 ? 'answer' : 'answers'}`;
}

/** A merge field's value(s) on a record as the dialog shows them: dates dd/MM/yyyy, Yes/No. */
export function mergeFieldWords(record: object, field: MergeField): string {
  return field.fields
    .map((name) => words((record as Record<string, unknown>)[name]))
    .filter((text) => text !== '')
    .join(', ');
}
