import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { DEBOUNCE_MS } from '@registra/domain';

export interface SearchInputProps {
  /** The committed search term; a change from outside (e.g. "Reset filters") replaces the text. */
  value: string;
  /** Called once the user has paused typing for `delayMs` (300 ms by default). */
  onChange: (value: string) => void;
  placeholder?: string;
  /** The accessible name; the placeholder is not one. */
  label?: string;
  delayMs?: number;
  className?: string;
}

/**
 * A search box that shows every keystroke at once but reports the term debounced, so each
 * pause in typing costs one server call (DEBOUNCE_MS).
 */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Search...',
  label = 'Search',
  delayMs = DEBOUNCE_MS,
  className,
}: SearchInputProps) {
  const [text, setText] = useState(value);
  // The latest callback without restarting the timer when the parent re-renders.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const lastReported = useRef(value);

  // A new value from the parent (reset, navigation) wins over what is being typed.
  useEffect(() => {
    if (value !== lastReported.current) {
      lastReported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastReported.current) return;
    const timer = setTimeout(() => {
      lastReported.current = text;
      onChangeRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <Form.Control
      type="search"
      className={className}
      value={text}
      placeholder={placeholder}
      aria-label={label}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
