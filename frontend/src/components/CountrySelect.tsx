import { useId } from 'react';
import Select from 'react-select';
import { COUNTRY_OPTIONS, countryLabel, normalizeCountry } from '@registra/domain';
import { SelectFieldFrame, selectFieldProps } from './selectField';

type CountryOption = { value: string; label: string };

export interface CountrySelectProps {
  /** The stored lower-case country name, or null for none. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** Id of the input, so a <label htmlFor> names it. */
  inputId?: string;
  /** Accessible name when there is no visible label. */
  ariaLabel?: string;
  placeholder?: string;
  isDisabled?: boolean;
  className?: string;
  /** The form field it fills, so that a refusal of that field focuses it. */
  name?: string;
  /** What is wrong with the value (the form's check or the server's), shown under the select. */
  error?: string;
}

/**
 * Clearable select of the ~195 lower-case country names, shown capitalised (COUNTRIES,
 * libs/domain/src/countries.ts). A stored value outside the list (legacy data) is still shown
 * rather than dropped.
 */
export function CountrySelect({
  value,
  onChange,
  inputId,
  ariaLabel,
  placeholder = 'Select a country',
  isDisabled = false,
  className,
  name,
  error,
}: CountrySelectProps) {
  const errorId = `${useId()}-error`;
  const normalized = value ? normalizeCountry(value) : null;
  const selected: CountryOption | null = normalized
    ? (COUNTRY_OPTIONS.find((option) => option.value === normalized) ?? {
        value: normalized,
        label: countryLabel(normalized),
      })
    : null;

  return (
    <SelectFieldFrame name={name} error={error} errorId={errorId}>
      <Select<CountryOption, false>
        {...selectFieldProps<CountryOption>(error, errorId)}
        inputId={inputId}
        aria-label={ariaLabel}
        className={className}
        classNamePrefix="country-select"
        options={COUNTRY_OPTIONS as CountryOption[]}
        value={selected}
        onChange={(option) => onChange(option ? option.value : null)}
        placeholder={placeholder}
        isClearable
        isDisabled={isDisabled}
      />
    </SelectFieldFrame>
  );
}
