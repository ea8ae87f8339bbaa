import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyPublicFormPerson } from '@registra/domain';
import type { FormListRow, FormView } from '@registra/domain';
import { listAnswer, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import { expectLinks } from '../../../test/queries';

const row = (overrides: Partial<FormListRow> = {}): FormListRow => ({
  _id: 'f1',
  organizationName1: 'Emerald Consulting',
  organizationName2: 'Shamrock Advisory',
  organizationName3: 'Liffey Partners',
  description: 'Conseil',
  members: 2,
  directors: 'Aoife Murphy',
  organizationId: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const view = (overrides: Partial<FormView> = {}): FormView => ({
  _id: 'f1',
  organizationName1: 'Emerald Consulting',
  organizationName2: 'Shamrock Advisory',
  organizationName3: 'Liffey Partners',
  description: 'Conseil',
  IDPAL: true,
  secretaryCompany: false,
  anonymeShareholder: false,
  peoples: [
    {
      ...emptyPublicFormPerson(),
      roles: ['director', 'shareholder'],
      beneficiaryPercentage: 100,
      firstName: 'Aoife',
      lastName: 'Murphy',
    },
  ],
  organizationId: null,
  convertedAt: null,
  kept: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

describe('/form (staff)', () => {
  it('lists the requests with Members and Directors; a row opens the request', async () => {
    const calls = mockApi({
      ...signIn(),
      'POST /api/form/search': () => json(200, listAnswer([row()])),
      'GET /api/form/f1': () => json(200, { ok: true, data: view() }),
    });
    const { router } = renderApp('/form');
    const link = await screen.findByRole('link', { name: 'Emerald Consulting' });
    const line = link.closest('tr')!;
    expect(line).toHaveTextContent('Liffey Partners');
    expect(line).toHaveTextContent('20/11/2026');
    expect(line).toHaveTextContent('Aoife Murphy');
    expectLinks(document.body, { 'Access the form': '/publicform' });
    expect(calls.find((call) => call.path === '/api/form/search')?.body).toMatchObject({
      sortField: 'createdAt',
      sortOrder: 'desc',
      page: 1,
    });
    await userEvent.click(line);
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/f1'));
    expect(await screen.findByRole('heading', { name: 'Emerald Consulting' })).toBeVisible();
  });

  it('keeps a request past the prospect period with its switch, and stops keeping it', async () => {
    let stored = view();
    const calls = mockApi({
      ...signIn(),
      'GET /api/form/f1': () => json(200, { ok: true, data: stored }),
      'PUT /api/form/f1/keep': (call) => {
        stored = { ...stored, kept: (call.body as { kept: boolean }).kept };
        return json(200, { ok: true, data: stored });
      },
    });
    renderApp('/form/f1');
    const keep = await screen.findByRole('switch', { name: 'Keep this request' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      /erased by itself once unchanged for the prospect period/,
    );
    await userEvent.click(keep);
    expect(await screen.findByText('The request is kept.')).toBeInTheDocument();
    await waitFor(() => expect(keep).toBeChecked());
    await userEvent.click(keep);
    expect(await screen.findByText('The request is no longer kept.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/form/f1/keep').map((call) => call.body),
    ).toEqual([{ kept: true }, { kept: false }]);
  });

  it('a request that became a client has no keep switch', async () => {
    mockApi({
      ...signIn(),
      'GET /api/form/f1': () =>
        json(200, {
          ok: true,
          data: view({ organizationId: 'o1', convertedAt: '2026-11-22T09:00:00.000Z' }),
        }),
    });
    renderApp('/form/f1');
    expect(await screen.findByRole('heading', { name: 'Emerald Consulting' })).toBeVisible();
    expect(screen.queryByRole('switch', { name: 'Keep this request' })).toBeNull();
  });

  it('edits the request (name 1 required), then turns it into a client and links to it', async () => {
    let stored = view();
    const calls = mockApi({
      ...signIn(),
      'GET /api/form/f1': () => json(200, { ok: true, data: stored }),
      'PUT /api/form/f1': (call) => {
        stored = {
          ...stored,
          ...(call.body as Partial<FormView>),
          updatedAt: '2026-11-22T09:00:00.000Z',
        };
        return json(200, { ok: true, data: stored });
      },
      'GET /api/form/f1/conversion': () =>
        json(200, {
          ok: true,
          data: {
            organizationName: 'Emerald Isle Consulting',
            people: 3,
            reused: 1,
            links: 3,
            followUp: 'INCORPORATION',
          },
        }),
      'POST /api/form/f1/convert': () => {
        stored = { ...stored, organizationId: 'o9' };
        return json(200, {
          ok: true,
          data: {
            organizationId: 'o9',
            organizationName: 'Emerald Consulting',
            people: [{ _id: 'p1', firstName: 'Aoife', lastName: 'Murphy', reused: true }],
            followUpId: 'fu1',
          },
        });
      },
    });
    renderApp('/form/f1/INFORMATION');
    const name1 = await screen.findByLabelText(/^Organization name 1/);
    await userEvent.clear(name1);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Organization name 1 is required')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.type(name1, 'Emerald Isle Consulting');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      organizationName1: 'Emerald Isle Consulting',
      updatedAt: '2026-11-21T09:00:00.000Z',
      peoples: [{ firstName: 'Aoife', beneficiaryPercentage: 100 }],
    });

    const person = screen.getByRole('region', { name: 'Aoife Murphy' });
    expect(within(person).getByLabelText('Beneficiary percentage')).toHaveValue(100);

    // First the question, with what the server plans; Cancel creates nothing.
    await userEvent.click(await screen.findByRole('button', { name: 'Create the organization' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create the organization?' });
    expect(await within(dialog).findByTestId('conversion-preview')).toHaveTextContent(
      [
        'The organization “Emerald Isle Consulting”',
        '3 people, of which 1 existing person reused (same name) and 2 new',
        '3 links between the organization and its people',
        // The follow-up by its catalogue name, not its code.
        'The Incorporation follow-up',
      ].join(''),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.path.endsWith('/convert'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Create the organization' }));
    dialog = await screen.findByRole('dialog', { name: 'Create the organization?' });
    await within(dialog).findByTestId('conversion-preview');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the organization' }));
    expect(await screen.findByRole('link', { name: 'Open the organization' })).toHaveAttribute(
      'href',
      '/organization/o9',
    );
    expect(screen.queryByRole('button', { name: 'Create the organization' })).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/convert'))).toHaveLength(1);
  });

  it('marks the fields the server refused under themselves and focuses the first', async () => {
    mockApi({
      ...signIn(),
      'GET /api/form/f1': () => json(200, { ok: true, data: view() }),
      'PUT /api/form/f1': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'Some fields are invalid',
          details: [
            { field: 'peoples.0.city', message: 'city is longer than 200 characters' },
            { field: 'description', message: "description cannot contain '<' or '>'" },
          ],
        }),
    });
    renderApp('/form/f1/INFORMATION');
    const description = await screen.findByLabelText(/^Description/);
    await userEvent.type(description, ' <b>');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText("description cannot contain '<' or '>'")).toBeVisible();
    const person = screen.getByRole('region', { name: 'Aoife Murphy' });
    expect(within(person).getByText('city is longer than 200 characters')).toBeVisible();
    expect(within(person).getByLabelText('City')).toHaveClass('is-invalid');
    await waitFor(() => expect(description).toHaveFocus());
  });
});
