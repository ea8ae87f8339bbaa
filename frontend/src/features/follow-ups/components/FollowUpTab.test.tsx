import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrganization, signIn } from '../../../test/fixtures';
import { json, mockApi, renderWithStore } from '../../../test/render';
import { makeFollowUp, summary } from '../testFixtures';
import { historySentence } from './FollowUpHistory';
import FollowUpTab from './FollowUpTab';

describe("the organization's follow-ups tab", () => {
  it('turns the annual return started by itself off and on', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...signIn(),
      'POST /api/followUp/search': () =>
        json(200, {
          ok: true,
          data: [],
          totalItems: 0,
          totalPages: 0,
          page: 1,
          limit: 1000,
          summary,
        }),
      'PUT /api/organization/o1': (call) =>
        json(200, { ok: true, data: makeOrganization(call.body as object) }),
    });
    renderWithStore(<FollowUpTab organization={makeOrganization()} />);
    const toggle = screen.getByRole('checkbox', { name: /Start the annual return by itself/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        annualReturnAutoStart: false,
      }),
    );
    expect(toggle).not.toBeChecked();
  });

  it('a follow-up the daily job started says so in its history', () => {
    const [entry] = makeFollowUp({
      history: [
        {
          action: 'created',
          date: '2026-11-25T06:30:00.000Z',
          from_first_name: 'System',
          from_last_name: '',
          last_step_index: 0,
          current_step_index: 0,
          assigned_to_user_name: null,
          last_assigned_to_user_name: null,
          automatic: true,
        },
      ],
    }).history;
    expect(historySentence(entry)).toBe('Started automatically before the ARD');
    expect(historySentence({ ...entry, automatic: undefined })).toBe('System added it');
  });
});
