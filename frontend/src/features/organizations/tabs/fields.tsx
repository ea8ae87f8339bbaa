import { useField } from 'formik';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { DATE_MAX, DATE_MIN } from '@registra/domain';
import { FormikDateField } from '../../../components/DateField';
import { useFieldError } from '../../../components/fieldErrors';

interface FieldProps {
  name: string;
  label: ReactNode;
  md?: number;
  disabled?: boolean;
  help?: ReactNode;
}

/** A text, e-mail or date input of the organization form, laid out in a grid column. */
export function TextField({
  name,
  label,
  md = 6,
  disabled,
  help,
  type = 'text',
  rows,
}: FieldProps & { type?: 'text' | 'email' | 'date'; rows?: number }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  if (type === 'date') {
    return (
      <Form.Group as={Col} md={md} controlId={`organization-${name}`}>
        <Form.Label>{label}</Form.Label>
        <FormikDateField
          name={name}
          label={typeof label === 'string' ? label : name}
          min={DATE_MIN}
          max={DATE_MAX}
          disabled={disabled}
        />
        {help && <Form.Text>{help}</Form.Text>}
      </Form.Group>
    );
  }
  return (
    <Form.Group as={Col} md={md} controlId={`organization-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...field}
        value={field.value ?? ''}
        type={rows ? undefined : type}
        as={rows ? 'textarea' : undefined}
        rows={rows}
        disabled={disabled}
        isInvalid={Boolean(error)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {help && <Form.Text>{help}</Form.Text>}
    </Form.Group>
  );
}

/** A select of the organization form; the empty option stands for "none". */
export function SelectField({
  name,
  label,
  md = 6,
  disabled,
  options,
  emptyLabel = '—',
}: FieldProps & { options: readonly { value: string; label: string }[]; emptyLabel?: string }) {
  const [field] = useField<string>(name);
  return (
    <Form.Group as={Col} md={md} controlId={`organization-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...field} value={field.value ?? ''} disabled={disabled}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A read-only value shown like an input (the live previews of derived dates). */
export function ReadOnlyField({
  id,
  label,
  value,
  md = 6,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  md?: number;
  children?: ReactNode;
}) {
  return (
    <Form.Group as={Col} md={md} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control readOnly plaintext={false} value={value} className="bg-light" />
      {children}
    </Form.Group>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h2 className="h6 text-uppercase text-muted border-bottom pb-1 mb-3">{title}</h2>
      {children}
    </section>
  );
}
