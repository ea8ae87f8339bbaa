import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { DEBOUNCE_MS } from '@registra/domain';

export interface DebouncedInputProps {
  id?: string;
  type: 'number';
  /** The committed value; a change from outside (e.g. reset) replaces the text. */
  value: string;
  onCommit: (value: string) => void;
  min?: number | string;
  max?: number | string;
  placeholder?: string;
  isInvalid?: boolean;
}

/**
 * A list filter typed key by key (a month count): it shows each
 * keystroke at once but commits after a 300 ms pause, so the list asks the server once.
 */
export function DebouncedInput({ value, onCommit, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommitRef.current(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return <Form.Control {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}
