import { useState } from 'react';
import Select from 'react-select';
import { MESSAGES, NOT_AVAILABLE, ORDER_ORGANIZATION_FILTER_LABELS } from '@registra/domain';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useOrganizationOptionsQuery } from '../../../lib/records';
import { useErrorToast } from '../../../components/useErrorToast';

interface Option {
  value: string;
  label: string;
}

/** The order list's organization filter: every organization by name, and the orders of none. */
export function OrganizationFilter({
  value,
  valueLabel,
  onChange,
}: {
  value: string;
  valueLabel: string;
  onChange: (id: string, name: string) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const { data, isFetching, isError } = useOrganizationOptionsQuery(search);
  useErrorToast(isError, MESSAGES.organizationsFetchErrorOccurred, 'orders-organizations');
  const options: Option[] = [
    { value: NOT_AVAILABLE, label: ORDER_ORGANIZATION_FILTER_LABELS[NOT_AVAILABLE] },
    ...(data ?? []).map((organization) => ({ value: organization._id, label: organization.name })),
  ];
  return (
    <Select<Option, false>
      inputId="orders-organization-filter"
      aria-label="Organization"
      options={options}
      value={value ? { value, label: valueLabel || value } : null}
      isLoading={isFetching}
      onInputChange={(text) => setInput(text)}
      onChange={(option) => onChange(option?.value ?? '', option?.label ?? '')}
      placeholder="All organizations"
      noOptionsMessage={() => MESSAGES.noOrganizationsFound}
      isClearable
    />
  );
}
