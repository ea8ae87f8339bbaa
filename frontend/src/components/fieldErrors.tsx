import { useEffect, useRef } from 'react';
import { getIn, useFormikContext } from 'formik';
import type { FormikErrors, FormikTouched } from 'formik';
import { isApiError } from '../app/api';

/** The part of a Formik form the server's field errors are written into. */
export interface FieldErrorTarget<Values> {
  values: Values;
  setErrors: (errors: FormikErrors<Values>) => void;
  setTouched: (touched: FormikTouched<Values>, shouldValidate?: boolean) => unknown;
  touched: FormikTouched<Values>;
}

/** A field path of the API ("peoples.0.firstName", "peoples[0].firstName") as Formik names it. */
const formikPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/** Sets `value` at a dotted path of a plain object, making arrays for numeric steps. */
function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const steps = path.split('.');
  let node: Record<string, unknown> = target;
  steps.forEach((step, index) => {
    if (index === steps.length - 1) {
      node[step] = value;
      return;
    }
    const next = node[step];
    if (typeof next !== 'object' || next === null) {
      node[step] = /^\d+$/.test(steps[index + 1]) ? [] : {};
    }
    node = node[step] as Record<string, unknown>;
  });
}

/**
 * The server's refusal of some fields (`details: [{ field, message }]`, api-conventions.md)
 * written under those fields of the form: each message becomes the field's error, the field is
 * marked touched so it shows, and the first one gets the focus. `rename` maps an API field to
 * the form's name where they differ. Answers the number of fields marked: 0 when the error
 * named none of the form's fields (the caller then shows its toast as before).
 */
export function showServerFieldErrors<Values>(
  error: unknown,
  form: FieldErrorTarget<Values>,
  options: { rename?: (field: string) => string | undefined; within?: HTMLElement | null } = {},
): number {
  if (!isApiError(error) || !error.details?.length) return 0;
  const errors: Record<string, unknown> = {};
  const touched: Record<string, unknown> = JSON.parse(JSON.stringify(form.touched ?? {}));
  const paths: string[] = [];
  for (const detail of error.details) {
    const path = options.rename
      ? options.rename(formikPath(detail.field))
      : formikPath(detail.field);
    // Only the form's own fields: a detail about something the form does not show stays a toast.
    if (!path || getIn(form.values, path) === undefined) continue;
    if (getIn(errors, path) !== undefined) continue;
    setAt(errors, path, detail.message);
    setAt(touched, path, true);
    paths.push(path);
  }
  if (paths.length === 0) return 0;
  void form.setTouched(touched as FormikTouched<Values>, false);
  form.setErrors(errors as FormikErrors<Values>);
  focusField(paths[0], options.within);
  return paths.length;
}

/** Puts the focus on the input named `path` (after the render that marks it). */
export function focusField(path: string, within?: HTMLElement | null) {
  window.setTimeout(() => {
    const root: ParentNode = within ?? document;
    const byName = root.querySelector<HTMLElement>(`[name="${path.replace(/"/g, "")}"]`);
    const target = byName ?? root.querySelector<HTMLElement>('.is-invalid');
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
    window.setTimeout(() => form?.querySelector<HTMLElement>('.is-invalid')?.focus(), 0);
  }, [submitCount, isValid, isSubmitting]);
  return <span ref={anchor} hidden />;
}

/** A field's error to show: its message once touched (or after a submit), else undefined. */
export function useFieldError(name: string): string | undefined {
  const { errors, touched, submitCount } = useFormikContext();
  const message = getIn(errors, name) as unknown;
  if (typeof message !== 'string' || !message) return undefined;
  return getIn(touched, name) || submitCount > 0 ? message : undefined;
}

/** The error under a field, in the space Bootstrap gives `.invalid-feedback`. */
export function FieldFeedback({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? <div className="invalid-feedback d-block">{error}</div> : null;
}
