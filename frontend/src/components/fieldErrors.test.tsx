import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, useField } from 'formik';
import type { FormikHelpers } from 'formik';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../lib/api';
import {
  FieldFeedback,
  serverFieldMessages,
  showServerFieldErrors,
  useFieldError,
} from './fieldErrors';

interface Values {
  comments: string;
  peoples: Array<{ firstName: string; city: string }>;
}

const refusal = (details: Array<{ field: string; message: string }>): ApiError => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'Some fields are invalid',
  details,
});

/** A text input bound to the form, marked and explained like the product's fields. */
function Input({ name, label }: { name: string; label: string }) {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <label>
      {label}
      <input
        {...field}
        aria-label={label}
        className={error ? 'form-control is-invalid' : 'form-control'}
      />
      <FieldFeedback name={name} />
    </label>
  );
}

function Harness({ error }: { error: unknown }) {
  return (
    <Formik<Values>
      initialValues={{
        comments: 'x'.repeat(26_000),
        peoples: [{ firstName: 'Aoife', city: 'Cork' }],
      }}
      onSubmit={(values, helpers: FormikHelpers<Values>) => {
        showServerFieldErrors(error, values, helpers);
      }}
    >
      {(formik) => (
        <form onSubmit={formik.handleSubmit}>
          <Input name="peoples.0.firstName" label="First name" />
          <Input name="peoples.0.city" label="City" />
          <Input name="comments" label="Comments" />
          <button type="submit">Update</button>
        </form>
      )}
    </Formik>
  );
}

describe("showServerFieldErrors: the API's details under their fields", () => {
  it('marks each refused field, nested paths included, and focuses the first on the page', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        error={refusal([
          {
            field: 'comments',
            message: 'comments must be shorter than or equal to 20000 characters',
          },
          { field: 'peoples[0].city', message: 'city is longer than 200 characters' },
          { field: 'website', message: 'not a field of this form' },
        ])}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('comments must be shorter than or equal to 20000 characters'),
    ).toBeVisible();
    expect(screen.getByText('city is longer than 200 characters')).toBeVisible();
    expect(screen.queryByText('not a field of this form')).toBeNull();
    const city = screen.getByLabelText('City');
    expect(city).toHaveClass('is-invalid');
    // City comes before Comments on the page: it gets the focus, whatever the details' order.
    await waitFor(() => expect(city).toHaveFocus());

    // Changing the field clears its error; the other stays.
    await user.type(city, 'x');
    expect(screen.queryByText('city is longer than 200 characters')).toBeNull();
    expect(
      screen.getByText('comments must be shorter than or equal to 20000 characters'),
    ).toBeVisible();
  });

  it('answers 0 and marks nothing for a failure without details', async () => {
    expect(
      showServerFieldErrors(
        { status: 409, code: 'VERSION_CONFLICT', message: 'changed' },
        {},
        { setStatus: () => undefined, setFieldTouched: () => undefined },
      ),
    ).toBe(0);
  });

  it('serverFieldMessages: one message per field, paths as the form names them', () => {
    expect(
      serverFieldMessages(
        refusal([
          { field: 'peoples[1].zip', message: 'first' },
          { field: 'peoples.1.zip', message: 'second' },
          { field: 'comment', message: 'too long' },
        ]),
      ),
    ).toEqual({ 'peoples.1.zip': 'first', comment: 'too long' });
    expect(serverFieldMessages(new Error('boom'))).toEqual({});
  });
});
