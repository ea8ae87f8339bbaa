import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../lib/api';
import { useServerFieldErrors } from './useServerFieldErrors';

const refusal = (details: Array<{ field: string; message: string }>): ApiError => ({
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'Some fields are invalid',
  details,
});

const SHOWN_AS: Record<string, string> = { organizationName: 'organizationId' };
const shownAs = (field: string) => SHOWN_AS[field] ?? field;

describe('useServerFieldErrors: what the server refused of a form without Formik', () => {
  it("keeps each refused field's first message, under the field that shows it", () => {
    const { result } = renderHook(() => useServerFieldErrors(shownAs));
    let refusedFields: string[] = [];
    act(() => {
      refusedFields = result.current.show(
        refusal([
          { field: 'organizationName', message: 'No such organization' },
          { field: 'title', message: 'title is too long' },
          { field: 'title', message: 'a second message' },
        ]),
      );
    });
    expect(refusedFields).toEqual(['organizationId', 'title']);
    expect(result.current.refused).toEqual({
      organizationId: 'No such organization',
      title: 'title is too long',
    });

    // A failure without details (the network, a conflict) leaves no field refused.
    act(() => {
      refusedFields = result.current.show(new Error('offline'));
    });
    expect(refusedFields).toEqual([]);
    expect(result.current.refused).toEqual({});
  });

  it('with `fields`, replaces only the refusals of the fields the save sent', () => {
    const { result } = renderHook(() => useServerFieldErrors<'comments' | 'user_id'>());
    act(() => {
      result.current.show(refusal([{ field: 'user_id', message: 'No such user' }]), {
        fields: ['user_id'],
      });
    });
    // A save of the comments: the assignee's refusal stays, a detail about another field does not
    // become one.
    act(() => {
      result.current.show(
        refusal([
          { field: 'comments', message: 'comments are too long' },
          { field: 'user_id', message: 'not this save' },
        ]),
        { fields: ['comments'] },
      );
    });
    expect(result.current.refused).toEqual({
      user_id: 'No such user',
      comments: 'comments are too long',
    });
    // The comments saved at last: their refusal goes, the assignee's stays.
    act(() => {
      result.current.show(new Error('saved elsewhere'), { fields: ['comments'] });
    });
    expect(result.current.refused).toEqual({ user_id: 'No such user' });
  });

  it('forgets a field once it changes, and everything on clear', () => {
    const { result } = renderHook(() => useServerFieldErrors());
    act(() => {
      result.current.show(
        refusal([
          { field: 'title', message: 'title is too long' },
          { field: 'description', message: 'description is too long' },
        ]),
      );
    });
    act(() => result.current.forget(['title', 'status']));
    expect(result.current.refused).toEqual({ description: 'description is too long' });
    act(() => result.current.clear());
    expect(result.current.refused).toEqual({});
  });

  function Harness({ error }: { error: unknown }) {
    const server = useServerFieldErrors(shownAs);
    const [values, setValues] = useState({ organizationId: '', comments: '' });
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          server.show(error, { within: event.currentTarget });
        }}
      >
        {(['organizationId', 'comments'] as const).map((name) => (
          <div key={name}>
            <input
              name={name}
              aria-label={name}
              value={values[name]}
              onChange={(event) => {
                setValues((current) => ({ ...current, [name]: event.target.value }));
                server.forget([name]);
              }}
            />
            {server.refused[name] && <span>{server.refused[name]}</span>}
          </div>
        ))}
        <button type="submit">Save</button>
      </form>
    );
  }

  it('says each refusal under its field, focuses the first on the page and clears it when typed in', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        error={refusal([
          { field: 'comments', message: 'comments are too long' },
          { field: 'organizationName', message: 'No such organization' },
        ])}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('comments are too long')).toBeVisible();
    expect(screen.getByText('No such organization')).toBeVisible();
    // The organization comes first on the page, whatever the details' order.
    await waitFor(() => expect(screen.getByLabelText('organizationId')).toHaveFocus());

    await user.type(screen.getByLabelText('comments'), 'x');
    expect(screen.queryByText('comments are too long')).toBeNull();
    expect(screen.getByText('No such organization')).toBeVisible();
  });
});
