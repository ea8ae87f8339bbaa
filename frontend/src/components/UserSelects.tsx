import { useId, useState } from 'react';
import Select from 'react-select';
import { useSearchUsersQuery } from '../lib/records';
import { fullName } from '../lib/session';
import { SelectFieldFrame, selectFieldProps } from './selectField';
import { useDebouncedValue } from './useDebouncedValue';
import type { User } from '../types/api';
import type { AssignedUser } from '@registra/domain';

/** Staff accounts are few; the typed text narrows the server's answer beyond this many. */
export const USER_OPTIONS_LIMIT = 50;

interface UserOption {
  value: string;
  label: string;
}

const toOption = (user: User): UserOption => ({ value: user._id, label: fullName(user) });

/**
 * Options from POST /user/search, asked again (debounced) as the user types in the select. A
 * deactivated account is offered to nobody: the server leaves it out, and so does the select
 * whatever it is answered. One already chosen (a task's users) still shows by name.
 */
function useUserOptions() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching } = useSearchUsersQuery({
    ...(search ? { search } : {}),
    limit: USER_OPTIONS_LIMIT,
  });
  return {
    options: (data ?? []).filter((user) => user.active !== false).map(toOption),
    isLoading: isFetching,
    onInputChange: (value: string) => setInput(value),
  };
}

export interface UserFilterSelectProps {
  /** The selected user's id, or '' for everyone. */
  value: string;
  /** The selected user's name, shown before the options have loaded. */
  valueLabel?: string;
  onChange: (userId: string, userName: string) => void;
  inputId?: string;
  /** The form field it fills (when it is one), so that a refusal of that field focuses it. */
  name?: string;
  /** What is wrong with the choice (the server's refusal), shown under the select. */
  error?: string;
}

/** A clearable "assigned to" filter (the organization and follow-up lists, the task board). */
export function UserFilterSelect({
  value,
  valueLabel,
  onChange,
  inputId,
  ariaLabel = 'Filter by user',
  placeholder = 'All users',
  name,
  error,
}: UserFilterSelectProps & { ariaLabel?: string; placeholder?: string }) {
  const errorId = `${useId()}-error`;
  const { options, isLoading, onInputChange } = useUserOptions();
  const selected = value
    ? (options.find((option) => option.value === value) ?? { value, label: valueLabel || value })
    : null;
  return (
    <SelectFieldFrame name={name} error={error} errorId={errorId}>
      <Select<UserOption, false>
        {...selectFieldProps<UserOption>(error, errorId)}
        inputId={inputId}
        aria-label={ariaLabel}
        classNamePrefix="user-filter"
        options={options}
        value={selected}
        isLoading={isLoading}
        onInputChange={onInputChange}
        onChange={(option) => onChange(option?.value ?? '', option?.label ?? '')}
        placeholder={placeholder}
        isClearable
      />
    </SelectFieldFrame>
  );
}

export interface AssignedUsersSelectProps {
  value: AssignedUser[];
  onChange: (users: AssignedUser[]) => void;
  isDisabled?: boolean;
  inputId?: string;
  ariaLabel?: string;
  /** The form field it fills, so that a refusal of that field focuses it. */
  name?: string;
  /** What is wrong with the list (left empty, or the server's refusal), shown under the select. */
  error?: string;
}

/** A multi-select of users: the organization header's assignees, a task's users. */
export function AssignedUsersSelect({
  value,
  onChange,
  isDisabled,
  inputId = 'organization-assigned-users',
  ariaLabel = 'Assigned users',
  name,
  error,
}: AssignedUsersSelectProps) {
  const errorId = `${useId()}-error`;
  const { options, isLoading, onInputChange } = useUserOptions();
  const selected = value.map((user) => ({ value: user.userId, label: user.userName }));
  return (
    <SelectFieldFrame name={name} error={error} errorId={errorId}>
      <Select<UserOption, true>
        {...selectFieldProps<UserOption, true>(error, errorId)}
        isMulti
        inputId={inputId}
        aria-label={ariaLabel}
        classNamePrefix="assigned-users"
        options={options}
        value={selected}
        isLoading={isLoading}
        isDisabled={isDisabled}
        onInputChange={onInputChange}
        onChange={(chosen) =>
          onChange(chosen.map((option) => ({ userId: option.value, userName: option.label })))
        }
        placeholder="No user assigned..."
      />
    </SelectFieldFrame>
  );
}
