import { useEffect, useRef } from 'react';
import { getIn, useFormikContext } from 'formik';
import { isApiError } from '../lib/api';

/** The part of a Formik form (its submit helpers) the server's field errors are written into. */
export interface FieldErrorTarget {
  setStatus: (status?: unknown) => void;
  setFieldTouched: (field: string, touched?: boolean, shouldValidate?: boolean) => unknown;
}

/**
 * The server's refusals, kept in Formik's `status` rather than its `errors`: the form's own
 * validation (on blur, on change) rewrites `errors` at any moment and would wipe them. Each is
 * shown while its field still holds the value the server refused.
 */
interface ServerErrors {
  serverErrors: Record<string, { message: string; value: unknown }>;
}

const serverErrorsOf = (status: unknown): ServerErrors['serverErrors'] =>
  (typeof status === 'object' && status !== null && 'serverErrors' in status
    ? (status as ServerErrors).serverErrors
    : undefined) ?? {};

/** A field path of the API ("peoples.0.firstName", "peoples[0].firstName") as Formik names it. */
const formikPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * The server's refusal of some fields (`details: [{ field, message }]`, api-conventions.md)
 * written under those fields of the form: each message is shown under its field until the field
 * changes, the field is marked touched, and the first one gets the focus. `rename` maps an API
 * field to the form's name where they differ. Answers the number of fields marked: 0 when the
 * error named none of the form's fields (the caller's toast then says it all).
 */
export function showServerFieldErrors<Values>(
  error: unknown,
  values: Values,
  form: FieldErrorTarget,
  options: {
    rename?: (field: string) => string | undefined;
    within?: HTMLElement | null;
    /** false when the caller moves the focus itself (after a dialog has closed). */
    focus?: boolean;
  } = {},
): number {
  if (!isApiError(error) || !error.details?.length) return 0;
  const serverErrors: ServerErrors['serverErrors'] = {};
  for (const detail of error.details) {
    const path = options.rename
      ? options.rename(formikPath(detail.field))
      : formikPath(detail.field);
    // Only the form's own fields: a detail about something the form does not show stays a toast.
    const value = path ? (getIn(values, path) as unknown) : undefined;
    if (!path || value === undefined || serverErrors[path]) continue;
    serverErrors[path] = { message: detail.message, value };
  }
  const paths = Object.keys(serverErrors);
  if (paths.length === 0) return 0;
  for (const path of paths) void form.setFieldTouched(path, true, false);
  form.setStatus({ serverErrors } satisfies ServerErrors);
  if (options.focus !== false) focusField(paths, options.within);
  return paths.length;
}

/**
 * For a form that keeps its own state (no Formik): the server's refused fields as
 * `{ field: message }`, the first message of each field, paths as Formik would name them.
 * `rename` maps an API field to the form's field that shows it, as for `showServerFieldErrors`.
 */
export function serverFieldMessages(
  error: unknown,
  rename: (field: string) => string = (field) => field,
): Record<string, string> {
  if (!isApiError(error)) return {};
  const messages: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    messages[rename(formikPath(detail.field))] ??= detail.message;
  }
  return messages;
}

/**
 * The control to focus for a marked element: the element itself when it is a form control, else
 * the input inside it (a react-select, whose frame carries the mark: SelectFieldFrame).
 */
const focusable = (element: Element | null): HTMLElement | null =>
  element?.matches('input, textarea, select')
    ? (element as HTMLElement)
    : (element?.querySelector<HTMLElement>('input:not([type="hidden"])') ?? null);

/** Puts the focus on the first, in the page's order, of the inputs named `paths`. */
export function focusField(paths: string | string[], within?: HTMLElement | null) {
  window.setTimeout(() => {
    const root: ParentNode = within ?? document.body;
    // Form controls only: the page's <meta name="description"> has a name too. A select made of
    // several elements names its frame (data-field) instead.
    const control = (path: string) => {
      const name = path.replace(/"/g, '');
      return focusable(
        root.querySelector(
          [
            ...['input', 'textarea', 'select'].map((tag) => `${tag}[name="${name}"]`),
            `[data-field="${name}"]`,
          ].join(','),
        ),
      );
    };
    const inputs = [paths]
      .flat()
      .map(control)
      .filter((input): input is HTMLElement => input !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const target = inputs[0] ?? focusable(root.querySelector('.is-invalid'));
    target?.focus();
  }, 0);
}

/**
 * Inside a Formik form: after a submit the form's own checks refused, the focus goes to the
 * first marked field, so a long form says where to look.
 */
export function FocusFirstError() {
  const { submitCount, isValid, isSubmitting } = useFormikContext();
  const handled = useRef(0);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValid) return;
    handled.current = submitCount;
    const form = anchor.current?.closest('form');
    window.setTimeout(() => focusable(form?.querySelector('.is-invalid') ?? null)?.focus(), 0);
  }, [submitCount, isValid, isSubmitting]);
  return <span ref={anchor} hidden />;
}

/** What useFieldError reads of a Formik form. */
interface FormState {
  errors: unknown;
  touched: unknown;
  status?: unknown;
  values: unknown;
  initialValues?: unknown;
  validateOnChange?: boolean;
}

/**
 * A field's error to show: the form's own once the field is touched (a submit touches them
 * all) or changed, else the server's while the field still holds the value it refused; else undefined.
 * For a field drawn by a plain function of a form; components use useFieldError.
 */
export function fieldErrorOf(form: FormState, name: string): string | undefined {
  const message = getIn(form.errors, name) as unknown;
  // Shown as soon as the field is changed, not only when it is left: the message then appears
  // while typing, never as the pointer is on its way to a button below (which it would move).
  // (Only where the errors follow each keystroke: elsewhere they may be stale until the blur.)
  const changed =
    form.validateOnChange !== false &&
    form.initialValues !== undefined &&
    !Object.is(getIn(form.values, name), getIn(form.initialValues, name));
  if (typeof message === 'string' && message && (getIn(form.touched, name) || changed)) {
    return message;
  }
  const refused = serverErrorsOf(form.status)[name];
  return refused && Object.is(getIn(form.values, name), refused.value)
    ? refused.message
    : undefined;
}

/** The error to show under the field `name` of the surrounding Formik form (fieldErrorOf). */
export function useFieldError(name: string): string | undefined {
  return fieldErrorOf(useFormikContext(), name);
}

/** The error under a field, in the space Bootstrap gives `.invalid-feedback`. */
export function FieldFeedback({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? <div className="invalid-feedback d-block">{error}</div> : null;
}

/**
 * A field's error in a space kept for it whether or not there is one: the message appearing
 * does not move what is below, so a click already on its way (a checkbox under a name that has
 * just been left empty) lands where the user aimed.
 */
export function ReservedFeedback({ error, id }: { error?: string | false; id?: string }) {
  return (
    <div
      id={id}
      className="invalid-feedback d-block reserved-feedback"
      data-testid={id}
      aria-live="polite"
    >
      {error || '\u00a0'}
    </div>
  );
}
