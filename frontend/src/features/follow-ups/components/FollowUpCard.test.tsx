import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastStepIndex } from '@registra/domain';
import { json, mockApi, renderWithStore, validationRefusal } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeFollowUp } from '../testFixtures';
import { FollowUpCard } from './FollowUpCard';

const puts = (calls: Call[]) =>
  calls.filter((call) => call.method === 'PUT').map((call) => call.body);

function mockUpdate() {
  return mockApi({
    'PUT /api/followUp/f1': (call) =>
      json(200, { ok: true, data: makeFollowUp(call.body as Record<string, unknown>) }),
    'POST /api/followUp/search': () => json(200, { ok: true, data: [] }),
    'POST /api/user/search': () => json(200, { ok: true, data: [] }),
  });
}

describe('a follow-up card', () => {
  it('moves to any other step, forward or back; the current one is not a choice', async () => {
    const user = userEvent.setup();
    const calls = mockUpdate();
    renderWithStore(<FollowUpCard followUp={makeFollowUp({ step_index: 1 })} />);
    const steps = screen.getAllByRole('button', { name: /^(✓ )?\d+\. / });
    expect(steps).toHaveLength(lastStepIndex('AR_TRADING') + 1);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toBeDisabled();
    expect(steps[1]).toHaveAccessibleDescription('The follow-up is at this step');
    await user.click(steps[3]);
    await user.click(steps[0]);
    await waitFor(() => expect(puts(calls)).toEqual([{ step_index: 3 }, { step_index: 0 }]));
    expect(await screen.findAllByText('Updated!')).not.toHaveLength(0);
  });

  it('names the company that owns it and what that company does', () => {
    mockUpdate();
    renderWithStore(<FollowUpCard followUp={makeFollowUp({ name: 'VAT_REGISTRATION' })} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'VAT Registration NEO CIRCLE (accounting, tax, payroll and banking)',
    );
  });

  it('an archived follow-up says why its steps cannot be chosen', () => {
    mockUpdate();
    renderWithStore(
      <FollowUpCard followUp={makeFollowUp({ archived_at: '2026-02-02T09:00:00.000Z' })} />,
    );
    const hint = 'Archived: unarchive it to change its steps, dates or comments.';
    expect(screen.getByTestId('archived-hint')).toHaveTextContent(hint);
    for (const step of screen.getAllByRole('button', { name: /^(✓ )?\d+\. / })) {
      expect(step).toBeDisabled();
      expect(step).toHaveAccessibleDescription(hint);
    }
  });

  it('saves a valid ARD at once; an invalid one reverts on leaving without saving', async () => {
    const user = userEvent.setup();
    const calls = mockUpdate();
    renderWithStore(<FollowUpCard followUp={makeFollowUp()} />);
    const ard = screen.getByRole('textbox', { name: 'ARD' });
    expect(ard).toHaveValue('01/03/2026');
    await user.clear(ard);
    await user.type(ard, '31/02/2026');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'ARD' })).toHaveValue('01/03/2026'),
    );
    expect(puts(calls)).toEqual([]);
    const again = screen.getByRole('textbox', { name: 'ARD' });
    await user.clear(again);
    await user.type(again, '15/03/2026');
    await waitFor(() => expect(puts(calls)).toEqual([{ ARD: '2026-03-15' }]));
  });

  it('comments over 5,000 characters are said under the field and not sent', async () => {
    const user = userEvent.setup();
    const calls = mockUpdate();
    renderWithStore(<FollowUpCard followUp={makeFollowUp()} />);
    const comments = screen.getByLabelText('Comments');
    await user.click(comments);
    await user.paste('x'.repeat(5001));
    expect(screen.getByText('At most 5,000 characters')).toBeVisible();
    expect(comments).toHaveClass('is-invalid');
    expect(screen.getByRole('button', { name: 'Save comments' })).toBeDisabled();
    expect(puts(calls)).toEqual([]);
  });

  it('shows the server message when unarchiving is refused', async () => {
    const user = userEvent.setup();
    mockApi({
      'PUT /api/followUp/f1': () =>
        json(409, {
          ok: false,
          code: 'FOLLOW_UP_ALREADY_EXISTS',
          message: 'Cannot unarchive: an active follow-up with the same name already exists.',
        }),
      'POST /api/user/search': () => json(200, { ok: true, data: [] }),
    });
    renderWithStore(
      <FollowUpCard followUp={makeFollowUp({ archived_at: '2026-02-02T09:00:00.000Z' })} />,
    );
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(
      await screen.findByText(
        'Cannot unarchive: an active follow-up with the same name already exists.',
      ),
    ).toBeInTheDocument();
  });

  it("the server's refusal of the assignee is said under its picker, which takes the focus", async () => {
    const user = userEvent.setup();
    let refused = false;
    const calls = mockApi({
      // A user removed since the list was loaded; the next choice is taken.
      'PUT /api/followUp/f1': (call) => {
        if (refused) {
          return json(200, { ok: true, data: makeFollowUp(call.body as Record<string, unknown>) });
        }
        refused = true;
        return validationRefusal([{ field: 'user_id', message: 'No such user' }]);
      },
      'POST /api/user/search': () =>
        json(200, {
          ok: true,
          data: [{ _id: 'u9', firstName: 'Niamh', lastName: 'Kelly', email: 'niamh@firm.ie' }],
        }),
    });
    renderWithStore(<FollowUpCard followUp={makeFollowUp()} />);
    const assignee = screen.getByRole('combobox', { name: /^Assigned to/ });
    expect(assignee).toHaveAttribute('aria-invalid', 'false');
    await user.click(assignee);
    await user.click(await screen.findByRole('option', { name: 'Niamh Kelly' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ user_id: 'u9', user_name: 'Niamh Kelly' }]));

    const message = await screen.findByText('No such user');
    expect(message).toBeVisible();
    expect(assignee).toHaveAttribute('aria-invalid', 'true');
    expect(assignee.getAttribute('aria-errormessage')).toBe(message.id);
    expect(assignee.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    await waitFor(() => expect(assignee).toHaveFocus());

    // The next choice no longer holds what was refused.
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Niamh Kelly' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(await screen.findAllByText('Updated!')).not.toHaveLength(0);
    expect(screen.queryByText('No such user')).toBeNull();
    expect(assignee).toHaveAttribute('aria-invalid', 'false');
  });
});
