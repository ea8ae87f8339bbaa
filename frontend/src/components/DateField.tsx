import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { useField } from 'formik';
import { useFieldError } from './fieldErrors';
import {
  formatDate,
  isIsoDate,
  MESSAGES,
  parseDisplayDate,
  PUBLIC_FORM_MESSAGES,
  todayInDublin,
} from '@registra/domain';

export interface DateFieldProps {
  /** The date, 'yyyy-MM-dd', or '' (the same value a native date input gives). */
  value: string | null | undefined;
  /** Called with a complete, valid date within min..max, or '' when the field is cleared. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /**
   * The field's name in words; the input's accessible name when `labelled` (otherwise a
   * <Form.Label> of the surrounding Form.Group names it). The buttons are "Clear date" and
   * "Open calendar", so that finding a field by its label finds the input alone.
   */
  label: string;
  id?: string;
  name?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  /** An error from the form (shown under the field when there is no typing error of its own). */
  isInvalid?: boolean;
  size?: 'sm' | 'lg';
  /** Label the input with `label` itself (when no visible <label> points at it). */
  labelled?: boolean;
  /** The words of the field: English for staff, French on the public form. */
  language?: 'en' | 'fr';
  /**
   * Told what is wrong with the typed text ('' when nothing): a form uses it to refuse to send
   * while the text is not a date (31/02/1990), instead of sending the field empty.
   */
  onTextError?: (error: string) => void;
}

const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const WEEKDAYS_FR = ['Lu', 'Ma', 'Me', 'Je', 'Ve', 'Sa', 'Di'];

/** The field's own words. */
interface Words {
  placeholder: string;
  clear: string;
  open: string;
  calendar: string;
  month: string;
  year: string;
  previous: string;
  next: string;
  months: string[];
  weekdays: string[];
  format: string;
  missing: string;
  between: (min: string, max: string) => string;
  after: (min: string) => string;
  before: (max: string) => string;
}

/** The field's own words in each language. */
const WORDS: Record<'en' | 'fr', Words> = {
  en: {
    placeholder: 'dd/mm/yyyy',
    clear: 'Clear date',
    open: 'Open calendar',
    calendar: 'Calendar',
    month: 'Month',
    year: 'Year',
    previous: 'Previous month',
    next: 'Next month',
    months: [] as string[],
    weekdays: [] as string[],
    format: MESSAGES.dateTypeDayFirst,
    missing: MESSAGES.dateDoesNotExist,
    between: (min: string, max: string) => `Date must be between ${min} and ${max}`,
    after: (min: string) => `Date must be on or after ${min}`,
    before: (max: string) => `Date must be on or before ${max}`,
  },
  fr: {
    placeholder: 'jj/mm/aaaa',
    clear: 'Effacer la date',
    open: 'Ouvrir le calendrier',
    calendar: 'Calendrier',
    month: 'Mois',
    year: 'Année',
    previous: 'Mois précédent',
    next: 'Mois suivant',
    months: MONTHS_FR,
    weekdays: WEEKDAYS_FR,
    format: PUBLIC_FORM_MESSAGES.dateTypeDayFirst,
    missing: PUBLIC_FORM_MESSAGES.dateDoesNotExist,
    between: (min: string, max: string) =>
      `La date doit être comprise entre le ${min} et le ${max}`,
    after: (min: string) => `La date doit être le ${min} ou après`,
    before: (max: string) => `La date doit être le ${max} ou avant`,
  },
};

/** The months' names, January first (the picker's, the calendar's titles). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
WORDS.en.months = MONTH_NAMES;
WORDS.en.weekdays = WEEKDAYS;

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * The one date input of the product (ADR 0009): it shows and accepts dd/MM/yyyy whatever the
 * browser's language (a native date input follows the browser and shows mm/dd/yyyy in an English
 * one). Keyboard entry day first, a calendar starting on Monday, a clear button, and the range the
 * domain sets (DATE_MIN..DATE_MAX, 2000–2099 for the firm's dates) checked as the date is typed.
 *
 * Like a native date input, the value it hands over is ISO 'yyyy-MM-dd', or '' while the text
 * is not a complete valid date, so forms and the API keep one date format.
 */
export function DateField({
  value,
  onChange,
  onBlur,
  label,
  id,
  name,
  min,
  max,
  disabled,
  required,
  isInvalid,
  size,
  labelled,
  language = 'en',
  onTextError,
}: DateFieldProps) {
  const words = WORDS[language];
  const iso = isIsoDate(value) ? value : '';
  const [text, setText] = useState(() => formatDate(iso));
  const [open, setOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const lastEmitted = useRef(iso);
  const calendarId = useId();

  // A value set from outside (a reset, a reload, the calendar) replaces what is typed.
  useEffect(() => {
    if (iso !== lastEmitted.current) {
      lastEmitted.current = iso;
      setText(formatDate(iso));
    }
  }, [iso]);

  const error = useMemo(() => typingError(text, words, min, max), [text, words, min, max]);
  const reportError = useRef(onTextError);
  reportError.current = onTextError;
  useEffect(() => reportError.current?.(error), [error]);

  const emit = (next: string) => {
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    onChange(next);
  };

  const type = (next: string) => {
    setText(next);
    const parsed = parseDisplayDate(next);
    emit(parsed && !typingError(next, words, min, max) ? parsed : '');
  };

  const pick = (day: string) => {
    setText(formatDate(day));
    emit(day);
    setOpen(false);
  };

  const clear = () => {
    setText('');
    emit('');
  };

  return (
    <>
      <InputGroup size={size} hasValidation>
        <Form.Control
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={words.placeholder}
          aria-label={labelled ? label : undefined}
          aria-describedby={error ? `${calendarId}-error` : undefined}
          value={text}
          disabled={disabled}
          required={required}
          isInvalid={Boolean(error) || isInvalid}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            // A complete date is shown back in its canonical form (1/3/2026 → 01/03/2026).
            const parsed = parseDisplayDate(text);
            if (parsed && !error) setText(formatDate(parsed));
            onBlur?.();
          }}
        />
        {text !== '' && !disabled && (
          <Button variant="outline-secondary" aria-label={words.clear} onClick={clear}>
            ×
          </Button>
        )}
        <Button
          ref={target}
          variant="outline-secondary"
          aria-label={words.open}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          disabled={disabled}
          onClick={() => setOpen((shown) => !shown)}
        >
          <CalendarIcon />
        </Button>
        {error && (
          <Form.Control.Feedback type="invalid" id={`${calendarId}-error`}>
            {error}
          </Form.Control.Feedback>
        )}
      </InputGroup>
      <Overlay
        target={target.current}
        show={open}
        placement="bottom-end"
        rootClose
        onHide={() => setOpen(false)}
      >
        <Popover id={calendarId} role="dialog" aria-label={words.calendar}>
          <Popover.Body className="p-2">
            <Calendar
              words={words}
              selected={parseDisplayDate(text) ?? iso}
              min={min}
              max={max}
              onPick={pick}
              onClose={() => {
                setOpen(false);
                target.current?.focus();
              }}
            />
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}

/** What is wrong with the typed text, or '' (an empty field is not an error here). */
function typingError(text: string, words: Words, min?: string, max?: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const parsed = parseDisplayDate(text);
  if (!parsed) {
    // Written as a date, day first, but no calendar has that day: 31/02/1990, 29/02/2023.
    if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$|^\d{8}$/.test(trimmed)) return words.missing;
    // Still typing a date that could become valid: no error before it is complete.
    return /^\d{0,2}([/.-]\d{0,2}([/.-]\d{0,3})?)?$/.test(trimmed) ? '' : words.format;
  }
  if ((min && parsed < min) || (max && parsed > max)) return rangeMessage(words, min, max);
  return '';
}

function rangeMessage(words: Words, min?: string, max?: string): string {
  if (min && max) return words.between(formatDate(min), formatDate(max));
  if (min) return words.after(formatDate(min));
  return words.before(formatDate(max));
}

interface CalendarProps {
  words: Words;
  selected: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
}

/** A month grid, Monday first, with month and year choosers bounded by min..max. */
function Calendar({ words, selected, min, max, onPick, onClose }: CalendarProps) {
  const start = selected || clamp(todayInDublin(), min, max);
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [month, setMonth] = useState(Number(start.slice(5, 7)));
  const firstYear = min ? Number(min.slice(0, 4)) : 1900;
  const lastYear = max ? Number(max.slice(0, 4)) : 2100;

  const move = (months: number) => {
    const index = year * 12 + (month - 1) + months;
    const nextYear = Math.floor(index / 12);
    if (nextYear < firstYear || nextYear > lastYear) return;
    setYear(nextYear);
    setMonth(index - nextYear * 12 + 1);
  };

  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // 0 = Monday: how many blank cells come before the 1st.
  const offset = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length: days }, (_, index) => index + 1),
  ];
  const weeks: Array<Array<number | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div onKeyDown={onKeyDown}>
      <div className="d-flex align-items-center gap-1 mb-2">
        <Button size="sm" variant="light" aria-label={words.previous} onClick={() => move(-1)}>
          ‹
        </Button>
        <Form.Select
          size="sm"
          aria-label={words.month}
          value={month}
          onChange={(event) => setMonth(Number(event.target.value))}
        >
          {words.months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          size="sm"
          aria-label={words.year}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index).map(
            (option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ),
          )}
        </Form.Select>
        <Button size="sm" variant="light" aria-label={words.next} onClick={() => move(1)}>
          ›
        </Button>
      </div>
      <table className="table table-sm table-borderless text-center mb-0" role="grid">
        <thead>
          <tr>
            {words.weekdays.map((weekday) => (
              <th key={weekday} scope="col" className="small text-muted fw-normal">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const date = isoOf(year, month, day);
                const outside =
                  (min !== undefined && date < min) || (max !== undefined && date > max);
                const chosen = date === selected;
                // A day out of range says why (a disabled button shows no tooltip itself).
                const why = !outside
                  ? undefined
                  : min !== undefined && max !== undefined
                    ? words.between(formatDate(min), formatDate(max))
                    : min !== undefined
                      ? words.after(formatDate(min))
                      : words.before(formatDate(max ?? ''));
                return (
                  <td key={column} className="p-0" title={why}>
                    <Button
                      size="sm"
                      variant={chosen ? 'primary' : 'light'}
                      className="w-100"
                      aria-label={`${day} ${words.months[month - 1]} ${year}`}
                      aria-pressed={chosen}
                      disabled={outside}
                      onClick={() => onPick(date)}
                    >
                      {day}
                    </Button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function clamp(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <path d="M4 0a.5.5 0 0 1 .5.5V1h7V.5a.5.5 0 0 1 1 0V1H14a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2h1.5V.5A.5.5 0 0 1 4 0zM1 5v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5H1z" />
    </svg>
  );
}

export interface FormikDateFieldProps extends Omit<
  DateFieldProps,
  'value' | 'onChange' | 'onBlur'
> {
  name: string;
}

/**
 * A DateField bound to a Formik field by name (value, change, touched). While its text is not a
 * date (31/02/1990), the field's own validation fails, so the form is not sent with the date
 * silently emptied.
 */
export function FormikDateField({ name, ...props }: FormikDateFieldProps) {
  const textError = useRef('');
  const [typing, setTyping] = useState('');
  const [field, , helpers] = useField<string>({
    name,
    validate: () => textError.current || undefined,
  });
  // The form's own error (its schema's, or the server's) when the text itself is fine; the
  // field shows a typing error on its own.
  const shown = useFieldError(name);
  const formError = shown && !typing ? shown : '';
  return (
    <>
      <DateField
        {...props}
        name={name}
        value={field.value}
        isInvalid={props.isInvalid ?? Boolean(shown)}
        onChange={(next) => void helpers.setValue(next)}
        onBlur={() => void helpers.setTouched(true)}
        onTextError={(error) => {
          textError.current = error;
          setTyping(error);
        }}
      />
      {formError && <div className="invalid-feedback d-block">{formError}</div>}
    </>
  );
}
