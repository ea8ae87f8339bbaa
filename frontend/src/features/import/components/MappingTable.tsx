import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { importFieldsOf } from '@registra/domain';
import type { ImportKind, ImportMapping, ImportUploadView } from '@registra/domain';

const RECORD_LABELS = { organization: 'Organization', person: 'Person', link: 'Role' } as const;

export interface MappingTableProps {
  kind: ImportKind;
  columns: string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  /** The first rows as they will be stored. */
  preview: ImportUploadView['preview'];
}

const shown = (value: unknown): string =>
  Array.isArray(value)
    ? value.join(', ')
    : value === null || value === undefined
      ? ''
      : String(value);

/** Each column of the file and the field it feeds (guessed, changeable), then the preview. */
export function MappingTable({ kind, columns, mapping, onChange, preview }: MappingTableProps) {
  const fields = importFieldsOf(kind);
  const used = fields.filter((field) => Object.values(mapping).includes(field.field));
  return (
    <>
      <Table size="sm" className="import-mapping align-middle" aria-label="Column mapping">
        <thead>
          <tr>
            <th>Column of the file</th>
            <th>Imported as</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => (
            <tr key={column}>
              <td>{column}</td>
              <td>
                <Form.Select
                  size="sm"
                  aria-label={`Field for ${column}`}
                  value={mapping[column] ?? ''}
                  onChange={(event) =>
                    onChange({ ...mapping, [column]: event.target.value || null })
                  }
                >
                  <option value="">(not imported)</option>
                  {fields.map((field) => (
                    <option key={field.field} value={field.field}>
                      {RECORD_LABELS[field.record]}: {field.label}
                    </option>
                  ))}
                </Form.Select>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h2 className="h5">Preview: the first rows as they will be stored</h2>
      <Table size="sm" responsive bordered aria-label="Preview">
        <thead>
          <tr>
            <th>Row</th>
            {used.map((field) => (
              <th key={field.field}>
                {RECORD_LABELS[field.record]}: {field.label}
              </th>
            ))}
            <th>Problems</th>
          </tr>
        </thead>
        <tbody>
          {preview.map((row) => {
            const records = row as Record<string, unknown> & {
              row: number;
              errors: Array<{ message: string }>;
            };
            return (
              <tr key={records.row}>
                <td>{records.row}</td>
                {used.map((field) => {
                  const values = (records[field.record] ?? {}) as Record<string, unknown>;
                  const value =
                    field.name === 'fullName'
                      ? [values.firstName, values.lastName].filter(Boolean).join(' ')
                      : values[field.name];
                  return <td key={field.field}>{shown(value)}</td>;
                })}
                <td className="text-danger">
                  {records.errors.map((error) => error.message).join('; ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}
