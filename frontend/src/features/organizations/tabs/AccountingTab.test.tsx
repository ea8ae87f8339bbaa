import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderApp } from '../../../test/render';
import { makeOrganization, mockOrganizationApi } from '../testFixtures';

const mockOrganization = mockOrganizationApi;

describe('organization accounting tab', () => {
  it('previews the first AR date 6 months after incorporation, clamped to the month end', async () => {
    mockOrganization(makeOrganization());
    renderApp('/organization/o1/ACCOUNTING_TAB');

    const incorporation = await screen.findByLabelText('Incorporation date');
    expect(screen.getByLabelText('First AR date')).toHaveValue('');
    fireEvent.change(incorporation, { target: { value: '31/08/2025' } });
    expect(screen.getByLabelText('First AR date')).toHaveValue('28/02/2026');
  });

  it('enables the first AR status only with an incorporation date, and the tax inputs only once it is Done', async () => {
    const user = userEvent.setup();
    mockOrganization(makeOrganization());
    renderApp('/organization/o1/ACCOUNTING_TAB');

    const status = await screen.findByRole('checkbox', { name: 'Pending' });
    const yearEnd = screen.getByLabelText('Financial year end');
    const newPaid = screen.getByLabelText('New corporation tax paid date');
    expect(status).toBeDisabled();
    expect(yearEnd).toBeDisabled();
    expect(newPaid).toBeDisabled();
    // The disabled Add says why.
    expect(screen.getByRole('button', { name: 'Add paid date' })).toHaveAccessibleDescription(
      'Enabled once the first AR status is Done.',
    );

    fireEvent.change(screen.getByLabelText('Incorporation date'), {
      target: { value: '14/03/2025' },
    });
    expect(status).toBeEnabled();
    expect(yearEnd).toBeDisabled();

    await user.click(status);
    expect(screen.getByRole('checkbox', { name: 'Done' })).toBeChecked();
    expect(yearEnd).toBeEnabled();
    expect(newPaid).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add paid date' })).toHaveAccessibleDescription(
      'Enter the date it was paid first',
    );
  });

  it('previews the corporation-tax reminder 9 months after the financial year end, with its banner', async () => {
    mockOrganization(makeOrganization({ incorporationDate: '2024-01-10', status: true }));
    renderApp('/organization/o1/ACCOUNTING_TAB');

    fireEvent.change(await screen.findByLabelText('Financial year end'), {
      target: { value: '31/12/2020' },
    });
    expect(screen.getByLabelText('Corporation tax reminder')).toHaveValue('30/09/2021');
    // Long past: the banner says LATE and the tab carries the warning icon.
    const banners = screen.getAllByTestId('reminder-banner');
    expect(banners.at(-1)).toHaveTextContent(
      /Corporation tax reminder 30\/09\/2021: LATE \(\d+ years ago\)/,
    );
    expect(screen.getByRole('tab', { name: /Accounting/ })).toContainElement(
      screen.getByRole('img', { name: 'Warning' }),
    );

    fireEvent.change(screen.getByLabelText('Financial year end'), {
      target: { value: '31/03/2099' },
    });
    expect(screen.getByLabelText('Corporation tax reminder')).toHaveValue('31/12/2099');
    expect(screen.getAllByTestId('reminder-banner').at(-1)).toHaveTextContent(/remaining/);
    expect(screen.queryByRole('img', { name: 'Warning' })).not.toBeInTheDocument();
  });

  it('B1/B73 adds 1 to 6 months to the next AR reminder', async () => {
    const user = userEvent.setup();
    mockOrganization(makeOrganization({ nextArReminder: '2026-05-31' }));
    renderApp('/organization/o1/ACCOUNTING_TAB');

    // Written B1/B73, as the calendar writes it, with the CRO forms it names.
    const select = await screen.findByLabelText(
      'B1/B73 (CRO form B1 (annual return) or B73 (a new annual return date))',
    );
    expect(screen.getByRole('checkbox', { name: 'Bilan (balance sheet)' })).toBeInTheDocument();
    await user.selectOptions(select, '3');
    expect(screen.getByTestId('b1b73-date')).toHaveTextContent('B1/B73: 31/08/2026');
    // It follows a new next AR reminder by the same months.
    fireEvent.change(screen.getByLabelText('Next AR reminder'), {
      target: { value: '30/06/2026' },
    });
    expect(screen.getByTestId('b1b73-date')).toHaveTextContent('30/09/2026');
  });

  it('deletes a paid date after a confirmation previewing the reset, then shows the saved dates', async () => {
    const user = userEvent.setup();
    const organization = makeOrganization({
      incorporationDate: '2023-01-10',
      status: true,
      financialYearEnd: '2025-12-31',
      corporationTaxPaidReminder: '2026-09-30',
      corporationTaxPaid: ['2024-03-01', '2025-02-15'],
    });
    const calls = mockOrganization(organization, {
      'PUT /api/organization/o1': () =>
        json(200, {
          ok: true,
          data: {
            ...organization,
            corporationTaxPaid: ['2024-03-01'],
            financialYearEnd: '2025-03-01',
            corporationTaxPaidReminder: '2025-12-01',
            updatedAt: '2026-02-02T10:00:00.000Z',
          },
        }),
    });
    renderApp('/organization/o1/ACCOUNTING_TAB');
    await user.type(await screen.findByLabelText('Corporation tax number'), 'IE123');

    await user.click(screen.getByRole('button', { name: 'Delete corporation tax paid date 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The financial year end becomes 01/03/2025 and the corporation-tax reminder 01/12/2025.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      corporationTaxPaid: ['2024-03-01'],
      financialYearEnd: '2025-03-01',
      updatedAt: '2026-02-01T10:00:00.000Z',
    });
    expect(screen.getByLabelText('Financial year end')).toHaveValue('01/03/2025');
    expect(screen.getByLabelText('Corporation tax reminder')).toHaveValue('01/12/2025');
    expect(screen.queryByLabelText('Corporation tax paid date 2')).not.toBeInTheDocument();
    // The other edit is still there, unsaved.
    expect(screen.getByLabelText('Corporation tax number')).toHaveValue('IE123');
  });

  it('says so when deleting a paid date fails, and keeps the date', async () => {
    const user = userEvent.setup();
    mockOrganization(
      makeOrganization({
        incorporationDate: '2023-01-10',
        status: true,
        corporationTaxPaid: ['2024-03-01'],
      }),
      {
        'PUT /api/organization/o1': () =>
          json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' }),
      },
    );
    renderApp('/organization/o1/ACCOUNTING_TAB');

    await user.click(
      await screen.findByRole('button', { name: 'Delete corporation tax paid date 1' }),
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'No paid date remains: the financial year end and the corporation-tax reminder become empty.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Failed to delete Corporation Tax Paid date. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Corporation tax paid date 1')).toHaveValue('01/03/2024');
  });
});
