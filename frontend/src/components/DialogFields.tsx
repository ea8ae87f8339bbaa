import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { DateField } from './DateField';

/**
 * A dialog's date with its visible label above and, when the date cannot stand, why under it
 * (the role and share dialogs ask their dates this way).
 */
export function LabelledDate({
  id,
  label,
  value,
  onChange,
  disabled,
  required,
  problem,
  className,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  required?: boolean;
  /** Why the date cannot stand ('' when it can): the field is marked and the words shown. */
  problem?: string;
  className?: string;
  /** A note under the field ("Not recorded"). */
  children?: ReactNode;
}) {
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <DateField
        id={id}
        label={label}
        value={value}
        required={required}
        disabled={disabled}
        isInvalid={Boolean(problem)}
        onChange={onChange}
      />
      {problem && <div className="invalid-feedback d-block">{problem}</div>}
      {children}
    </Form.Group>
  );
}

/**
 * "Already filed with the CRO": the change is recorded without starting the follow-up that
 * would file it (`followUp` names it: "follow-up", "B5 follow-up").
 */
export function AlreadyFiledCheck({
  id,
  checked,
  onChange,
  disabled,
  followUp = 'follow-up',
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  followUp?: string;
}) {
  return (
    <Form.Check
      className="mt-3"
      id={id}
      type="checkbox"
      label={`Already filed with the CRO (no ${followUp} is started)`}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
