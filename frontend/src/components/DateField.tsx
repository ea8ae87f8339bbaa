import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { useField } from 'formik';
import { formatDate, isIsoDate, parseDisplayDate, todayInDublin } from '@registra/domain';

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
}

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

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * The one date input of the product (ADR 0009): it shows and accepts dd/MM/yyyy whatever the
 * browser's language (a native date input follows the browser and shows mm/dd/yyyy in an
 * English one). Keyboard entry day first, a calendar starting on Monday, a clear button, and the
 * range the spec sets (2000–2099 for the firm's dates) checked as the date is typed.
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
}: DateFieldProps) {
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

  const error = useMemo(() => typingError(text, min, max), [text, min, max]);

  const emit = (next: string) => {
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    onChange(next);
  };

  const type = (next: string) => {
    setText(next);
    const parsed = parseDisplayDate(next);
    emit(parsed && !typingError(next, min, max) ? parsed : '');
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
          placeholder="dd/mm/yyyy"
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
          <Button variant="outline-secondary" aria-label="Clear date" onClick={clear}>
            ×
          </Button>
        )}
        <Button
          ref={target}
          variant="outline-secondary"
          aria-label="Open calendar"
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
        <Popover id={calendarId} role="dialog" aria-label="Calendar">
          <Popover.Body className="p-2">
            <Calendar
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
function typingError(text: string, min?: string, max?: string): string {
  if (text.trim() === '') return '';
  const parsed = parseDisplayDate(text);
  // Still typing a date that could become valid: no error before it is complete.
  if (!parsed) return /^\d{0,2}([/.-]\d{0,2}([/.-]\d{0,3})?)?$/.test(text.trim()) ? '' : FORMAT;
  if ((min && parsed < min) || (max && parsed > max)) return rangeMessage(min, max);
  return '';
}

const FORMAT = 'Enter the date as dd/mm/yyyy';

function rangeMessage(min?: string, max?: string): string {
  if (min && max) return `Date must be between ${formatDate(min)} and ${formatDate(max)}`;
  if (min) return `Date must be on or after ${formatDate(min)}`;
  return `Date must be on or before ${formatDate(max)}`;
}

interface CalendarProps {
  selected: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
}

/** A month grid, Monday first, with month and year choosers bounded by min..max. */
function Calendar({ selected, min, max, onPick, onClose }: CalendarProps) {
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
        <Button size="sm" variant="light" aria-label="Previous month" onClick={() => move(-1)}>
          ‹
        </Button>
        <Form.Select
          size="sm"
          aria-label="Month"
          value={month}
          onChange={(event) => setMonth(Number(event.target.value))}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          size="sm"
          aria-label="Year"
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
        <Button size="sm" variant="light" aria-label="Next month" onClick={() => move(1)}>
          ›
        </Button>
      </div>
      <table className="table table-sm table-borderless text-center mb-0" role="grid">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
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
                return (
                  <td key={column} className="p-0">
                    <Button
                      size="sm"
                      variant={chosen ? 'primary' : 'light'}
                      className="w-100"
                      aria-label={`${day} ${MONTH_NAMES[month - 1]} ${year}`}
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

/** A DateField bound to a Formik field by name (value, change, touched). */
export function FormikDateField({ name, ...props }: FormikDateFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <DateField
      {...props}
      name={name}
      value={field.value}
      isInvalid={props.isInvalid ?? (meta.touched && Boolean(meta.error))}
      onChange={(next) => void helpers.setValue(next)}
      onBlur={() => void helpers.setTouched(true)}
    />
  );
}
