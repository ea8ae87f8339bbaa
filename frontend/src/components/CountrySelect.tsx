import Select from 'react-select';
import { COUNTRY_OPTIONS, countryLabel, normalizeCountry } from '@registra/domain';

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
}

/**
 * Clearable select of the ~195 lower-case country names, shown capitalised (spec 01 "People
 * list"). A stored value outside the list (legacy data) is still shown rather than dropped.
 */
export function CountrySelect({
  value,
  onChange,
  inputId,
  ariaLabel,
  placeholder = 'Select a country',
  isDisabled = false,
  className,
}: CountrySelectProps) {
  const normalized = value ? normalizeCountry(value) : null;
  const selected: CountryOption | null = normalized
    ? (COUNTRY_OPTIONS.find((option) => option.value === normalized) ?? {
        value: normalized,
        label: countryLabel(normalized),
      })
    : null;

  return (
    <Select<CountryOption, false>
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
  );
}
