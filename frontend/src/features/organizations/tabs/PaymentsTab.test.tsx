import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { signIn } from '../../../test/fixtures';
import { makeOrganization, mockOrganizationApi } from '../testFixtures';
import type { Organization } from '../types';

// Domiciliation since 15/01/2024 on a 12-month plan: paid on time, then 45 days late.
const organization = makeOrganization({
  hasDomiciliation: true,
  domiciliationSubscription: '2024-01-15',
  domiciliationSubscriptionPlan: 12,
  domiciliationPaidReminder: '2026-01-15',
  domiciliationPaymentHistory: [
    { nextPaidReminder: '2024-01-15', paidDate: '2024-01-15' },
    { nextPaidReminder: '2025-01-15', paidDate: '2025-03-01' },
  ],
});

const mockOrganization = (extra: Record<string, (call: Call) => Response> = {}) =>
  mockOrganizationApi(organization, extra);

/** The rows of the domiciliation block: [reminder, paid date, status]. */
function domiciliationRows() {
  const block = screen.getByTestId('payments-domiciliation');
  return within(block)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [
        cells[1].textContent,
        cells[2].querySelector('input')?.value ?? '',
        cells[3].textContent,
      ];
    });
}

const paidDateInput = (index: number) => screen.getByLabelText(`Domiciliation paid date ${index}`);

describe('organization payments tab', () => {
  it('shows each paid row with its lateness and one open last row holding the next reminder', async () => {
    mockOrganization();
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('payments-domiciliation');

    expect(domiciliationRows()).toEqual([
      ['15/01/2024', '15/01/2024', 'On time'],
      ['15/01/2025', '01/03/2025', 'Late by 45 days'],
      ['15/01/2026', '', 'Open'],
    ]);
    // The services without a subscription still have their one open row, with no reminder yet.
    const secretary = within(screen.getByTestId('payments-secretaryCompany')).getAllByRole('row');
    expect(secretary).toHaveLength(2);
  });

  it('paying the open row appends the next open row; late by years and days, or in advance', async () => {
    mockOrganization();
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('payments-domiciliation');

    fireEvent.change(paidDateInput(3), { target: { value: '10/01/2026' } });
    expect(domiciliationRows()).toEqual([
      ['15/01/2024', '15/01/2024', 'On time'],
      ['15/01/2025', '01/03/2025', 'Late by 45 days'],
      ['15/01/2026', '10/01/2026', 'In advance'],
      ['15/01/2027', '', 'Open'],
    ]);

    // A paid row's date can be corrected: one year and two days after its reminder.
    fireEvent.change(paidDateInput(2), { target: { value: '17/01/2026' } });
    expect(domiciliationRows()[1]).toEqual([
      '15/01/2025',
      '17/01/2026',
      'Late by 1 year and 2 days',
    ]);
  });

  it('removing a paid row drops it and re-appends the open row after the last remaining one', async () => {
    const user = userEvent.setup();
    mockOrganization();
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('payments-domiciliation');

    await user.click(screen.getByRole('button', { name: 'Remove Domiciliation payment 2' }));
    expect(domiciliationRows()).toEqual([
      ['15/01/2024', '15/01/2024', 'On time'],
      ['15/01/2025', '', 'Open'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Domiciliation payment 1' }));
    // No paid row left: the open row is due on the subscription date.
    expect(domiciliationRows()).toEqual([['15/01/2024', '', 'Open']]);
  });

  it('changing the plan on the Services tab recomputes the chain from the subscription date', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      'PUT /api/organization/o1': (call) =>
        json(200, { ok: true, data: { ...organization, ...(call.body as object) } }),
    });
    renderApp('/organization/o1/SERVICE_TAB');

    const plan = await screen.findByLabelText('Domiciliation plan');
    expect(plan).toHaveValue('12');
    // Live preview of the paid-reminder: the last paid row's reminder + 12 months.
    expect(screen.getByTestId('domiciliationPaidReminder')).toHaveTextContent('15/01/2026');
    await user.selectOptions(plan, '6');
    expect(screen.getByTestId('domiciliationPaidReminder')).toHaveTextContent('15/01/2025');

    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(domiciliationRows()).toEqual([
      ['15/01/2024', '15/01/2024', 'On time'],
      ['15/07/2024', '01/03/2025', 'Late by 229 days'],
      ['15/01/2025', '', 'Open'],
    ]);

    // A new subscription date moves the whole chain.
    await user.click(screen.getByRole('tab', { name: /^Services(?!\s*Beta)/ }));
    fireEvent.change(screen.getByLabelText('Domiciliation subscription date'), {
      target: { value: '29/02/2024' },
    });
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(domiciliationRows().map((row) => row[0])).toEqual([
      '29/02/2024',
      '29/08/2024',
      '28/02/2025',
    ]);

    // Saved as the whole organization: every row travels, the server keeps the paid ones.
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      domiciliationSubscription: '2024-02-29',
      domiciliationSubscriptionPlan: 6,
      domiciliationPaymentHistory: [
        { nextPaidReminder: '2024-02-29', paidDate: '2024-01-15' },
        { nextPaidReminder: '2024-08-29', paidDate: '2025-03-01' },
        { nextPaidReminder: '2025-02-28', paidDate: null },
      ],
    });
  });

  it('keeps the subscription date disabled while the service is off', async () => {
    const user = userEvent.setup();
    mockOrganization();
    renderApp('/organization/o1/SERVICE_TAB');

    const date = await screen.findByLabelText('Secretary company subscription date');
    expect(date).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Secretary company' }));
    expect(date).toBeEnabled();
  });
});

describe('organization payments tab: reminder e-mail', () => {
  const mailOrganization = (overrides: Partial<Organization> = {}) =>
    makeOrganization({
      ...organization,
      mail: 'x@y.ie',
      ...overrides,
    });

  function mockMail(record: Organization, extra: Record<string, (call: Call) => Response> = {}) {
    return mockApi({
      ...signIn(),
      'GET /api/organization/o1': () => json(200, { ok: true, data: record }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
      'POST /api/organization/templates': () =>
        json(200, {
          ok: true,
          data: {
            subject: 'Payment reminder: Domiciliation – Emerald Isle Trading Ltd',
            htmlContent:
              '<p>Payment for <strong>Domiciliation</strong> is due.</p>' +
              '<script>window.__reminderScript = true</script>' +
              '<img src="x" alt="logo" onerror="window.__reminderScript = true">',
          },
        }),
      'POST /api/organization/send': () =>
        json(200, { ok: true, data: { _id: 'm1', status: 'queued' } }),
      ...extra,
    });
  }

  // "Late" depends on today: only Date is faked, so that timers and promises run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const panel = () => screen.getByTestId('reminder-email-domiciliation');
  const failure = () => json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' });

  it('shows only under a late block; the language follows the organization', async () => {
    mockMail(mailOrganization({ language: 'fr' }));
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('payments-domiciliation');

    // The paid-reminder 15/01/2026 is past; the other services have none.
    expect(panel()).toHaveTextContent('Paid reminder 15/01/2026');
    expect(screen.queryByTestId('reminder-email-secretaryCompany')).toBeNull();
    expect(within(panel()).getByRole('radio', { name: 'FR' })).toBeChecked();
    expect(within(panel()).getByRole('radio', { name: 'EN' })).not.toBeChecked();
    expect(within(panel()).getByText('To x@y.ie')).toBeVisible();
  });

  it('disappears once the open row is paid (the reminder moves to the future)', async () => {
    mockMail(mailOrganization());
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');

    // Paid on 10/01/2026: the next reminder is 15/01/2027, after today.
    fireEvent.change(paidDateInput(3), { target: { value: '10/01/2026' } });
    expect(screen.queryByTestId('reminder-email-domiciliation')).toBeNull();
  });

  it('previews the English template by default, sanitised: no script, no event handler', async () => {
    const user = userEvent.setup();
    const calls = mockMail(mailOrganization({ language: 'en' }));
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');

    await user.click(within(panel()).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('reminder-preview-domiciliation');
    expect(preview).toHaveTextContent('Payment for Domiciliation is due.');
    expect(preview).toHaveTextContent(
      'Subject: Payment reminder: Domiciliation – Emerald Isle Trading Ltd',
    );
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('img')).not.toHaveAttribute('onerror');
    expect((window as { __reminderScript?: boolean }).__reminderScript).toBeUndefined();
    expect(preview).toHaveClass('border');

    const templates = calls.filter((call) => call.path === '/api/organization/templates');
    expect(templates[0].body).toEqual({
      templateId: 2,
      params: {
        organizationName: 'Emerald Isle Trading Ltd',
        service: 'Domiciliation',
        reminderDate: '2026-01-15',
        amount: '',
      },
    });

    // Another language hides the stale preview until it is asked for again: template 1.
    await user.click(within(panel()).getByRole('radio', { name: 'FR' }));
    expect(screen.queryByTestId('reminder-preview-domiciliation')).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('reminder-preview-domiciliation');
    expect(
      calls.filter((call) => call.path === '/api/organization/templates')[1].body,
    ).toMatchObject({ templateId: 1 });
  });

  it('sends the reminder to the organization mail: "Email sent to x@y.ie!"', async () => {
    const user = userEvent.setup();
    const calls = mockMail(mailOrganization({ language: 'en' }));
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');

    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent to x@y.ie!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/organization/send')!.body).toEqual({
      templateId: 2,
      emailTo: 'x@y.ie',
      params: {
        organizationName: 'Emerald Isle Trading Ltd',
        service: 'Domiciliation',
        reminderDate: '2026-01-15',
      },
      organizationId: 'o1',
    });
  });

  it('sends to addresses outside the book only when typed under the warning, and shows why the server refuses one', async () => {
    const user = userEvent.setup();
    let answer = json(200, {
      ok: true,
      data: { _id: 'm1', status: 'queued', recipients: ['x@y.ie', 'accountant@firm.ie'] },
    });
    const calls = mockMail(mailOrganization({ language: 'en' }), {
      'POST /api/organization/send': () => answer,
    });
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');
    const extra = within(panel()).getByLabelText('Also send to (outside the book)');

    // No warning until an address is typed; a wrong one keeps Send off.
    expect(within(panel()).queryByRole('alert')).toBeNull();
    await user.type(extra, 'not-an-address');
    expect(
      within(panel()).getByText('Each extra recipient must be an e-mail address.'),
    ).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(extra);
    await user.type(extra, 'a@b.ie, c@d.ie, e@f.ie, g@h.ie, i@j.ie, k@l.ie');
    expect(within(panel()).getByText('At most 5 extra recipients.')).toBeVisible();

    await user.clear(extra);
    await user.type(extra, 'accountant@firm.ie');
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'accountant@firm.ie is not the mail of this organization or of its people',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Email sent to x@y.ie, accountant@firm.ie!'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/organization/send')[0].body).toMatchObject({
      emailTo: 'x@y.ie',
      organizationId: 'o1',
      extraRecipients: ['accountant@firm.ie'],
    });
    // Sent: the extra field is empty again, so the next mail goes to the book only.
    expect(extra).toHaveValue('');

    answer = json(400, {
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'The recipient is not in the book',
      details: [
        {
          field: 'emailTo',
          message:
            'emailTo must be the mail of this organization or of a person linked to it; an address outside the book goes under extraRecipients',
        },
      ],
    });
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(/emailTo must be the mail of this organization/),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/organization/send')[1].body,
    ).not.toHaveProperty('extraRecipients');
  });

  it('says "Failed to get email template" and "Failed to send email" when the server fails', async () => {
    const user = userEvent.setup();
    mockMail(mailOrganization(), {
      'POST /api/organization/templates': failure,
      'POST /api/organization/send': failure,
    });
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');

    await user.click(within(panel()).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Failed to get email template')).toBeInTheDocument();
    expect(screen.queryByTestId('reminder-preview-domiciliation')).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
  });

  it('cannot send without an organization mail, and says why', async () => {
    mockMail(mailOrganization({ mail: null }));
    renderApp('/organization/o1/PAYMENT_TAB');
    await screen.findByTestId('reminder-email-domiciliation');

    expect(within(panel()).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(within(panel()).getByText(/The organization has no mail/)).toBeVisible();
  });
});
