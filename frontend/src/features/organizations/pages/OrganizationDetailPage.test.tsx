import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listAnswer } from '../../../test/fixtures';
import { stubSmallScreen } from '../../../test/matchMedia';
import { json, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeOrganization, mockOrganizationApi } from '../testFixtures';
import { expectLinks } from '../../../test/queries';

const organization = makeOrganization({
  incorporationDate: '2025-03-14',
  firstAr: '2025-09-14',
  aml: { appendix2_risk_level: 'high' },
  users: [{ userId: 'u1', userName: 'Aoife Murphy' }],
});

const conflict = () =>
  json(409, {
    ok: false,
    code: 'VERSION_CONFLICT',
    message: 'This record was changed by someone else.',
  });

const mockOrganization = (extra: Record<string, (call: Call) => Response> = {}) =>
  mockOrganizationApi(organization, extra);

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

describe('organization detail', () => {
  it('shows the header, the tabs of this module and the AML risk badge', async () => {
    mockOrganization();
    renderApp('/organization/o1');

    expect(await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' })).toBeVisible();
    expect(screen.getByText('Last updated:')).toHaveTextContent('Last updated: 01/02/2026');
    expect(screen.getByText('Created at:')).toHaveTextContent('Created at: 10/01/2026');
    expect(screen.getByRole('button', { name: 'Remove Aoife Murphy' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Accounting',
      'Services',
      'Services Beta',
      'AML',
      'Members0',
      'Registers',
      'Payments',
      'Follow-ups',
      'Files0',
      'Notes',
      'History',
      'Raw data',
    ]);
    // A phone's select lists the same tabs, the registers among them.
    const picker = screen.getByLabelText('Section (1 of 13)');
    expect(within(picker).getByRole('option', { name: 'Registers' })).toHaveValue('REGISTERS_TAB');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('aml-risk-level')).toHaveTextContent(/^High$/);
    expect(screen.getByTestId('aml-risk-level')).toHaveClass('bg-danger');
  });

  it('a deleted organization\'s address says so instead of a bare "not found"', async () => {
    mockOrganization({
      'GET /api/organization/o1': () =>
        json(404, {
          ok: false,
          code: 'NOT_FOUND',
          message: 'Organization not found: it was deleted',
          deleted: true,
        }),
    });
    renderApp('/organization/o1');
    expect(
      await screen.findByRole('heading', { name: 'This organization was deleted' }),
    ).toBeVisible();
    expectLinks(document.body, { 'Back to the organizations': '/organization' });
  });

  it('comments longer than the server takes (20,000) are marked before sending', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization();
    renderApp('/organization/o1');
    const comments = await screen.findByLabelText('Comments');
    await user.click(comments);
    await user.paste('x'.repeat(20_001));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findAllByText('At most 20,000 characters')).length).toBeGreaterThan(0);
    expect(comments).toHaveClass('is-invalid');
    expect(puts(calls)).toEqual([]);
  });

  it('switching tab replaces the URL entry', async () => {
    const user = userEvent.setup();
    mockOrganization();
    const { router } = renderApp('/organization/o1');
    await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' });

    await user.click(screen.getByRole('tab', { name: 'Raw data' }));
    expect(router.state.location.pathname).toBe('/organization/o1/RAW_DATA');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('raw-data')).toHaveTextContent('"name": "Emerald Isle Trading Ltd"');
  });

  it('Services (Beta) has its own address: a click writes it, a reload opens it again', async () => {
    const user = userEvent.setup();
    mockOrganization({
      'POST /api/subscription/search': () => json(200, listAnswer([])),
      'POST /api/product/search': () => json(200, { ok: true, data: [] }),
      'POST /api/order/search': () => json(200, listAnswer([])),
    });
    const { router, unmount } = renderApp('/organization/o1');
    await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' });

    await user.click(screen.getByRole('tab', { name: 'Services Beta' }));
    expect(router.state.location.pathname).toBe('/organization/o1/SERVICE_TAB_BETA');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('No subscriptions yet.')).toBeVisible();
    unmount();

    // What a reload does: the address alone opens the tab of the subscriptions.
    renderApp('/organization/o1/SERVICE_TAB_BETA');
    expect(await screen.findByRole('tab', { name: 'Services Beta' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText('No subscriptions yet.')).toBeVisible();
  });

  it('on a phone the active tab is scrolled into the row of tabs, on load and when it changes', async () => {
    const restore = stubSmallScreen(true);
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrollIntoView,
    });
    try {
      const user = userEvent.setup();
      mockOrganization();
      renderApp('/organization/o1/NOTES_TAB');
      await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' });
      await waitFor(() => expect(scrolled).toEqual(['Notes']));
      expect(scrollIntoView).toHaveBeenCalledWith(
        expect.objectContaining({ block: 'nearest', inline: 'center' }),
      );

      await user.click(screen.getByRole('tab', { name: 'Raw data' }));
      await waitFor(() => expect(scrolled).toEqual(['Notes', 'Raw data']));
    } finally {
      restore();
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('on a wide window the tabs wrap: nothing is scrolled', async () => {
    const restore = stubSmallScreen(false);
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrollIntoView,
    });
    try {
      mockOrganization();
      renderApp('/organization/o1/NOTES_TAB');
      await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' });
      expect(screen.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
      expect(scrollIntoView).not.toHaveBeenCalled();
    } finally {
      restore();
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('Update sends the whole organization with the loaded updatedAt; the answer replaces the form', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      'PUT /api/organization/o1': () =>
        json(200, {
          ok: true,
          data: {
            ...organization,
            name: 'Emerald Isle Trading Limited',
            cro: null,
            updatedAt: '2026-02-03T10:00:00.000Z',
          },
        }),
    });
    renderApp('/organization/o1');

    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Emerald Isle Trading Limited ');
    await user.clear(screen.getByLabelText('CRO'));
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    const body = puts(calls)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Emerald Isle Trading Limited',
      cro: null,
      language: 'fr',
      mail: 'hello@emerald.ie',
      incorporationDate: '2025-03-14',
      users: [{ userId: 'u1', userName: 'Aoife Murphy' }],
      aml: { appendix2_risk_level: 'high' },
      updatedAt: '2026-02-01T10:00:00.000Z',
      domiciliationPaymentHistory: [{ nextPaidReminder: null, paidDate: null }],
    });
    // Every field of the record travels (a whole PUT), derived ones too (the server ignores them),
    // but `files`: the view of the `attachedFiles` URLs, which are what is written.
    expect(Object.keys(body).sort()).toEqual(
      Object.keys(organization)
        .filter((key) => key !== 'files')
        .sort(),
    );

    // The server's answer is the form now: its language (it kept "en") wins over the one sent.
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    expect(screen.getByRole('heading', { name: 'Emerald Isle Trading Limited' })).toBeVisible();
  });

  it('a 409 VERSION_CONFLICT keeps the edits and offers Reload', async () => {
    const user = userEvent.setup();
    let version = 0;
    const calls = mockOrganization({
      'GET /api/organization/o1': () =>
        json(200, {
          ok: true,
          data:
            version === 0
              ? organization
              : { ...organization, cro: '999999', updatedAt: '2026-02-05T10:00:00.000Z' },
        }),
      'PUT /api/organization/o1': conflict,
    });
    renderApp('/organization/o1');

    await user.type(await screen.findByLabelText('Mail'), 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(/Someone else changed this record/)).toBeVisible();
    expect(screen.getByLabelText('Mail')).toHaveValue('hello@emerald.iex');
    expect(screen.queryByText('Failed to update the organization')).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);

    version = 1;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('CRO')).toHaveValue('999999'));
    expect(screen.getByLabelText('Mail')).toHaveValue('hello@emerald.ie');
    expect(screen.queryByText(/Someone else changed this record/)).not.toBeInTheDocument();
  });

  it('says "Failed to update the organization" on another failure', async () => {
    const user = userEvent.setup();
    mockOrganization({
      'PUT /api/organization/o1': () =>
        json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    renderApp('/organization/o1');

    await user.type(await screen.findByLabelText('Mail'), 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update the organization')).toBeInTheDocument();
    expect(screen.getByLabelText('Mail')).toHaveValue('hello@emerald.iex');
  });

  it('Delete asks "Are you sure?" then goes to the list', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      'DELETE /api/organization/o1': () => json(200, { ok: true }),
      'POST /api/organization/search': () =>
        json(200, { ok: true, data: [], totalItems: 0, totalPages: 0, page: 1, limit: 25 }),
    });
    const { router } = renderApp('/organization/o1');

    // An unsaved edit does not hold the deletion back.
    await user.type(await screen.findByLabelText('Mail'), 'x');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'));
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/organization/o1'),
    ).toBe(true);
  });

  it('saves the assigned users at once, as {userId, userName}', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      'PUT /api/organization/o1': () =>
        json(200, {
          ok: true,
          data: { ...organization, users: [], updatedAt: '2026-02-04T10:00:00.000Z' },
        }),
    });
    renderApp('/organization/o1');
    await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' });

    await user.click(screen.getByRole('button', { name: 'Remove Aoife Murphy' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(puts(calls)[0].body).toEqual({ users: [] });
    expect(await screen.findByText('No user assigned...')).toBeVisible();
    expect(screen.getByText('Last updated:')).toHaveTextContent('04/02/2026');
  });

  it('saves the notes alone with its toast words, or says it failed', async () => {
    const user = userEvent.setup();
    let fail = false;
    const calls = mockOrganization({
      'PUT /api/organization/o1': (call) =>
        fail
          ? json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' })
          : json(200, { ok: true, data: { ...organization, ...(call.body as object) } }),
    });
    renderApp('/organization/o1/NOTES_TAB');

    expect(await screen.findByText('No notes.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Call the accountant');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tasks updated successfully!')).toBeInTheDocument();
    expect(puts(calls)[0].body).toEqual({ notes: 'Call the accountant' });
    expect(screen.getByTestId('notes-view')).toHaveTextContent('Call the accountant');

    // Cancel drops the draft.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' tomorrow');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('notes-view')).toHaveTextContent(/^Call the accountant$/);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred while updating notes')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Call the accountant!');
  });
  it('notes longer than the server takes (100,000) are marked under the text area and not sent', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      'PUT /api/organization/o1': (call) =>
        json(200, { ok: true, data: { ...organization, ...(call.body as object) } }),
    });
    renderApp('/organization/o1/NOTES_TAB');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.paste('x'.repeat(100_001));

    // Said as it is typed, in the words of the other forms.
    expect(await screen.findByText('At most 100,000 characters')).toBeVisible();
    expect(notes).toHaveClass('is-invalid');
    expect(notes).toHaveAccessibleDescription('At most 100,000 characters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notes).toHaveFocus());
    expect(puts(calls)).toEqual([]);

    // Back within the limit, it is no longer marked and is sent.
    await user.type(notes, '{Backspace}');
    expect(screen.queryByText('At most 100,000 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tasks updated successfully!')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
  });

  it("the server's refusal of the notes is said under the text area, which takes the focus", async () => {
    const user = userEvent.setup();
    const refusal = 'notes must be shorter than or equal to 100000 characters';
    mockOrganization({
      'PUT /api/organization/o1': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'Some fields are invalid',
          details: [{ field: 'notes', message: refusal }],
        }),
    });
    renderApp('/organization/o1/NOTES_TAB');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Call the accountant');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The toast, and the reason under the field.
    expect(await screen.findByText('An error occurred while updating notes')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeVisible();
    expect(notes).toHaveClass('is-invalid');
    expect(notes).toHaveAccessibleDescription(refusal);
    await waitFor(() => expect(notes).toHaveFocus());

    // Edited, the notes no longer hold what was refused.
    await user.type(notes, '!');
    expect(screen.queryByText(refusal)).toBeNull();
    expect(notes).not.toHaveClass('is-invalid');
  });
});
