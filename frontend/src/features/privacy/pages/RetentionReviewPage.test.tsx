import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';

const periods = { amlRetentionYears: 5, prospectRetentionMonths: 12, mailBodyRetentionMonths: 60 };

const review = {
  preparedAt: '2026-11-28T04:00:00.000Z',
  preparedBy: 'Retention (daily)',
  periods,
  people: [
    {
      _id: 'p1',
      firstName: 'Niamh',
      lastName: 'Longago',
      lastEndedOn: '2020-11-28',
      erasableFrom: '2025-11-28',
    },
  ],
  prospects: [
    {
      _id: 'f1',
      organizationName1: 'Oldco',
      kept: true,
      lastChangedOn: '2025-10-01',
      erasableFrom: '2026-10-01',
    },
  ],
  mailBodies: {
    before: '2021-11-28T04:00:00.000Z',
    count: 3,
    oldest: '2019-02-01T09:00:00.000Z',
  },
};

const settings = { annualReturnLeadDays: 60, requireTwoFactor: false, updatedAt: null, ...periods };

function mockReview(role: 'admin' | 'staff', extra: Record<string, (call: Call) => Response> = {}) {
  localStorage.setItem('token', 'stored');
  return mockApi({
    'GET /api/user/signin_token': () =>
      json(200, { ok: true, token: 'fresh', data: { ...aoife, role } }),
    'GET /api/retention-review': () => json(200, { ok: true, data: review }),
    'GET /api/settings': () => json(200, { ok: true, data: settings }),
    'POST /api/retention-review/erase': (call) =>
      json(200, {
        ok: true,
        data: {
          erased: [
            ...((call.body as { people?: string[] }).people ?? []),
            ...((call.body as { prospects?: string[] }).prospects ?? []),
          ],
          held: [],
        },
      }),
    ...extra,
  });
}

describe('the retention review (/retention)', () => {
  it('shows when it was prepared, and refreshes it', async () => {
    const calls = mockReview('admin', {
      'POST /api/retention-review/refresh': () => json(200, { ok: true, data: review }),
    });
    renderApp('/retention');
    expect(await screen.findByTestId('prepared-at')).toHaveTextContent(
      /^Prepared 28\/11\/2026 .* by Retention \(daily\)\.$/,
    );
    expect(screen.getByText(/ended 5 years ago or more/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('The review is prepared.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/retention-review/refresh')).toHaveLength(1);
  });

  it('lists each group with why it may go, and erases the ticked people after a confirmation', async () => {
    const calls = mockReview('admin');
    renderApp('/retention');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(people).toHaveTextContent(
      'Last relationship ended 28/11/2020 · erasable since 28/11/2025',
    );
    const requests = screen.getByRole('region', { name: 'Requests kept past the prospect period' });
    expect(requests).toHaveTextContent(
      'Kept · last changed 01/10/2025 · erasable since 01/10/2026',
    );
    const erase = within(people).getByRole('button', { name: 'Erase selected (0)' });
    expect(erase).toBeDisabled();
    await userEvent.click(within(people).getByRole('checkbox', { name: 'Select Niamh Longago' }));
    await userEvent.click(within(people).getByRole('button', { name: 'Erase selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase these people' });
    expect(dialog).toHaveTextContent('1 erased for good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('1 erased.')).toBeInTheDocument();
    const posted = calls.filter((call) => call.path === '/api/retention-review/erase');
    expect(posted.map((call) => call.body)).toEqual([{ people: ['p1'] }]);
  });

  it('erases the kept requests of their own group', async () => {
    const calls = mockReview('admin');
    renderApp('/retention');
    const requests = await screen.findByRole('region', {
      name: 'Requests kept past the prospect period',
    });
    await userEvent.click(within(requests).getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(within(requests).getByRole('button', { name: 'Erase selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase these requests' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/retention-review/erase').map((c) => c.body),
      ).toEqual([{ prospects: ['f1'] }]),
    );
  });

  it('erases the mail bodies past the mail period, sending the instant the review showed', async () => {
    const calls = mockReview('admin', {
      'POST /api/retention-review/mail-bodies/erase': () =>
        json(200, { ok: true, data: { erased: 3 } }),
    });
    renderApp('/retention');
    const bodies = await screen.findByRole('region', { name: 'Mail bodies' });
    expect(bodies).toHaveTextContent(
      '3 mails sent before 28/11/2021, the oldest on 01/02/2019, kept longer than 60 months.',
    );
    await userEvent.click(within(bodies).getByRole('button', { name: 'Erase mail bodies (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the mail bodies' });
    expect(dialog).toHaveTextContent('their date, template and recipient stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('The bodies of 3 mails were erased.')).toBeInTheDocument();
    expect(
      calls.find((call) => call.path === '/api/retention-review/mail-bodies/erase')?.body,
    ).toEqual({ before: '2021-11-28T04:00:00.000Z' });
  });

  it('changes the retention periods, with the law in the help text, refusing what the rules refuse', async () => {
    const calls = mockReview('admin', {
      'PUT /api/settings': (call) =>
        json(200, { ok: true, data: { ...settings, ...(call.body as object) } }),
    });
    renderApp('/retention');
    const aml = await screen.findByLabelText('AML records after the relationship ends (years)');
    await waitFor(() => expect(aml).toHaveValue(5));
    expect(aml).toHaveAccessibleDescription(
      /Criminal Justice \(Money Laundering and Terrorist Financing\) Act 2010, s\.55/,
    );
    const save = screen.getByRole('button', { name: 'Save the periods' });
    expect(save).toBeDisabled();
    await userEvent.clear(aml);
    await userEvent.type(aml, '4');
    expect(
      screen.getByText('amlRetentionYears must be a whole number of years from 5 to 20'),
    ).toBeVisible();
    expect(save).toBeDisabled();
    await userEvent.clear(aml);
    await userEvent.type(aml, '7');
    const mails = screen.getByLabelText('Mail bodies (months)');
    await userEvent.clear(mails);
    await userEvent.type(mails, '72');
    await userEvent.click(save);
    expect(
      await screen.findByText('The retention periods are saved. Refresh the review to apply them.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      amlRetentionYears: 7,
      prospectRetentionMonths: 12,
      mailBodyRetentionMonths: 72,
    });
  });

  it('exports by e-mail someone with no person record', async () => {
    const calls = mockReview('admin', {
      'POST /api/data-export': () => json(200, { ok: true, data: { _id: 'x1' } }),
      'GET /api/data-export/x1': () =>
        json(200, { ok: true, data: { status: 'running', progress: 40 } }),
    });
    renderApp('/retention');
    await userEvent.type(await screen.findByLabelText('E-mail'), ' lea@example.fr ');
    await userEvent.click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByRole('button', { name: 'Preparing the export…' })).toBeDisabled();
    expect(await screen.findByText('40 %')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/data-export')?.body).toEqual({
      email: 'lea@example.fr',
    });
  });

  it('is for administrators only', async () => {
    mockReview('staff');
    renderApp('/retention');
    expect(await screen.findByText('The retention review is for administrators.')).toBeVisible();
  });
});
