import { useEffect, useState } from 'react';
import { DEBOUNCE_MS } from '@registra/domain';

/**
 * `value`, but only once it has stopped changing for `ms` milliseconds (search inputs wait
 * DEBOUNCE_MS, 300 ms), so a list asks the server once per pause, not per keystroke.
 */
export function useDebouncedValue<T>(value: T, ms: number = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
