import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { DATE_MAX, DATE_MIN, isValidDateFilter } from '@registra/domain';
import { DateField } from './DateField';

export interface FilterChoice {
  value: string;
  label: string;
}

/** Choices from coded values (statuses, origins), each shown in its words (labels.ts). */
export const choicesOf = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): FilterChoice[] => values.map((value) => ({ value, label: labels[value] }));

export interface FilterSelectProps {
  label: string;
  /** Shown above the select; otherwise only its accessible name (a toolbar of selects). */
  showLabel?: boolean;
  value: string;
  /** The choices, the one that filters nothing ('' — "All", "Any time") first. */
  choices: readonly FilterChoice[];
  onChange: (value: string) => void;
  /** The group's classes (a column of the filter row). */
  className?: string;
  labelClassName?: string;
  size?: 'sm';
}

/** One of a list's filters as a select: the list's toolbar and filter panels use it. */
export function FilterSelect(props: FilterSelectProps) {
  const { label, showLabel = false, value, choices, onChange } = props;
  const id = useId();
  return (
    <Form.Group className={props.className} controlId={id}>
      {showLabel && <Form.Label className={props.labelClassName}>{label}</Form.Label>}
      <Form.Select
        size={props.size}
        aria-label={showLabel ? undefined : label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

export interface DateFilterProps {
  label: string;
  /** YYYY-MM-DD, or '' for no filter; a date outside 2000–2099 is shown as none. */
  value: string;
  onChange: (value: string) => void;
  className?: string;
  labelClassName?: string;
}

/** One of a list's filters as a date (dd/mm/yyyy, with its calendar), labelled above. */
export function DateFilter({ label, value, onChange, className, labelClassName }: DateFilterProps) {
  const id = useId();
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      <DateField
        label={label}
        min={DATE_MIN}
        max={DATE_MAX}
        value={isValidDateFilter(value) ? value : ''}
        onChange={onChange}
      />
    </Form.Group>
  );
}
