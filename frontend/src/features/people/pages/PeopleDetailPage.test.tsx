import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aoife, json, mockApi, renderApp, validationRefusal } from '../../../test/render';
import type { Call } from '../../../test/render';
import type { PersonLink } from '../api';
import { installFakeXhr, uploadAnswer } from '../../../test/fakeXhr';
import { listAnswer, makeLink, makePerson, signIn, withFiles } from '../../../test/fixtures';
import { stubSmallScreen } from '../../../test/matchMedia';
import { createThroughDialog, unlinkAndConfirm } from '../../../test/linkDialogs';
import type { AttachedFile, Person } from '../../../types/records';
import { expectLinks } from '../../../test/queries';

const person = makePerson();

const acme: PersonLink = makeLink(
  { peopleId: 'p1', organizationId: { _id: 'o1', name: 'Acme Trading Limited' } },
  { roles: ['director', 'shareholder'], beneficiaryPercentage: 60 },
);

const conflict = () =>
  json(409, {
    ok: false,
    code: 'VERSION_CONFLICT',
    message: 'This record was changed by someone else.',
  });

/**
 * The person's page whose Update is refused as a conflict: the page loads `current()`, the
 * version someone else may save meanwhile.
 */
function mockConflictingUpdate(current: () => Person) {
  return mockApi({
    ...signIn(),
    'GET /api/people/p1': () => json(200, { ok: true, data: current() }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    'PUT /api/people/p1': conflict,
  });
}

function mockPerson(
  extra: Record<string, (call: Call) => Response> = {},
  links: PersonLink[] = [],
) {
  return mockApi({
    ...signIn(),
    'GET /api/people/p1': () => json(200, { ok: true, data: person }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: links }),
    ...extra,
  });
}

describe('person detail: information form', () => {
  it('shows the header dates and the AML reminder 3 months after the AML date', async () => {
    mockPerson();
    renderApp('/people/p1');

    expect(await screen.findByRole('heading', { name: 'Siobhán Kelly' })).toBeVisible();
    expect(screen.getByText('Last updated:')).toHaveTextContent('Last updated: 01/02/2026');
    expect(screen.getByText('Created at:')).toHaveTextContent('Created at: 10/01/2026');
    // 31 January + 3 months clamps to the end of April.
    expect(screen.getByLabelText('AML reminder')).toHaveValue('30/04/2026');
    for (const section of ['Personal details', 'AML', 'Address', 'Additional information']) {
      expect(screen.getByRole('group', { name: section })).toBeVisible();
    }
  });

  it('on a phone the tab opened by the address is scrolled into the row of tabs once loaded', async () => {
    const restore = stubSmallScreen(true);
    const scrolled: string[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: vi.fn(function (this: HTMLElement) {
        scrolled.push(this.textContent ?? '');
      }),
    });
    try {
      mockPerson();
      renderApp('/people/p1/RAW_DATA');
      await screen.findByRole('heading', { name: 'Siobhán Kelly' });
      await waitFor(() => expect(scrolled).toEqual(['Raw Data']));
    } finally {
      restore();
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('shows a nationality stored lower-case as a name, and saves it as shown', async () => {
    const user = userEvent.setup();
    const calls = mockPerson({
      'GET /api/people/p1': () =>
        json(200, { ok: true, data: { ...person, nationality: 'irish', country: 'ireland' } }),
      'PUT /api/people/p1': () => json(200, { ok: true, data: person }),
    });
    renderApp('/people/p1');

    expect(await screen.findByLabelText('Nationality')).toHaveValue('Irish');
    // Country and address country, both 'ireland'.
    expect(screen.getAllByText('Ireland')).toHaveLength(2);
    // Another edit saved: the nationality goes as the field shows it.
    await user.type(screen.getByLabelText('Phone'), '1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      nationality: 'Irish',
    });
  });

  it('a comment over 10,000 characters is marked under its field and not sent', async () => {
    const user = userEvent.setup();
    const calls = mockPerson();
    renderApp('/people/p1');
    const comments = await screen.findByLabelText('Comments');
    await user.click(comments);
    await user.paste('x'.repeat(26_000));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('At most 10,000 characters')).toBeVisible();
    expect(comments).toHaveClass('is-invalid');
    await waitFor(() => expect(comments).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('a field the server refuses is marked under itself', async () => {
    const user = userEvent.setup();
    mockPerson({
      'PUT /api/people/p1': () =>
        validationRefusal([{ field: 'lastName', message: 'lastName cannot be empty' }]),
    });
    renderApp('/people/p1');
    const lastName = await screen.findByLabelText('Last Name');
    await user.clear(lastName);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('lastName cannot be empty')).toBeVisible();
    await waitFor(() => expect(lastName).toHaveFocus());
  });

  it("a deleted person's address says so, with Activity to restore it for an administrator", async () => {
    localStorage.setItem('token', 'stored');
    const gone = () =>
      json(404, {
        ok: false,
        code: 'NOT_FOUND',
        message: 'Person not found: it was deleted',
        deleted: true,
      });
    mockApi({
      'GET /api/user/signin_token': () =>
        json(200, { ok: true, token: 'fresh', data: { ...aoife, role: 'admin' } }),
      'GET /api/people/p1': gone,
    });
    const { router } = renderApp('/people/p1');
    expect(await screen.findByRole('heading', { name: 'This person was deleted' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/people/p1');
    expectLinks(document.body, {
      'Back to the people': '/people',
      'Restore it from Activity': '/activity?recordType=people',
    });
  });

  it('a staff member who is not an administrator is not offered the restore', async () => {
    mockApi({
      ...signIn(),
      'GET /api/people/p1': () =>
        json(404, { ok: false, code: 'NOT_FOUND', message: 'gone', deleted: true }),
    });
    renderApp('/people/p1');
    expect(await screen.findByRole('heading', { name: 'This person was deleted' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Restore it from Activity' })).toBeNull();
  });

  it('Update sends the whole form with the loaded updatedAt', async () => {
    const user = userEvent.setup();
    const calls = mockPerson({
      'PUT /api/people/p1': () =>
        json(200, { ok: true, data: { ...person, phone: '+353 1 234 5678' } }),
    });
    renderApp('/people/p1');

    await user.type(await screen.findByLabelText('Phone'), '+353 1 234 5678');
    await user.click(screen.getByRole('switch', { name: 'PEP' }));
    await user.clear(screen.getByLabelText('City'));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    // Every field of the form as loaded (with its version), but the three changed.
    const { _id, attachedFiles, files, createdAt, deletedAt, ...loaded } = person;
    expect(put?.body).toEqual({
      ...loaded,
      phone: '+353 1 234 5678',
      addressCity1: null,
      pep: true,
    });
  });

  it('on 409 VERSION_CONFLICT keeps the typed value, explains, and Reload loads the new version', async () => {
    const user = userEvent.setup();
    let version = person;
    const calls = mockConflictingUpdate(() => version);
    renderApp('/people/p1');

    await user.type(await screen.findByLabelText('Phone'), '087 111 2222');
    // Someone else saves meanwhile.
    version = { ...person, phone: '01 999 0000', updatedAt: '2026-02-02T08:00:00.000Z' };
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(
      await screen.findByText(
        'Someone else changed this record since you opened it. Your changes are kept below.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveValue('087 111 2222');
    expect(screen.queryByText('Updated!')).not.toBeInTheDocument();

    const gets = () =>
      calls.filter((call) => call.method === 'GET' && call.path === '/api/people/p1');
    expect(gets()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('01 999 0000'));
    expect(gets()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('Delete asks "Are you sure?", deletes and lands on /people', async () => {
    const user = userEvent.setup();
    const calls = mockPerson({
      'DELETE /api/people/p1': () => json(200, { ok: true, data: null }),
      'POST /api/people/search': () => json(200, listAnswer([])),
    });
    const { router } = renderApp('/people/p1');

    // A dirty form must not stop the navigation after a deletion.
    await user.type(await screen.findByLabelText('Phone'), '1');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/people'));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/people/p1')).toBe(
      true,
    );
  });

  it('asks before leaving with unsaved changes, but not when switching tabs', async () => {
    const user = userEvent.setup();
    mockPerson({ 'POST /api/people/search': () => json(200, listAnswer([])) });
    const { router } = renderApp('/people/p1');

    await user.type(await screen.findByLabelText('Phone'), '1');
    await user.click(screen.getByRole('tab', { name: 'Raw Data' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/p1/RAW_DATA'));
    expect(screen.getByTestId('raw-data')).toHaveTextContent('"firstName": "Siobhán"');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to leave this page without saving?'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/people/p1/RAW_DATA');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/people'));
  });
});

describe('person detail: organizations tab', () => {
  it('lists the links with role badges and the beneficiary %', async () => {
    mockPerson({}, [acme]);
    renderApp('/people/p1/ORGANIZATION_TAB');

    const card = await screen.findByRole('article', { name: 'Acme Trading Limited' });
    expectLinks(card, { 'Acme Trading Limited': '/organization/o1' });
    expect(within(card).getByText('Director')).toBeVisible();
    expect(within(card).getByText('Beneficiary: 60%')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Organizations 1/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('links an organization through the picker, 5 per page, and reports an existing link', async () => {
    const user = userEvent.setup();
    let linkAnswer = () => json(200, { ok: true, data: { ...acme, organizationId: 'o2' } });
    const calls = mockPerson({
      'POST /api/organization/search': (call) =>
        json(200, {
          ...listAnswer(
            (call.body as { search: string }).search === 'zzz'
              ? []
              : [{ _id: 'o2', name: 'Beta Holdings' }],
          ),
        }),
      'POST /api/linkpeopleorganization': () => linkAnswer(),
    });
    renderApp('/people/p1/ORGANIZATION_TAB');

    await user.click(await screen.findByRole('button', { name: 'Link Organization' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Beta Holdings')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/organization/search')?.body).toEqual({
      search: '',
      page: 1,
      limit: 5,
      sortField: 'name',
      sortOrder: 'asc',
      picker: true,
    });

    await user.type(within(dialog).getByRole('searchbox'), 'zzz');
    expect(await within(dialog).findByText('No organizations found')).toBeVisible();
    await user.clear(within(dialog).getByRole('searchbox'));
    await user.click(await within(dialog).findByRole('button', { name: 'Link' }));

    expect(await screen.findByText('Added!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/linkpeopleorganization')?.body).toEqual({
      peopleId: 'p1',
      organizationId: 'o2',
    });

    linkAnswer = () =>
      json(409, { ok: false, code: 'LINK_ALREADY_EXISTS', message: 'Already linked' });
    await user.click(screen.getByRole('button', { name: 'Link Organization' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Link' }),
    );
    expect(
      await screen.findByText('This person is already linked to this organization'),
    ).toBeInTheDocument();
  });

  it('edits roles (0 % unless shareholder) and unlinks after confirmation', async () => {
    const user = userEvent.setup();
    const calls = mockPerson(
      {
        'PUT /api/linkpeopleorganization/l1': () => json(200, { ok: true, data: acme }),
        'DELETE /api/linkpeopleorganization/l1': () => json(200, { ok: true, data: null }),
      },
      [acme],
    );
    renderApp('/people/p1/ORGANIZATION_TAB');

    await user.click(await screen.findByRole('button', { name: 'Edit Roles' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Beneficiary %')).toHaveValue(60);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Shareholder' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Secretary' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      roles: ['director', 'secretary'],
      beneficiaryPercentage: 0,
    });

    await unlinkAndConfirm(user, calls);
  });

  it('"New Organization" creates it, links the person with the roles and opens it', async () => {
    const user = userEvent.setup();
    const calls = mockPerson({
      'POST /api/organization': () =>
        json(200, { ok: true, data: { _id: 'o7', name: 'Gamma Limited' } }),
      'POST /api/linkpeopleorganization': () => json(200, { ok: true, data: acme }),
      'GET /api/organization/o7': () =>
        json(200, { ok: true, data: { _id: 'o7', name: 'Gamma Limited' } }),
    });
    const { router } = renderApp('/people/p1/ORGANIZATION_TAB');

    await user.click(await screen.findByRole('button', { name: 'New Organization' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Gamma Limited');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Shareholder' }));
    await user.clear(within(dialog).getByLabelText('Beneficiary %'));
    await user.type(within(dialog).getByLabelText('Beneficiary %'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Organization Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/o7'));
    expect(calls.find((call) => call.path === '/api/organization')?.body).toEqual({
      name: 'Gamma Limited',
    });
    expect(calls.find((call) => call.path === '/api/linkpeopleorganization')?.body).toEqual({
      peopleId: 'p1',
      organizationId: 'o7',
      roles: ['shareholder'],
      beneficiaryPercentage: 25,
    });
  });

  it('"New Organization" failure shows the message', async () => {
    const user = userEvent.setup();
    mockPerson({
      'POST /api/organization': () =>
        json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'name is too long' }),
    });
    renderApp('/people/p1/ORGANIZATION_TAB');

    await createThroughDialog(user, 'New Organization', { Name: 'X' });
    expect(await screen.findByText('name is too long')).toBeInTheDocument();
  });
});

describe('person detail: files tab', () => {
  const passport: AttachedFile = {
    url: '/api/file/f1',
    folder: 'people/p1',
    fileName: 'passport.pdf',
    size: 204800,
    contentType: 'application/pdf',
    uploadedBy: 'Aoife Murphy',
    uploadedAt: '2026-02-01T10:00:00.000Z',
  };
  const proof: AttachedFile = { ...passport, url: '/api/file/f9', fileName: 'proof.pdf' };
  const afterUpload = {
    ...withFiles([passport, proof]),
    updatedAt: '2026-02-03T09:00:00.000Z',
  };

  async function upload(user: ReturnType<typeof userEvent.setup>) {
    const sent = installFakeXhr();
    await user.upload(
      screen.getByLabelText('Upload a file'),
      new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    return sent[0];
  }

  it('counts the files in the tab, lists them, and an upload into people/{id} refetches the person', async () => {
    const user = userEvent.setup();
    let version = makePerson(withFiles([passport]));
    const calls = mockApi({
      ...signIn(),
      'GET /api/people/p1': () => json(200, { ok: true, data: version }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/people/p1');

    await screen.findByRole('heading', { name: 'Siobhán Kelly' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Information',
      'Files 1',
      'Organizations 0',
      'History',
      'Raw Data',
    ]);
    await user.click(screen.getByRole('tab', { name: /^Files/ }));
    expect(router.state.location.pathname).toBe('/people/p1/ATTACHEDFILES_PEOPLE_TAB');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTitle('passport.pdf')).toBeVisible();

    const request = await upload(user);
    expect(request.field('folder')).toBe('people/p1');
    version = makePerson(afterUpload);
    await act(async () => request.respond(200, uploadAnswer('proof.pdf', 'people/p1')));

    expect(await screen.findByTitle('proof.pdf')).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Files/ })).toHaveTextContent('Files 2');
    expect(screen.getByText('Last updated:')).toHaveTextContent('03/02/2026');
    expect(calls.filter((call) => call.path === '/api/people/p1')).toHaveLength(2);
  });

  it('an upload does not wipe unsaved edits: their Update meets the 409 flow', async () => {
    const user = userEvent.setup();
    let version = makePerson(withFiles([passport]));
    const calls = mockConflictingUpdate(() => version);
    renderApp('/people/p1');

    await user.type(await screen.findByLabelText('Phone'), '087 111 2222');
    await user.click(screen.getByRole('tab', { name: /^Files/ }));
    const request = await upload(user);
    version = makePerson(afterUpload);
    await act(async () => request.respond(200, uploadAnswer('proof.pdf', 'people/p1')));
    expect(await screen.findByTitle('proof.pdf')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Information' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('087 111 2222');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(/Someone else changed this record/)).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT')?.body as { updatedAt: string };
    expect(put.updatedAt).toBe('2026-02-01T10:00:00.000Z');
    expect(screen.getByLabelText('Phone')).toHaveValue('087 111 2222');

    // Reload takes the version with the new file, and the form is clean again.
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue(''));
    expect(screen.queryByText(/Someone else changed this record/)).not.toBeInTheDocument();
  });
});

describe('person detail: the country pickers as fields', () => {
  /** The message the field's aria-errormessage names, which its aria-describedby reads out too. */
  const errorMessageOf = (field: HTMLElement) => {
    const id = field.getAttribute('aria-errormessage') ?? '';
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(id);
    return document.getElementById(id);
  };

  it("the server's refusal of the address country is said under its picker, which takes the focus", async () => {
    const user = userEvent.setup();
    // The DTO refuses a country that is not text or is over 200 characters (no list of names).
    const refusal = 'addressCountry1 must be shorter than or equal to 200 characters';
    mockPerson({
      'PUT /api/people/p1': () =>
        validationRefusal([{ field: 'addressCountry1', message: refusal }]),
    });
    renderApp('/people/p1');
    const addressCountry = await screen.findByRole('combobox', { name: 'Address country' });
    await user.type(screen.getByLabelText('Phone'), '1');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(errorMessageOf(addressCountry)).toHaveTextContent(refusal);
    expect(addressCountry).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    await waitFor(() => expect(addressCountry).toHaveFocus());
  });

  it('a country longer than the server takes (200) is marked under its picker and not sent', async () => {
    const user = userEvent.setup();
    const calls = mockPerson({
      'GET /api/people/p1': () =>
        json(200, { ok: true, data: { ...person, country: 'x'.repeat(201) } }),
    });
    renderApp('/people/p1');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(country).toHaveAttribute('aria-invalid', 'true'));
    expect(errorMessageOf(country)).toHaveTextContent('At most 200 characters');
    await waitFor(() => expect(country).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
