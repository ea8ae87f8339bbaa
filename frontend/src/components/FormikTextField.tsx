import { useField } from 'formik';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * A labelled input of the surrounding Formik form whose error shows once the field is touched
 * (the sign-in, sign-up and password forms, the invitation dialog): no server errors kept, no
 * message while typing, unlike the record forms' fields (useFieldError).
 */
export function FormikTextField({
  name,
  label,
  controlId,
  type = 'text',
  autoComplete,
  required,
  readOnly,
  hint,
  className = 'mb-3',
}: {
  name: string;
  label: ReactNode;
  controlId: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  readOnly?: boolean;
  /** Shown under the input (a rule the value must meet). */
  hint?: ReactNode;
  className?: string;
}) {
  const [field, meta] = useField<string>(name);
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        required={required}
        readOnly={readOnly}
        {...field}
        isInvalid={meta.touched && !!meta.error}
      />
      <Form.Control.Feedback type="invalid">{meta.error}</Form.Control.Feedback>
      {hint && <Form.Text>{hint}</Form.Text>}
    </Form.Group>
  );
}
