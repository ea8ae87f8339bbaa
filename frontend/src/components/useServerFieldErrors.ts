import { useCallback, useMemo, useState } from 'react';
import { focusField, serverFieldMessages } from './fieldErrors';

/** The server's refusals of a form that keeps its own state (no Formik): see useServerFieldErrors. */
export interface ServerFieldErrors<Field extends string> {
  /** The server's message for each field it refused at the last save, until that field changes. */
  readonly refused: Partial<Record<Field, string>>;
  /**
   * Keeps the refusals of a failed save (`details: [{ field, message }]`), in place of those the
   * save concerned: `fields` when given (a detail about another field stays with the toast),
   * else every field. The first refused field takes the focus (inside `within` when given).
   * Answers the fields refused.
   */
  show(
    error: unknown,
    options?: { fields?: readonly Field[]; within?: HTMLElement | null },
  ): Field[];
  /** These fields changed: they no longer hold what the server refused. */
  forget(fields: readonly string[]): void;
  /** Forgets every refusal (the form starts again). */
  clear(): void;
}

/**
 * What the server refused of a form's fields, for forms that keep their own state: each message
 * is shown under its field until the field changes. `rename` maps an API field to the form's
 * field that shows it (the chosen record's name under its picker), as for serverFieldMessages.
 */
export function useServerFieldErrors<Field extends string = string>(
  rename?: (field: string) => string,
): ServerFieldErrors<Field> {
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});

  const show = useCallback(
    (error: unknown, options: { fields?: readonly Field[]; within?: HTMLElement | null } = {}) => {
      const messages = serverFieldMessages(error, rename) as Partial<Record<Field, string>>;
      const concerned = (field: string) =>
        !options.fields || options.fields.includes(field as Field);
      const kept = Object.fromEntries(
        Object.entries(messages).filter(([field]) => concerned(field)),
      ) as Partial<Record<Field, string>>;
      setRefused((current) => ({
        ...Object.fromEntries(Object.entries(current).filter(([field]) => !concerned(field))),
        ...kept,
      }));
      const fields = Object.keys(kept) as Field[];
      if (fields.length > 0) focusField(fields, options.within);
      return fields;
    },
    [rename],
  );

  const forget = useCallback((fields: readonly string[]) => {
    setRefused((current) =>
      fields.some((field) => field in current)
        ? (Object.fromEntries(
            Object.entries(current).filter(([field]) => !fields.includes(field)),
          ) as Partial<Record<Field, string>>)
        : current,
    );
  }, []);

  const clear = useCallback(() => setRefused({}), []);

  return useMemo(() => ({ refused, show, forget, clear }), [refused, show, forget, clear]);
}
