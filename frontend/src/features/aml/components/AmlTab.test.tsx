import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrganization, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';

const register = {
  organizationId: 'o1',
  organizationName: 'Emerald Isle Trading Ltd',
  cro: '654321',
  thresholdPercent: 25,
  owners: [
    {
      personId: 'p1',
      linkId: 'l1',
      firstName: 'Aoife',
      lastName: 'Murphy',
      birth: '1980-01-31',
      nationality: 'irish',
      country: 'ireland',
      address: 'Dublin',
      mail: null,
      pps: null,
      roles: ['shareholder'],
      beneficiaryPercentage: 60,
    },
  ],
  shareholdingTotal: 90,
  shareholders: 2,
  shareholdingComplete: false,
};

function mockAml(
  aml: Record<string, unknown>,
  extra: Record<string, (call: Call) => Response> = {},
) {
  let organization = makeOrganization({ aml });
  return mockApi({
    ...signIn(),
    'GET /api/organization/o1': () => json(200, { ok: true, data: organization }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    'GET /api/organization/o1/beneficial-owners': () => json(200, { ok: true, data: register }),
    'PUT /api/organization/o1': (call) => {
      const sent = (call.body as { aml: Record<string, unknown> }).aml;
      organization = makeOrganization({
        // What the server stored: a colleague's answer to q6 too, so the total is 7.
        aml: {
          ...aml,
          ...sent,
          appendix2_q6: true,
          appendix2_total_score: 7,
          appendix2_risk_level: 'low',
        },
        updatedAt: '2026-03-01T10:00:00.000Z',
      });
      return json(200, { ok: true, data: organization });
    },
    ...extra,
  });
}

const question = (n: number) => screen.getByTestId(`aml-appendix2_q${n}`);

describe('AML_TAB', () => {
  it('scores the answers live in the level colour, defaults shown, the register flagged', async () => {
    mockAml({});
    renderApp('/organization/o1/AML_TAB');
    const total = await screen.findByTestId('aml-total-score');
    // Appendix 2 never saved: not assessed, neither a score nor a colour of risk.
    expect(total).toHaveTextContent('—');
    const level = screen.getByTestId('aml-live-risk-level');
    // The words of the General tab and the overview too.
    expect(level).toHaveTextContent(/^Not assessed$/);
    expect(level).toHaveClass('bg-secondary');
    // Unanswered questions show no answer; the other yes/no fields show their default, No.
    expect(within(question(1)).getByLabelText('Yes')).not.toBeChecked();
    expect(within(question(1)).getByLabelText('No')).not.toBeChecked();
    expect(within(screen.getByTestId('aml-kyc_obtained')).getByLabelText('No')).toBeChecked();

    await userEvent.click(within(question(1)).getByLabelText('Yes'));
    expect(total).toHaveTextContent('6');
    for (const n of [5, 9, 10, 11])
      await userEvent.click(within(question(n)).getByLabelText('Yes'));
    expect(total).toHaveTextContent('18');
    expect(level).toHaveTextContent(/^Medium$/);
    expect(level).toHaveClass('bg-warning');
    for (const n of [12, 13]) await userEvent.click(within(question(n)).getByLabelText('Yes'));
    expect(total).toHaveTextContent('24');
    expect(level).toHaveTextContent(/^High$/);
    expect(level).toHaveClass('bg-danger');

    expect(await screen.findByTestId('shareholding-incomplete')).toHaveTextContent('90 %');
    expect(screen.getByRole('cell', { name: 'Aoife Murphy' })).toBeVisible();
    // Nationality and country stored lower-case, shown as names.
    expect(screen.getByRole('cell', { name: 'Irish' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Ireland' })).toBeVisible();
  });

  it("Update sends appendix 2 as a review; the server's score replaces the live one", async () => {
    const calls = mockAml({ appendix4: { trading_name: 'Emerald' } });
    renderApp('/organization/o1/AML_TAB');
    await userEvent.click(
      within(await screen.findByTestId('aml-appendix2_q1')).getByLabelText('Yes'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')!.body as {
      aml: Record<string, unknown>;
      updatedAt: string;
    };
    expect(body.aml).toMatchObject({ appendix2_q1: true, appendix2_q2: null, kyc_obtained: false });
    expect(body.aml).not.toHaveProperty('appendix4');
    expect(body.updatedAt).toBe('2026-02-01T10:00:00.000Z');
    await waitFor(() => expect(screen.getByTestId('aml-total-score')).toHaveTextContent('7'));
  });

  it('shows the next review in red once it is due', async () => {
    mockAml({
      appendix2_next_review: '2020-01-31',
      appendix2_reviewed_at: '2019-01-31T10:00:00.000Z',
      appendix2_reviewed_by: { user_id: 'u1', user_name: 'Ciara Byrne' },
    });
    renderApp('/organization/o1/AML_TAB');
    const next = await screen.findByTestId('aml-next-review');
    expect(next).toHaveTextContent('31/01/2020 (overdue)');
    expect(next).toHaveClass('text-danger');
    expect(screen.getByText(/by Ciara Byrne/)).toBeVisible();
  });

  it('the sub-tabs show appendices 3, 4 and 6 with their defaults', async () => {
    mockAml({});
    renderApp('/organization/o1/AML_TAB');
    await userEvent.click(await screen.findByRole('tab', { name: 'Appendix 4' }));
    expect(screen.getByLabelText('Structure type')).toHaveValue('Limited');
    expect(screen.getByLabelText('Client meeting details')).toHaveValue('Online meeting');
    expect(screen.getByLabelText('Partnership controllers')).toHaveValue('N.A');
    expect(screen.getByLabelText('Risk assessment')).toHaveValue('normal');
    await userEvent.click(screen.getByRole('tab', { name: 'Appendix 6' }));
    expect(screen.getByLabelText('Name of client')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Appendix 3' }));
    expect(screen.getByLabelText('Societe France Irlande')).not.toBeChecked();
  });

  it('a field the server refuses (aml.appendix4.…) is marked under itself', async () => {
    mockAml(
      {},
      {
        'PUT /api/organization/o1': () =>
          json(400, {
            ok: false,
            code: 'VALIDATION_ERROR',
            message: 'Some AML fields are invalid',
            details: [
              {
                field: 'aml.appendix4.client_meeting_details',
                message: 'aml.appendix4.client_meeting_details must be at most 2000 characters',
              },
            ],
          }),
      },
    );
    renderApp('/organization/o1/AML_TAB');
    await userEvent.click(await screen.findByRole('tab', { name: 'Appendix 4' }));
    const meeting = screen.getByLabelText('Client meeting details');
    await userEvent.type(meeting, ' in Cork');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(
        'aml.appendix4.client_meeting_details must be at most 2000 characters',
      ),
    ).toBeVisible();
    expect(meeting).toHaveClass('is-invalid');
    await waitFor(() => expect(meeting).toHaveFocus());
  });
});
