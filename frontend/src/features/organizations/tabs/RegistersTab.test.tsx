import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, todayInDublin } from '@registra/domain';
import { json, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeOrganization, mockOrganizationApi } from '../testFixtures';
import type { Member, RegisterEntry, RegisterKind, ShareClass, ShareEntry } from '../types';

const member = (id: string, firstName: string, lastName: string, roles: string[]): Member => ({
  _id: `l-${id}`,
  peopleId: { _id: id, firstName, lastName },
  organizationId: 'o1',
  roles,
  beneficiaryPercentage: 0,
  appointedOn: null,
  ceasedOn: null,
  beneficialInterest: null,
  createdAt: '2020-01-01T09:00:00.000Z',
  updatedAt: '2020-01-01T09:00:00.000Z',
});
const MEMBERS = [
  member('p1', 'Siobhán', 'Kelly', ['director', 'shareholder']),
  member('p2', 'Cian', 'Byrne', ['secretary', 'shareholder']),
];
const STAMPS = { createdAt: '2020-01-01T09:00:00.000Z', updatedAt: '2020-01-01T09:00:00.000Z' };
const ORDINARY: ShareClass = {
  _id: 'c1',
  organizationId: 'o1',
  name: 'Ordinary',
  nominalValue: 1,
  currency: 'EUR',
  ...STAMPS,
};
const ALLOTMENT: ShareEntry = {
  _id: 'e1',
  organizationId: 'o1',
  kind: 'allotment',
  date: '2020-01-01',
  shareClassId: 'c1',
  shares: 100,
  toPeopleId: 'p1',
  fromPeopleId: null,
  b5Due: null,
  ...STAMPS,
};

const siobhan = { peopleId: 'p1', firstName: 'Siobhán', lastName: 'Kelly' };
const cian = { peopleId: 'p2', firstName: 'Cian', lastName: 'Byrne' };
const particulars = { dateOfBirth: null, nationality: null, address: null };
const REGISTERS: Record<RegisterKind, RegisterEntry[]> = {
  'directors-secretaries': [
    {
      ...siobhan,
      ...particulars,
      linkId: 'l-p1',
      role: 'director',
      appointedOn: '2020-01-01',
      ceasedOn: null,
      current: true,
    },
    {
      ...cian,
      ...particulars,
      linkId: 'l-p2',
      role: 'secretary',
      appointedOn: null,
      ceasedOn: '2025-03-31',
      current: false,
    },
  ],
  members: [
    {
      ...siobhan,
      shareClassId: 'c1',
      shareClassName: 'Ordinary',
      shares: 100,
      enteredOn: '2020-01-01',
      ceasedOn: null,
      current: true,
      address: null,
      percentage: 100,
      statedPercentage: null,
      sharesPercentageDiffers: false,
    },
  ],
  'beneficial-owners': [
    {
      ...siobhan,
      ...particulars,
      linkId: 'l-p1',
      interest: 'Holds the shares',
      percentage: 100,
      becameOn: '2020-01-01',
      ceasedOn: null,
      current: true,
    },
  ],
};

const restoreUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  URL.createObjectURL = restoreUrl.create;
  URL.revokeObjectURL = restoreUrl.revoke;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const file = (name: string, type: string, text = 'file') =>
  new Response(text, {
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });

/** The organization o1 with its members, one class, one allotment and the registers above. */
function mockRegisters(
  extra: Record<string, (call: Call) => Response> = {},
  entries: ShareEntry[] = [ALLOTMENT],
) {
  const registerRoutes = Object.fromEntries(
    Object.entries(REGISTERS).map(([kind, rows]) => [
      `GET /api/organization/o1/registers/${kind}`,
      (call: Call) =>
        call.query.format
          ? file(
              `${kind}-${call.query.asOf}.${call.query.format}`,
              `application/${call.query.format}`,
            )
          : json(200, {
              ok: true,
              data: {
                kind,
                asOf: call.query.asOf,
                organizationId: 'o1',
                organizationName: 'Emerald Isle Trading Ltd',
                cro: null,
                entries: rows,
              },
            }),
    ]),
  );
  return mockOrganizationApi(makeOrganization({ nextArReminder: '2026-12-15' }), {
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: MEMBERS }),
    'GET /api/organization/o1/share-classes': () => json(200, { ok: true, data: [ORDINARY] }),
    'GET /api/organization/o1/share-entries': () => json(200, { ok: true, data: entries }),
    ...registerRoutes,
    ...extra,
  });
}

const bodyOf = (calls: Call[], method: string, path: string) =>
  calls.find((call) => call.method === method && call.path === path)?.body;

describe('organization registers tab', () => {
  it('shows the three registers as of today, and again as of the day chosen', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters();
    renderApp('/organization/o1/REGISTERS_TAB');

    const officers = await screen.findByTestId('register-directors-secretaries');
    const table = within(officers).getByRole('table', {
      name: 'Register of directors and secretaries',
    });
    await within(table).findByText('Siobhán Kelly');
    expect(table).toHaveTextContent('Director01/01/2020');
    expect(table).toHaveTextContent('Cian ByrneSecretary—31/03/2025');
    expect(
      within(await screen.findByTestId('register-members')).getByRole('table'),
    ).toHaveTextContent('Siobhán KellyOrdinary10001/01/2020');
    expect(await screen.findByTestId('register-beneficial-owners')).toHaveTextContent(
      'Holds the shares',
    );
    const today = todayInDublin();
    const asked = () =>
      calls.filter((call) => call.path.includes('/registers/') && !call.query.format);
    expect(asked().map((call) => call.query.asOf)).toEqual([today, today, today]);

    const asOf = screen.getByLabelText('As of');
    await user.clear(asOf);
    await user.type(asOf, '31/12/2024');
    await user.tab();
    await waitFor(() =>
      expect(asked().filter((c) => c.query.asOf === '2024-12-31')).toHaveLength(3),
    );
  });

  it('downloads a register as PDF and as CSV for the day shown', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters();
    renderApp('/organization/o1/REGISTERS_TAB');
    const today = todayInDublin();

    await user.click(
      await screen.findByRole('button', { name: 'Register of members: download PDF' }),
    );
    expect(await screen.findByText(`members-${today}.pdf saved.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register of members: download CSV' }));
    await waitFor(() => expect(saved).toEqual([`members-${today}.pdf`, `members-${today}.csv`]));
    expect(
      calls.filter((call) => call.query.format).map((call) => [call.path, call.query]),
    ).toEqual([
      ['/api/organization/o1/registers/members', { asOf: today, format: 'pdf' }],
      ['/api/organization/o1/registers/members', { asOf: today, format: 'csv' }],
    ]);
  });

  it('adds a share class, and says in words why a held class cannot be deleted', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters({
      'POST /api/organization/o1/share-classes': () =>
        json(200, { ok: true, data: { ...ORDINARY, _id: 'c2', name: 'Preference' } }),
      'DELETE /api/organization/o1/share-classes/c1': () =>
        json(409, {
          ok: false,
          code: 'SHARE_CLASS_HELD',
          message: 'Shares of this class are held',
        }),
    });
    renderApp('/organization/o1/REGISTERS_TAB');

    const classes = await screen.findByRole('list', { name: 'Share classes' });
    expect(classes).toHaveTextContent('Ordinary · €1.00 each · 100 issued');

    await user.click(screen.getByRole('button', { name: 'Add share class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add share class' });
    await user.clear(within(dialog).getByLabelText('Class'));
    await user.type(within(dialog).getByLabelText('Class'), 'Preference');
    await user.clear(within(dialog).getByLabelText('Nominal value'));
    await user.type(within(dialog).getByLabelText('Nominal value'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Created!')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/organization/o1/share-classes')).toEqual({
      name: 'Preference',
      nominalValue: 0.5,
      currency: 'EUR',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Ordinary' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete share class' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Shares of Ordinary are still held: the class cannot be deleted while members hold it.',
      ),
    ).toBeInTheDocument();
  });

  it('allots shares, "already filed" keeping the B5 follow-up from starting', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters({
      'POST /api/organization/o1/share-entries': () =>
        json(200, { ok: true, data: { ...ALLOTMENT, _id: 'e2', toPeopleId: 'p2', shares: 50 } }),
    });
    renderApp('/organization/o1/REGISTERS_TAB');

    await user.click(await screen.findByRole('button', { name: 'Allot shares' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allot shares' });
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '02/03/2026');
    await user.tab();
    await user.type(within(dialog).getByLabelText('Number of shares'), '50');
    await user.selectOptions(within(dialog).getByLabelText('To'), 'Cian Byrne');
    await user.click(within(dialog).getByRole('checkbox', { name: /Already filed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Allot' }));

    expect(await screen.findByText('Shares allotted.')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/organization/o1/share-entries')).toEqual({
      kind: 'allotment',
      date: '2026-03-02',
      shareClassId: 'c1',
      shares: 50,
      toPeopleId: 'p2',
      alreadyFiled: true,
    });
  });

  it('answers a transfer of more shares than held in words, here and from the server', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters({
      'POST /api/organization/o1/share-entries': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message:
            'The transferor holds 0 shares of this class on 2026-03-02; 100 cannot be transferred',
        }),
    });
    renderApp('/organization/o1/REGISTERS_TAB');

    await user.click(await screen.findByRole('button', { name: 'Transfer shares' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer shares' });
    await user.selectOptions(within(dialog).getByLabelText('From'), 'Siobhán Kelly');
    await user.selectOptions(within(dialog).getByLabelText('To'), 'Cian Byrne');
    await user.type(within(dialog).getByLabelText('Number of shares'), '150');
    expect(
      within(dialog).getByText(
        'Siobhán Kelly holds 100 of these shares on that date: a transfer cannot move more.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Transfer' })).toBeDisabled();
    expect(
      calls.some((call) => call.method === 'POST' && call.path.endsWith('share-entries')),
    ).toBe(false);

    // Within what the client knows, the server may still refuse: its words show in the dialog.
    await user.clear(within(dialog).getByLabelText('Number of shares'));
    await user.type(within(dialog).getByLabelText('Number of shares'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByTestId('share-entry-failure')).toHaveTextContent(
      'The transferor holds 0 shares of this class on 2026-03-02; 100 cannot be transferred',
    );
    expect(bodyOf(calls, 'POST', '/api/organization/o1/share-entries')).toMatchObject({
      kind: 'transfer',
      shares: 100,
      fromPeopleId: 'p1',
      toPeopleId: 'p2',
    });
  });

  it('gives the B1 particulars as at the ARD: what is missing, and the PDF', async () => {
    const user = userEvent.setup();
    const calls = mockRegisters({
      'GET /api/organization/o1/annual-return': (call) =>
        call.query.format === 'pdf'
          ? file('b1-2026-12-15.pdf', 'application/pdf')
          : json(200, {
              ok: true,
              data: {
                ard: '2026-12-15',
                filingDeadline: '2027-02-09',
                officers: [],
                members: [],
                shareCapital: [],
                changes: [],
                missing: [
                  'Siobhán Kelly: no date of birth',
                  'Ordinary: members hold 100 shares of 150 issued',
                ],
              },
            }),
    });
    renderApp('/organization/o1/REGISTERS_TAB');

    await user.click(
      await screen.findByRole('button', {
        name: `B1 particulars as at ${formatDate('2026-12-15')}`,
      }),
    );
    const check = await screen.findByTestId('annual-return-check');
    expect(check).toHaveTextContent('to be filed by 09/02/2027');
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Siobhán Kelly: no date of birth',
      'Ordinary: members hold 100 shares of 150 issued',
    ]);
    await waitFor(() => expect(saved).toEqual(['b1-2026-12-15.pdf']));
    expect(
      calls.filter((call) => call.path.endsWith('/annual-return')).map((call) => call.query),
    ).toEqual([{ ard: '2026-12-15' }, { ard: '2026-12-15', format: 'pdf' }]);
  });
});
