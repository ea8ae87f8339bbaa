import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aoife, json, mockApi, renderWithStore } from '../test/render';
import type { User } from '../types/api';
import { AssignedUsersSelect, UserFilterSelect, USER_OPTIONS_LIMIT } from './UserSelects';

/** A colleague who left: the account is deactivated. */
const leaver: User = {
  ...aoife,
  _id: 'u7',
  firstName: 'Liam',
  lastName: 'Leaver',
  email: 'liam@firm.test',
  active: false,
  status: 'DISABLED',
};
const invited: User = {
  ...aoife,
  _id: 'u8',
  firstName: 'Ines',
  lastName: 'Invited',
  email: 'ines@firm.test',
  status: 'INVITED',
};

/** The pickers' search, answering a deactivated account too (as an older server would). */
const searchAnswering = (users: User[]) =>
  mockApi({ 'POST /api/user/search': () => json(200, { ok: true, data: users }) });

describe('the user pickers: a deactivated account is offered to nobody', () => {
  it("a task's users: the options leave the leaver out; one who left already assigned still shows by name", async () => {
    const user = userEvent.setup();
    const calls = searchAnswering([aoife, leaver, invited]);
    const onChange = vi.fn();
    renderWithStore(
      <AssignedUsersSelect
        value={[{ userId: 'u6', userName: 'Orla Former' }]}
        onChange={onChange}
        inputId="task-users"
        ariaLabel="Users"
      />,
    );
    // The history: the task still names who it was given to, though the account is gone.
    expect(screen.getByText('Orla Former')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Users' }));
    expect(await screen.findByRole('option', { name: 'Aoife Murphy' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ines Invited' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Liam Leaver' })).toBeNull();
    expect(calls.find((call) => call.path === '/api/user/search')?.body).toEqual({
      limit: USER_OPTIONS_LIMIT,
    });
    await user.click(screen.getByRole('option', { name: 'Aoife Murphy' }));
    expect(onChange).toHaveBeenCalledWith([
      { userId: 'u6', userName: 'Orla Former' },
      { userId: 'u1', userName: 'Aoife Murphy' },
    ]);
  });

  it('a filter (task board, calendar, lists): the leaver is no option; chosen earlier, it still shows', async () => {
    const user = userEvent.setup();
    searchAnswering([aoife, leaver]);
    renderWithStore(
      <UserFilterSelect value="u7" valueLabel="Liam Leaver" onChange={() => undefined} />,
    );
    expect(screen.getByText('Liam Leaver')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Filter by user' }));
    expect(await screen.findByRole('option', { name: 'Aoife Murphy' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.queryByRole('option', { name: 'Liam Leaver' })).toBeNull();
  });
});
