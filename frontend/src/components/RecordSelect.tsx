import { useId, useState } from 'react';
import Select from 'react-select';
import type { RecordOption } from '../types/records';
import { SelectFieldFrame, selectFieldProps } from './selectField';
import { useDebouncedValue } from './useDebouncedValue';
import { useErrorToast } from './useErrorToast';

// The option's shape lives in src/types, since src/lib's shared calls answer with it too.
export type { RecordOption };

interface Option {
  value: string;
  label: string;
}

/**
 * A clearable select of records (organizations, people), asking the server as the user types
 * (debounced): the task's organization and person, the new order's organization.
 */
export function RecordSelect({
  inputId,
  label,
  value,
  valueLabel,
  onChange,
  useOptions,
  isDisabled = false,
  placeholder,
  noOptionsMessage = 'No results',
  errorMessage,
  name,
  error,
}: {
  inputId: string;
  label: string;
  value: string | null;
  valueLabel: string | null;
  onChange: (id: string | null, name: string | null) => void;
  useOptions: (search: string) => { data?: RecordOption[]; isFetching: boolean; isError?: boolean };
  isDisabled?: boolean;
  placeholder?: string;
  /** Shown in the menu when nothing matches ('No organizations found'). */
  noOptionsMessage?: string;
  /** A toast when the options cannot be fetched ('An error occurred fetching organizations'). */
  errorMessage?: string;
  /** The form field it fills, so that a refusal of that field focuses it. */
  name?: string;
  /** What is wrong with the choice (the server's refusal), shown under the select. */
  error?: string;
}) {
  const errorId = `${useId()}-error`;
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching, isError } = useOptions(search);
  useErrorToast(isError, errorMessage, `${inputId}-options`);
  const options: Option[] = (data ?? []).map((record) => ({
    value: record._id,
    label: record.name,
  }));
  const selected = value ? { value, label: valueLabel ?? value } : null;
  return (
    <SelectFieldFrame name={name} error={error} errorId={errorId}>
      <Select<Option, false>
        {...selectFieldProps<Option>(error, errorId)}
        inputId={inputId}
        aria-label={label}
        options={options}
        value={selected}
        isLoading={isFetching}
        onInputChange={(next) => setInput(next)}
        onChange={(option) => onChange(option?.value ?? null, option?.label ?? null)}
        placeholder={placeholder ?? `No ${label.toLowerCase()}`}
        isDisabled={isDisabled}
        noOptionsMessage={() => noOptionsMessage}
        isClearable
      />
    </SelectFieldFrame>
  );
}
