import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@registra/domain';
import { listAnswer, signIn } from '../../../test/fixtures';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import { makeAuditEntry } from '../testFixtures';

const admin = { ...aoife, role: 'admin' as const };

const entries: AuditEntryView[] = [
  makeAuditEntry({ _id: '3', at: '2026-11-20T10:00:00.000Z', action: 'delete', changes: null }),
  makeAuditEntry(),
];

/** A colleague who left: their changes stay in the log. */
const leaver = {
  ...aoife,
  _id: 'u7',
  firstName: 'Liam',
  lastName: 'Leaver',
  active: false,
  status: 'DISABLED' as const,
};

function adminSession() {
  return {
    ...signIn(),
    'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: admin }),
    'GET /api/user': () => json(200, listAnswer([admin, leaver])),
  };
}

describe('/activity (admins): the change log in plain words, with restore', () => {
  it('reads each change as a sentence, filters by record type, and restores a deleted record', async () => {
    const user = userEvent.setup();
    let restored = false;
    const calls = mockApi({
      ...adminSession(),
      'GET /api/audit': () => json(200, listAnswer(restored ? entries.slice(1) : entries)),
      'GET /api/audit/restorable-types': () =>
        json(200, { ok: true, data: ['organization', 'people', 'link'] }),
      'POST /api/audit/restore': () => {
        restored = true;
        return json(200, { ok: true, data: { recordType: 'organization', recordId: 'o1' } });
      },
    });
    renderApp('/activity');

    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Mary Byrne changed Financial year end from 31/12/2025 to 31/03/2026 on organization Emerald Ltd',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Record type'), 'person');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/audit').length).toBeGreaterThan(1),
    );

    const [deleted] = screen.getAllByTestId('audit-entry');
    await user.click(within(deleted).getByRole('button', { name: 'Restore Emerald Ltd' }));
    expect(await screen.findByText('Restored Emerald Ltd')).toBeInTheDocument();
    const restore = calls.find((call) => call.path === '/api/audit/restore');
    expect(restore?.body).toEqual({ recordType: 'organization', recordId: 'o1' });
  });

  it('filters by any staff member, a deactivated one included (their changes stay in the log)', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...adminSession(),
      'GET /api/audit': () => json(200, listAnswer(entries)),
      'GET /api/audit/restorable-types': () => json(200, { ok: true, data: [] }),
    });
    renderApp('/activity');
    const staffMember = await screen.findByLabelText('Staff member');
    await within(staffMember).findByRole('option', { name: 'Liam Leaver (deactivated)' });
    expect(within(staffMember).getByRole('option', { name: 'Aoife Murphy' })).toBeInTheDocument();
    // Every account, not the pickers' search (which leaves deactivated ones out).
    expect(calls.find((call) => call.path === '/api/user')?.query).toEqual({ limit: '200' });
    expect(calls.some((call) => call.path === '/api/user/search')).toBe(false);
    await user.selectOptions(staffMember, 'Liam Leaver (deactivated)');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/audit').at(-1)?.query).toMatchObject({
        userId: 'u7',
      }),
    );
  });

  it('tells staff who are not admins where their history is, with no menu entry', async () => {
    mockApi({ ...signIn() });
    renderApp('/activity');
    expect(
      await screen.findByText(/The activity of the whole firm is for administrators/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
  });
  it.each([
    [{ totalItems: 2 }, '2 changes'],
    [{ totalItems: 10_000, totalItemsIsLowerBound: true as const }, '10 000+ changes'],
  ])('says how many changes match: %j → "%s"', async (total, shown) => {
    mockApi({
      ...adminSession(),
      'GET /api/audit': () => json(200, { ...listAnswer(entries, 1, 201), ...total }),
      'GET /api/audit/restorable-types': () => json(200, { ok: true, data: [] }),
    });
    renderApp('/activity');
    // A no-break space in "10 000+", which the matcher reads as a space.
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });
});
