import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, validationRefusal } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeLink, signIn } from '../../../test/fixtures';
import { makeOrganization } from '../testFixtures';
import type { Member, Organization } from '../types';
import { choicesOf } from '../../../test/queries';

const SIGNUP_APP = 'https://signup.finotor.test/start';

const director = (firstName: string, lastName: string): Member =>
  makeLink({ peopleId: { _id: 'p1', firstName, lastName }, organizationId: 'o1' });

interface Setup {
  organization?: Partial<Organization>;
  directors?: Member[];
  send?: (call: Call) => Response;
  put?: (call: Call, organization: Organization) => Response;
}

function mockOrganization({
  organization: overrides = {},
  directors = [director('Siobhán', 'Kelly'), director('Mary', "O'Brien")],
  send = () => json(200, { ok: true, data: { _id: 'm1', status: 'queued' } }),
  put = (call, organization) =>
    json(200, { ok: true, data: { ...organization, ...(call.body as object) } }),
}: Setup = {}) {
  const organization = makeOrganization(overrides);
  return mockApi({
    ...signIn(),
    'GET /api/organization/o1': () => json(200, { ok: true, data: organization }),
    // The members tab count asks without roles; the signup section asks for the directors.
    'POST /api/linkpeopleorganization/search': (call) =>
      json(200, {
        ok: true,
        data: (call.body as { roles?: string[] }).roles ? directors : [],
      }),
    'POST /api/organization/send': send,
    'PUT /api/organization/o1': (call) => put(call, organization),
  });
}

const section = () => screen.getByTestId('signup-app');
const sendButton = () => within(section()).getByRole('button', { name: 'Send' });
const linkInput = () => within(section()).getByLabelText('Signup link');
const hints = () =>
  within(screen.getByTestId('signup-link-missing'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openGeneralTab() {
  renderApp('/organization/o1');
  await screen.findByTestId('signup-app');
  // The directors answer arrives after the organization's.
  await waitFor(() => expect(screen.queryByText('Loading the directors...')).toBeNull());
}

beforeEach(() => {
  vi.stubEnv('VITE_SIGNUP_APP_URL', SIGNUP_APP);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('organization general tab: signup app', () => {
  it('without a director, name or mail: link and Send disabled, the hint lists what is missing', async () => {
    mockOrganization({ organization: { name: '  ', mail: null }, directors: [] });
    await openGeneralTab();

    expect(hints()).toEqual(['Director is missing', 'Organization name', 'Organization mail']);
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(
      'Missing: Director is missing; Organization name; Organization mail',
    );
    expect(within(section()).getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(linkInput()).toBeDisabled();
    expect(linkInput()).toHaveValue('');
    expect(screen.getByTestId('signup-app-status')).toHaveTextContent('Not sent');
    expect(screen.getByTestId('signup-app-sent-at')).toHaveTextContent('—');
  });

  it('a director without first or last name is named in the hint', async () => {
    mockOrganization({ directors: [director(' ', '')] });
    await openGeneralTab();

    expect(hints()).toEqual(['Director firstname', 'Director lastname']);
    expect(sendButton()).toBeDisabled();
  });

  it('only the first director counts', async () => {
    mockOrganization({ directors: [director('Siobhán', ''), director('Mary', "O'Brien")] });
    await openGeneralTab();
    expect(hints()).toEqual(['Director lastname']);
  });

  it('with everything present, shows the link and sends template 7 (en), then records it as sent', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization();
    await openGeneralTab();

    expect(screen.queryByTestId('signup-link-missing')).toBeNull();
    const link =
      'https://signup.finotor.test/start?firstname=Siobh%C3%A1n&lastname=Kelly' +
      '&company=Emerald+Isle+Trading+Ltd&email=hello%40emerald.ie&origin=registra';
    expect(linkInput()).toHaveValue(link);
    expect(linkInput()).toBeEnabled();

    await user.click(sendButton());
    expect(await screen.findByText('Signup email sent!')).toBeInTheDocument();

    const send = calls.find((call) => call.path === '/api/organization/send')!;
    expect(send.body).toEqual({
      templateId: 7,
      emailTo: 'hello@emerald.ie',
      params: { firstname: 'Siobhán', signupLink: link },
      // The send is tied to the organization: it shows in its history.
      organizationId: 'o1',
    });
    const put = calls.find((call) => call.method === 'PUT')!;
    // After the send, and only the two fields: the form's unsaved edits are not written.
    expect(calls.indexOf(put)).toBeGreaterThan(calls.indexOf(send));
    expect(Object.keys(put.body as object).sort()).toEqual(['finotor', 'finotorEmailSentAt']);
    const { finotor, finotorEmailSentAt } = put.body as Record<string, string>;
    expect(finotor).toBe('sent');
    expect(new Date(finotorEmailSentAt).toISOString()).toBe(finotorEmailSentAt);

    // The answer is the stored record: status and time show at once.
    expect(screen.getByTestId('signup-app-status')).toHaveTextContent('Sent');
    expect(screen.getByTestId('signup-app-sent-at')).toHaveTextContent(
      /^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2} (AM|PM)$/,
    );
  });

  it('sends template 6 when the organization speaks French', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({ organization: { language: 'fr' } });
    await openGeneralTab();

    await user.click(sendButton());
    expect(await screen.findByText('Signup email sent!')).toBeInTheDocument();
    const send = calls.find((call) => call.path === '/api/organization/send')!;
    expect(send.body).toMatchObject({ templateId: 6 });
  });

  it('shows the sent status and time of a record', async () => {
    mockOrganization({
      organization: { finotor: 'sent', finotorEmailSentAt: '2026-07-31T23:30:00.000Z' },
    });
    await openGeneralTab();
    expect(screen.getByTestId('signup-app-status')).toHaveTextContent('Sent');
    // Dublin is UTC+1 in summer.
    expect(screen.getByTestId('signup-app-sent-at')).toHaveTextContent('01/08/2026 - 12:30 AM');
  });

  it('a failed send says so and records nothing', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({
      send: () => json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' }),
    });
    await openGeneralTab();

    await user.click(sendButton());
    expect(await screen.findByText('Failed to send the Finotorsignup email')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByTestId('signup-app-status')).toHaveTextContent('Not sent');
  });

  it('a failed record of the sending time says so', async () => {
    const user = userEvent.setup();
    mockOrganization({
      put: () => json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' }),
    });
    await openGeneralTab();

    await user.click(sendButton());
    expect(
      await screen.findByText(
        'Failed to update the organization for the Finotor signup email sent at property',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Signup email sent!')).toBeNull();
  });

  it('uses the saved mail, and says so while the form holds another one', async () => {
    const user = userEvent.setup();
    mockOrganization();
    await openGeneralTab();

    await user.clear(screen.getByLabelText('Mail'));
    await user.type(screen.getByLabelText('Mail'), 'new@emerald.ie');
    expect(screen.getByText(/use the saved name, mail and language/)).toBeVisible();
    expect((linkInput() as HTMLInputElement).value).toContain('email=hello%40emerald.ie');
  });

  it('builds no link while the signup app address is not configured', async () => {
    vi.stubEnv('VITE_SIGNUP_APP_URL', '');
    mockOrganization();
    await openGeneralTab();

    expect(screen.getByText(/signup app address is not configured/)).toBeVisible();
    // The setting's name in small print, marked as a code shown on purpose.
    expect(screen.getByText('VITE_SIGNUP_APP_URL')).toHaveAttribute('data-shows-code');
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription('The signup app address is not configured');
  });
});

describe('organization general tab: codes in words', () => {
  it('offers the creation status, package and language in words, and the signup status too', async () => {
    mockOrganization({
      organization: {
        creationStatus: 'IN_PROGRESS',
        creationPackage: 'REAL_ESTATE_PACK',
        finotor: 'not_sent',
      },
    });
    await openGeneralTab();
    expect(choicesOf('Creation status')).toEqual([
      'Not set',
      'In progress',
      'Completed',
      'Strike off',
      'Late',
    ]);
    expect(screen.getByLabelText('Creation status')).toHaveDisplayValue('In progress');
    expect(screen.getByLabelText('Creation package')).toHaveDisplayValue('Real estate pack');
    expect(choicesOf('Language')).toEqual(expect.arrayContaining(['English', 'French']));
    expect(screen.getByTestId('signup-app-status')).toHaveTextContent(/^Not sent$/);
  });

  it('says "Not assessed" for an organization whose AML was never assessed', async () => {
    mockOrganization({ organization: { aml: {} } });
    await openGeneralTab();
    expect(screen.getByTestId('aml-risk-level')).toHaveTextContent(/^Not assessed$/);
  });
});

/** The message the field's aria-errormessage names, which its aria-describedby reads out too. */
function errorMessageOf(field: HTMLElement) {
  const id = field.getAttribute('aria-errormessage');
  expect(id).toBeTruthy();
  expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(id);
  return document.getElementById(id ?? '');
}

describe('organization general tab: country', () => {
  it("the server's refusal of the country is said under the picker, which takes the focus", async () => {
    const user = userEvent.setup();
    // The DTO refuses a country that is not text or is over 100 characters (no list of names).
    const refusal = 'country must be shorter than or equal to 100 characters';
    const calls = mockOrganization({
      put: () => validationRefusal([{ field: 'country', message: refusal }]),
    });
    await openGeneralTab();
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(errorMessageOf(country)).toHaveTextContent(refusal);
    expect(country).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(country).toHaveFocus());

    // Another country is no longer the refused value.
    await user.type(country, 'fran');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    expect(screen.queryByText(refusal)).toBeNull();
    expect(country).toHaveAttribute('aria-invalid', 'false');
  });

  it('a country longer than the server takes (100) is marked under the picker before sending', async () => {
    const user = userEvent.setup();
    // A legacy value from before the list, kept and shown as it is.
    const calls = mockOrganization({ organization: { country: 'x'.repeat(101) } });
    await openGeneralTab();
    const country = screen.getByRole('combobox', { name: 'Country' });

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(country).toHaveAttribute('aria-invalid', 'true'));
    expect(errorMessageOf(country)).toHaveTextContent('At most 100 characters');
    await waitFor(() => expect(country).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('organization general tab: a registered-office change already filed', () => {
  it('offers "already filed" only once the address changes, and sends it with the change', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({ organization: { address: '1 Main Street, Dublin 2' } });
    await openGeneralTab();
    const filed = /Registered-office change already filed/;
    expect(screen.queryByRole('checkbox', { name: filed })).toBeNull();

    const address = screen.getByLabelText('Address');
    await user.clear(address);
    await user.type(address, '2 Harbour Road, Cork');
    await user.click(screen.getByRole('checkbox', { name: filed }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      address: '2 Harbour Road, Cork',
      alreadyFiled: true,
    });
    // Saved: the choice went with that change, and the box goes with it.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: filed })).toBeNull());
  });

  it('sends no "already filed" when the address stays as it was', async () => {
    const user = userEvent.setup();
    const calls = mockOrganization({ organization: { address: '1 Main Street, Dublin 2' } });
    await openGeneralTab();
    await user.type(screen.getByLabelText('Name'), ' Group');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('alreadyFiled');
  });
});
