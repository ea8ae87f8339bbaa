import type { ReactNode } from 'react';
import { components } from 'react-select';
import type { GroupBase, InputProps, Props, StylesConfig } from 'react-select';

/**
 * react-select's input keeps its own aria-describedby (the placeholder or the live region): the
 * field's error message, named by aria-errormessage, is added to it so a screen reader reads it.
 */
function DescribedInput<Option, IsMulti extends boolean, Group extends GroupBase<Option>>(
  props: InputProps<Option, IsMulti, Group>,
) {
  const describedBy =
    [props['aria-describedby'], props['aria-errormessage']].filter(Boolean).join(' ') || undefined;
  return <components.Input {...props} aria-describedby={describedBy} />;
}

/** Bootstrap's invalid input, in react-select's terms: the red border, and the red glow on focus. */
const invalidStyles = <Option, IsMulti extends boolean>(): StylesConfig<Option, IsMulti> => ({
  control: (base, state) => ({
    ...base,
    borderColor: 'var(--bs-form-invalid-border-color)',
    boxShadow: state.isFocused ? '0 0 0 0.25rem rgba(var(--bs-danger-rgb), 0.25)' : base.boxShadow,
    '&:hover': { borderColor: 'var(--bs-form-invalid-border-color)' },
  }),
});

/**
 * The props that make a react-select a field that can be refused: marked invalid (the look,
 * aria-invalid) and described by the message under it, whose element has the id `errorId`.
 */
export function selectFieldProps<Option, IsMulti extends boolean = false>(
  error: string | undefined,
  errorId: string,
): Partial<Props<Option, IsMulti, GroupBase<Option>>> {
  return {
    'aria-invalid': Boolean(error),
    'aria-errormessage': error ? errorId : undefined,
    components: { Input: DescribedInput },
    styles: error ? invalidStyles<Option, IsMulti>() : undefined,
  };
}

/**
 * Around a react-select used as a form field: `data-field` names the field, so that focusField
 * finds its input as it finds a named <input>; `is-invalid` lets FocusFirstError find it; the
 * message goes under it, with the id the select's aria-errormessage names.
 */
export function SelectFieldFrame({
  name,
  error,
  errorId,
  children,
}: {
  name?: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <>
      <div data-field={name} className={error ? 'is-invalid' : undefined}>
        {children}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
}
