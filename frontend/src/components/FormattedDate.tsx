import { formatDate, formatDateTime } from '@registra/domain';

export { formatDate, formatDateTime };

/** Shown where a date is empty. */
export const EMPTY_DATE = '—';

export interface FormattedDateProps {
  /** A calendar date 'YYYY-MM-DD' or an ISO timestamp; null/empty shows `empty`. */
  value: string | Date | null | undefined;
  /** dd/MM/yyyy - hh:mm a instead of dd/MM/yyyy. */
  withTime?: boolean;
  empty?: string;
}

/** A date as the firm reads it (dd/MM/yyyy, Europe/Dublin), in a <time> element. */
export function FormattedDate({ value, withTime = false, empty = '' }: FormattedDateProps) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  if (!text) return <>{empty}</>;
  const dateTime = value instanceof Date ? value.toISOString() : (value ?? undefined);
  return <time dateTime={dateTime}>{text}</time>;
}
