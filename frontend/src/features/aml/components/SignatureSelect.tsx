import { useState } from 'react';
import Select from 'react-select';
import { USER_PICKER_LIMIT } from '@registra/domain';
import type { AmlUserSignature } from '@registra/domain';
import { useSearchUsersQuery } from '../../../lib/records';
import { useDebouncedValue } from '../../../components/useDebouncedValue';

interface Option {
  value: string;
  label: string;
}

/** The signature picker of appendices 3 and 4: staff users, 5 at a time (USER_PICKER_LIMIT). */
export function SignatureSelect({
  inputId,
  label,
  value,
  onChange,
}: {
  inputId: string;
  label: string;
  value: AmlUserSignature | null;
  onChange: (value: AmlUserSignature | null) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching } = useSearchUsersQuery({
    ...(search ? { search } : {}),
    limit: USER_PICKER_LIMIT,
  });
  const options: Option[] = (data ?? []).map((user) => ({
    value: user._id,
    label: `${user.firstName} ${user.lastName}`.trim(),
  }));
  return (
    <Select<Option, false>
      inputId={inputId}
      aria-label={label}
      classNamePrefix="signature"
      options={options}
      isLoading={isFetching}
      onInputChange={(text) => setInput(text)}
      value={value ? { value: value.user_id, label: value.user_name } : null}
      onChange={(option) =>
        onChange(option ? { user_id: option.value, user_name: option.label } : null)
      }
      placeholder="Select a user..."
      isClearable
    />
  );
}
