import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp, validationRefusal } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeTask } from '../testFixtures';

const emptyPage = () =>
  json(200, { ok: true, data: [], totalItems: 0, totalPages: 0, page: 1, limit: 7 });

function mockTask(task = makeTask(), extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    'POST /api/task/search': emptyPage,
    'GET /api/task/t1': () => json(200, { ok: true, data: task }),
    'POST /api/organization/search': () => json(200, { ok: true, data: [], totalItems: 0 }),
    'POST /api/people/search': () => json(200, { ok: true, data: [], totalItems: 0 }),
    ...extra,
  });
}

describe('the task edit modal (/task/{id})', () => {
  it('opens from the URL with every field; Save sends the whole task, then the e-mail', async () => {
    const user = userEvent.setup();
    const calls = mockTask(makeTask(), {
      'PUT /api/task/t1': (call) =>
        json(200, { ok: true, data: { ...makeTask(), ...(call.body as object) } }),
      'PUT /api/task/send/t1': () => json(200, { ok: true, data: { queued: 1 } }),
    });
    const { router } = renderApp('/task/t1');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Call the bank');
    expect(screen.getByLabelText('Description')).toHaveValue('About the new account');
    expect(screen.getByLabelText('Status')).toHaveValue('TO DO');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('To do');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Aoife Murphy')).toBeVisible();
    expect(within(dialog).getByText('Emerald Isle Trading Ltd')).toBeVisible();
    await user.clear(title);
    await user.type(title, 'Call the bank again');
    await user.selectOptions(screen.getByLabelText('Status'), 'IN PROGRESS');
    await user.click(screen.getByLabelText('Send email to users'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
    const put = calls.find((call) => call.path === '/api/task/t1' && call.method === 'PUT');
    // Every field of the task as loaded (with its version), but the two changed.
    const { _id, createdAt, ...loaded } = makeTask();
    expect(put?.body).toEqual({ ...loaded, title: 'Call the bank again', status: 'IN PROGRESS' });
    expect(calls.find((call) => call.path === '/api/task/send/t1')?.body).toMatchObject({
      title: 'Call the bank again',
      recipients: ['u1'],
    });
    expect(await screen.findByText('Task updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Email sent successfully!')).toBeInTheDocument();
  });

  it('requires a title and at least one user before saving', async () => {
    const user = userEvent.setup();
    const calls = mockTask(makeTask({ users: [] }));
    renderApp('/task/t1');
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Title is required')).toBeVisible();
    expect(screen.getByText('Please add at least one user')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('a description over 10,000 characters is marked before sending; a refused title after', async () => {
    const user = userEvent.setup();
    const calls = mockTask(makeTask(), {
      'PUT /api/task/t1': () =>
        validationRefusal([
          { field: 'title', message: 'title must be shorter than or equal to 300 characters' },
        ]),
    });
    renderApp('/task/t1');
    const description = await screen.findByLabelText('Description');
    await user.click(description);
    await user.paste('x'.repeat(10_001));
    expect(screen.getByText('At most 10,000 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(description);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('title must be shorter than or equal to 300 characters'),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
  });

  it('asks the exact question before deleting, then returns to the board', async () => {
    const user = userEvent.setup();
    mockTask(makeTask(), { 'DELETE /api/task/t1': () => json(200, { ok: true }) });
    const { router } = renderApp('/task/t1');
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Delete task' }));
    expect(
      await screen.findByText(
        'Are you sure you want to delete the task "Call the bank"? This action cannot be undone.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
    expect(await screen.findByText('Task deleted successfully!')).toBeInTheDocument();
  });

  it('asks before Escape loses what was typed, and goes back to it or discards it', async () => {
    const user = userEvent.setup();
    mockTask();
    const { router } = renderApp('/task/t1');
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' again');
    await user.keyboard('{Escape}');
    expect(
      await screen.findByText('The task has changes that are not saved. Close it and lose them?'),
    ).toBeVisible();
    // The question's own Cancel (the task's dialog may still be fading out beneath it).
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard changes' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    // Back to the task, with what was typed.
    expect(await screen.findByLabelText('Title')).toHaveValue('Call the bank again');
    expect(router.state.location.pathname).toBe('/task/t1');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
  });

  it('closes at once with Escape when nothing was changed', async () => {
    const user = userEvent.setup();
    mockTask();
    const { router } = renderApp('/task/t1');
    await screen.findByLabelText('Title');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
  });
});

describe('the task edit modal: the pickers as fields', () => {
  const refusal = (details: Array<{ field: string; message: string }>) => () =>
    json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'Some fields are invalid', details });

  /** The message the picker's aria-errormessage names, which its aria-describedby reads out too. */
  const errorMessageOf = (field: HTMLElement) => {
    const id = field.getAttribute('aria-errormessage') ?? '';
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(id);
    return document.getElementById(id);
  };

  it("the server's refusals of the organization and the person are said under their pickers; the first takes the focus", async () => {
    const user = userEvent.setup();
    mockTask(makeTask({ peopleId: 'pe1', peopleName: 'Seán Byrne' }), {
      'PUT /api/task/t1': refusal([
        { field: 'peopleId', message: 'No such person' },
        { field: 'organizationId', message: 'No such organization' },
      ]),
    });
    renderApp('/task/t1');
    const dialog = await screen.findByRole('dialog');
    const organization = await within(dialog).findByRole('combobox', { name: 'Organization' });
    const people = within(dialog).getByRole('combobox', { name: 'People' });
    expect(organization).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('No such organization')).toBeVisible();
    expect(errorMessageOf(organization)).toHaveTextContent('No such organization');
    expect(organization).toHaveAttribute('aria-invalid', 'true');
    expect(errorMessageOf(people)).toHaveTextContent('No such person');
    expect(people).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(organization).toHaveFocus());

    // Clearing the person no longer holds what was refused; the organization still says it.
    await user.click(people);
    await user.keyboard('{Backspace}');
    expect(within(dialog).queryByText('Seán Byrne')).toBeNull();
    expect(within(dialog).queryByText('No such person')).toBeNull();
    expect(people).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).getByText('No such organization')).toBeVisible();
  });

  it("the server's refusal of a user is said under the users' picker, which takes the focus", async () => {
    const user = userEvent.setup();
    mockTask(makeTask(), {
      'PUT /api/task/t1': refusal([{ field: 'users', message: 'No such user: u1' }]),
    });
    renderApp('/task/t1');
    const dialog = await screen.findByRole('dialog');
    const users = await within(dialog).findByRole('combobox', { name: 'Users' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('No such user: u1')).toBeVisible();
    expect(errorMessageOf(users)).toHaveTextContent('No such user: u1');
    expect(users).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(users).toHaveFocus());
  });
});
