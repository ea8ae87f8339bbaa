import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import { listAnswer, signIn } from '../../../test/fixtures';
import type { EmailActivity } from '../api';

const delivered: EmailActivity = {
  // 23:30 UTC on 31 July is 1 August in Dublin (UTC+1 in summer).
  date: '2026-07-31T23:30:00.000Z',
  email: 'hello@emerald.ie',
  subject: 'Payment reminder: Domiciliation – Emerald Isle Trading Ltd',
  event: 'delivered',
  tag: 'payment-reminder',
  messageId: '<m1@firm.test>',
};
const failed: EmailActivity = {
  date: '2026-11-20T10:00:00.000Z',
  email: 'x@y.ie',
  subject: 'Invitation',
  event: 'failed',
  tag: null,
  messageId: null,
};

/** The query strings of the activity calls (the mock's calls keep the path only). */
const activityUrls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === '/api/user/emails/activity');

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('e-mail activity', () => {
  it('lists the events with their columns: dd-MM-yyyy, Not set for an empty tag, an inert View', async () => {
    mockApi({
      ...signIn(),
      'GET /api/user/emails/activity': () =>
        json(200, { ...listAnswer([failed, delivered]), totalItems: 2 }),
    });
    renderApp('/email');

    const rows = await screen.findAllByTestId('email-row');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'To',
      'Subject',
      'Event',
      'Tag',
      'Message ID',
      'Action',
    ]);
    expect(cells(rows[0])).toEqual([
      '20-11-2026',
      'x@y.ie',
      'Invitation',
      'Failed',
      'Not set',
      'Not set',
      'View',
    ]);
    expect(cells(rows[1])).toEqual([
      '01-08-2026',
      'hello@emerald.ie',
      'Payment reminder: Domiciliation – Emerald Isle Trading Ltd',
      'Delivered',
      'payment-reminder',
      '<m1@firm.test>',
      'View',
    ]);
    expect(activityUrls()[0].searchParams.get('page')).toBe('1');
    expect(activityUrls()[0].searchParams.get('limit')).toBe('25');
  });

  it('is reached from the navigation link "Emails"', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'GET /api/user/emails/aoife%40firm.test': () => json(200, { ok: true, data: [] }),
      'GET /api/user/emails/activity': () => json(200, listAnswer([])),
    });
    const { router } = renderApp('/account');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Emails' });
    expect(link).toHaveAttribute('href', '/email');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/email');
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
  });

  it('pages through the events, keeping the page in the address', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'GET /api/user/emails/activity': () => json(200, listAnswer([delivered], 1, 3)),
    });
    const { router } = renderApp('/email');
    await screen.findAllByTestId('email-row');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(activityUrls()).toHaveLength(2));
    expect(activityUrls()[1].searchParams.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says "Failed to fetch emails" when the list cannot be loaded', async () => {
    mockApi({
      ...signIn(),
      'GET /api/user/emails/activity': () =>
        json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' }),
    });
    renderApp('/email');
    expect(await screen.findByText('Failed to fetch emails')).toBeInTheDocument();
  });
});
