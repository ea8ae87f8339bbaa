import { useState } from 'react';
import Select from 'react-select';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import type { RecordOption } from '../api';

interface Option {
  value: string;
  label: string;
}

/**
 * A clearable select of organizations or people, asking the server as the user types (debounced):
 * the task's "organization (clearable)" and "people (clearable)".
 */
export function RecordSelect({
  inputId,
  label,
  value,
  valueLabel,
  onChange,
  useOptions,
}: {
  inputId: string;
  label: string;
  value: string | null;
  valueLabel: string | null;
  onChange: (id: string | null, name: string | null) => void;
  useOptions: (search: string) => { data?: RecordOption[]; isFetching: boolean };
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching } = useOptions(search);
  const options: Option[] = (data ?? []).map((record) => ({
    value: record._id,
    label: record.name,
  }));
  const selected = value ? { value, label: valueLabel ?? value } : null;
  return (
    <Select<Option, false>
      inputId={inputId}
      aria-label={label}
      options={options}
      value={selected}
      isLoading={isFetching}
      onInputChange={(next) => setInput(next)}
      onChange={(option) => onChange(option?.value ?? null, option?.label ?? null)}
      placeholder={`No ${label.toLowerCase()}`}
      noOptionsMessage={() => 'No results'}
      isClearable
    />
  );
}
