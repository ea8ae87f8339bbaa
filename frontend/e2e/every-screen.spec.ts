import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { E2E_SIGNUP_CODE } from '../playwright.config';
import { E2E_ADMIN, E2E_PASSWORD } from './support';
import {
  AXE_SOURCE,
  axeFaults,
  inPageFaults,
  layoutSignature,
  settled,
  watchChanges,
} from './screen-checks';

// One walk of every route of the client's route table, at the window sizes staff use, checking
// what every screen owes (ADR 0132): nothing wider than the window, words instead of codes, no
// serious accessibility fault, no console error, no server failure.

/** The windows: the usual laptop and desktop sizes, and a phone. */
const DESKTOP_SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
const PHONE_SIZE = { width: 390, height: 844 };

/**
 * Upper-case words that are not codes: real acronyms (the firm's and the state's: AML with its KYC
 * and EDD, the data-protection law's GDPR, CRO and its CORE filing system, RBO, PPS, ARD, AR, the B1/B73 forms, EORI, IBAN, BIC,
 * VAT, VIF, PEP, IPN, ID; formats: CSV, PDF, UTF-8; AM/PM in times), names written in capitals
 * (the group's NEOTORIA and NEO CIRCLE, the IDPAL identity check and the French KBIS extract as the
 * public form spells them), and the few words the product's spec writes in capitals (a past
 * reminder's LATE, the VIF column's ON/OFF, the sign-up app filter's OK).
 */
const ACRONYMS = [
  ...['AML', 'KYC', 'EDD', 'GDPR', 'CRO', 'CORE', 'RBO', 'PPS', 'ARD', 'AR', 'B1', 'B73'],
  ...['EORI', 'IBAN', 'BIC', 'VAT', 'VIF', 'PEP', 'IPN', 'ID', 'CSV', 'PDF', 'UTF', 'AM', 'PM'],
  ...['NEOTORIA', 'NEO', 'CIRCLE', 'IDPAL', 'KBIS'],
  ...['LATE', 'ON', 'OFF', 'OK'],
];

/**
 * Where content may be wider than the window: a frame that scrolls sideways inside itself (a
 * table on a phone, a record's row of tabs), marked as such.
 */
const SCROLL_FRAMES = '.table-responsive, [data-scroll-frame]';
/** Where codes are shown on purpose: an error code in small print under its sentence, raw data. */
const SHOWS_CODES = '[data-shows-code]';

// ---------------------------------------------------------------- the route table

const SRC = join(import.meta.dirname, '../src');

/**
 * Every path of the client's route table, read from the router and each feature's routes.tsx:
 * `index: true` is `/`, the others `/<path>` (every route hangs under `/`). A path that is not a
 * string literal cannot be read, and fails the walk rather than being left out.
 */
function routeTablePaths(): string[] {
  const features = join(SRC, 'features');
  const files = [
    join(SRC, 'app/router.tsx'),
    ...readdirSync(features)
      .map((feature) => join(features, feature, 'routes.tsx'))
      .filter((file) => existsSync(file)),
  ];
  const paths = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bpath:\s*(.)/g)) {
      const literal = /^path:\s*'([^']*)'/.exec(source.slice(match.index));
      if (!literal) {
        const line = source.slice(0, match.index).split('\n').length;
        throw new Error(
          `${relative(SRC, file)}:${line}: a route path the walk cannot read; write it as a string literal`,
        );
      }
      // The root route holds the others; its own screen is the index route.
      if (literal[1] !== '/') paths.add(`/${literal[1]}`);
    }
    if (/\bindex:\s*true\b/.test(source)) paths.add('/');
  }
  return [...paths].sort();
}

// ---------------------------------------------------------------- the records walked

interface Records {
  organizationId: string;
  personId: string;
  taskId: string;
  orderId: string;
  formId: string;
}

/** What the walk visits for each path of the route table, and where each visit should land. */
interface Visit {
  /** Visited before signing in (the sign-in area sends a signed-in visitor home). */
  signedOut?: boolean;
  /** The addresses visited for the route. */
  to: (records: Records) => string[];
  /** A record's page: each of its tabs is visited too, read from its tab list. */
  tabs?: boolean;
  /** Where the visit lands when it is not the address itself. */
  landsOn?: string;
}

const WALK: Record<string, Visit> = {
  '/auth/signin': { signedOut: true, to: () => ['/auth/signin'] },
  '/signin': { signedOut: true, to: () => ['/signin'] },
  '/auth/signup': { signedOut: true, to: () => ['/auth/signup'] },
  '/signup': { signedOut: true, to: () => ['/signup'] },
  '/auth/forgot-password': { signedOut: true, to: () => ['/auth/forgot-password'] },
  // With a token, as from the mail: the form to choose a password.
  '/reset-password': { signedOut: true, to: () => ['/reset-password?token=walk'] },
  '/publicform': { signedOut: true, to: () => ['/publicform'] },
  '/publicform/validate': { signedOut: true, to: () => ['/publicform/validate'] },
  '/': { to: () => ['/'] },
  '/organization': { to: () => ['/organization'] },
  '/organization/:id/:tab?': { to: (r) => [`/organization/${r.organizationId}`], tabs: true },
  '/followUp/*': { to: () => ['/followUp'] },
  '/calendar': { to: () => ['/calendar'] },
  '/overview': { to: () => ['/overview'] },
  '/people': { to: () => ['/people'] },
  '/people/:id/:tab?': { to: (r) => [`/people/${r.personId}`], tabs: true },
  '/task/:id?': { to: (r) => ['/task', `/task/${r.taskId}`] },
  '/form': { to: () => ['/form'] },
  '/form/:id/:tab?': { to: (r) => [`/form/${r.formId}`], tabs: true },
  '/order': { to: () => ['/order'] },
  '/order/:id/:tab?': { to: (r) => [`/order/${r.orderId}`], tabs: true },
  '/subscription': { to: () => ['/subscription'] },
  '/email': { to: () => ['/email'] },
  '/account': { to: () => ['/account'] },
  '/activity': { to: () => ['/activity'] },
  '/import': { to: () => ['/import'] },
  '/users': { to: () => ['/users'] },
  '/retention': { to: () => ['/retention'] },
  // An unknown address goes home.
  '/*': { to: () => ['/no-such-screen'], landsOn: '/' },
};

/** The administrator's session token (the walk sees the administrators' pages too). */
async function signIn(request: APIRequestContext): Promise<string> {
  const signup = await request.post('/api/user/signup', {
    data: { ...E2E_ADMIN, password: E2E_PASSWORD, secretCode: E2E_SIGNUP_CODE },
  });
  // 409: an earlier walk signed the administrator up already.
  expect([200, 409]).toContain(signup.status());
  const signin = await request.post('/api/user/signin', {
    data: { email: E2E_ADMIN.email, password: E2E_PASSWORD },
  });
  expect(signin.ok()).toBe(true);
  return ((await signin.json()) as { token: string }).token;
}

/**
 * One record of each kind a route shows by id, made through the API and filled as staff fill
 * them (an organization with a director, services and a follow-up, its order and subscription, a
 * task on both, a company-creation request), so that their pages show what they hold.
 */
async function createRecords(request: APIRequestContext, token: string): Promise<Records> {
  const headers = { Authorization: `JWT ${token}` };
  const tag = Date.now().toString(36);
  const call = async (method: 'post' | 'put' | 'get', path: string, data?: object) => {
    const answer = await request[method](`/api${path}`, { headers, data });
    expect(answer.ok(), `${method.toUpperCase()} ${path}: ${await answer.text()}`).toBe(true);
    return ((await answer.json()) as { data: Record<string, unknown> & { _id: string } }).data;
  };
  const me = await call('get', '/user/signin_token');
  const user = { userId: me._id, userName: `${E2E_ADMIN.firstName} ${E2E_ADMIN.lastName}` };

  const name = `Walk ${tag} Trading Ltd`;
  const organization = await call('post', '/organization', { name });
  await call('put', `/organization/${organization._id}`, {
    mail: `accounts.${tag}@walk.test`,
    cro: '712345',
    language: 'en',
    creationStatus: 'IN_PROGRESS',
    creationPackage: 'PREMIUM_PACK',
    incorporationDate: '2025-03-14',
    businessActivity: 'Software consultancy',
    country: 'Ireland',
    domiciliationSubscription: '2025-04-01',
    users: [user],
  });
  const person = await call('post', '/people', {
    firstName: 'Aoife',
    lastName: `Walsh ${tag}`,
    mail: `aoife.${tag}@walk.test`,
  });
  await call('post', '/linkpeopleorganization', {
    peopleId: person._id,
    organizationId: organization._id,
    roles: ['director', 'shareholder'],
    beneficiaryPercentage: 60,
  });
  await call('post', '/followUp', { name: 'AR_TRADING', organization_id: organization._id });
  const task = await call('post', '/task', { title: `Send the bank mandate ${tag}` });
  await call('put', `/task/${task._id}`, {
    title: `Send the bank mandate ${tag}`,
    status: 'IN PROGRESS',
    users: [{ userId: me._id }],
    organizationId: organization._id,
    peopleId: person._id,
  });
  const product = await call('post', '/product', { name: `Formation ${tag}`, subscription: false });
  const order = await call('post', '/order', {
    organizationId: organization._id,
    productId: product._id,
    dateOrder: '2026-02-02',
    totalPaid: 120.5,
  });
  const service = await call('post', '/product', {
    name: `Domiciliation ${tag}`,
    subscription: true,
  });
  await call('post', '/subscription', {
    organizationId: organization._id,
    productId: service._id,
    plan: 12,
    startingDate: '2026-01-01',
  });
  const applicant = {
    personType: 'naturalPerson',
    mail: `ciara.${tag}@walk.test`,
    phone: '+353 1 555 0101',
    birth: '1985-04-12',
    nationality: 'Irish',
    street: '12 Harbour Road',
    city: 'Dublin',
    state: 'Leinster',
    country: 'Ireland',
    zip: 'D02 5XY4',
  };
  const requested = await request.post('/api/form', {
    data: {
      organizationName1: `Walk ${tag} Software Ltd`,
      organizationName2: `Walk ${tag} Digital Ltd`,
      organizationName3: `Walk ${tag} Systems Ltd`,
      description: 'Conseil en informatique',
      IDPAL: true,
      secretaryCompany: false,
      anonymeShareholder: false,
      peoples: [
        {
          ...applicant,
          roles: ['director', 'shareholder'],
          beneficiaryPercentage: 100,
          firstName: 'Ciara',
          lastName: `Nolan ${tag}`,
        },
        {
          ...applicant,
          roles: ['secretary'],
          beneficiaryPercentage: 0,
          firstName: 'Eoin',
          lastName: `Nolan ${tag}`,
        },
      ],
    },
  });
  expect(requested.ok(), await requested.text()).toBe(true);
  const found = await request.post('/api/form/search', {
    headers,
    data: { search: `Walk ${tag} Software` },
  });
  const [form] = ((await found.json()) as { data: Array<{ _id: string }> }).data;
  return {
    organizationId: organization._id,
    personId: person._id,
    taskId: task._id,
    orderId: order._id,
    formId: form._id,
  };
}

// ---------------------------------------------------------------- the walk

/** One fault of one screen, at the sizes it was found at. */
interface Fault {
  kind: 'overflow' | 'code' | 'axe' | 'console' | 'server' | 'address';
  detail: string;
}

/** "1280x720/organization/…/NOTES_TAB" as a screenshot's file name. */
const fileName = (size: string, address: string) =>
  `${size}${address.replace(/\?.*$/, '').replace(/[^a-zA-Z0-9_-]+/g, '-')}`.replace(/-$/, '');

let records: Records | undefined;
let token = '';

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  token = await signIn(request);
  records = await createRecords(request, token);
  await request.dispose();
});

test('the walk visits every route of the route table', () => {
  expect(Object.keys(WALK).sort()).toEqual(routeTablePaths());
});

/**
 * Walks every screen in one window (one session): each screen is opened once and checked at each
 * size, the window resized between them.
 */
async function walkEveryScreen(
  page: Page,
  testInfo: TestInfo,
  sizes: ReadonlyArray<{ width: number; height: number }>,
): Promise<void> {
  // Found faults, by screen, kind and words, with the sizes they were found at.
  const faults = new Map<string, string[]>();
  let address = '(start)';
  let size = '';
  const found = (kind: Fault['kind'], detail: string) => {
    const key = `${address}\n${kind}\n${detail}`;
    faults.set(key, [...(faults.get(key) ?? []), size]);
  };
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  page.on('console', (message) => {
    if (message.type() === 'error') found('console', message.text());
  });
  page.on('pageerror', (error) => found('console', `uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) {
      const { pathname } = new URL(response.url());
      found('server', `${response.request().method()} ${pathname} answered ${response.status()}`);
    }
  });
  await page.addInitScript({ path: AXE_SOURCE });
  await page.addInitScript(watchChanges);

  // The sizes are taken in turn one way, then back, so the window changes size least.
  let order = [...sizes];
  /** Checks the screen on show at each size; `address` names it. */
  const check = async () => {
    const axeSeen = new Set<string>();
    for (const { width, height } of order) {
      size = `${width}x${height}`;
      const viewport = page.viewportSize();
      if (viewport?.width !== width || viewport.height !== height) {
        await page.setViewportSize({ width, height });
        // A new width redraws the page, and may change what it shows (a phone's cards).
        await settled(page, () => inFlight, 100);
      }
      const { overflow, codes } = await page.evaluate(inPageFaults, {
        acronyms: ACRONYMS,
        scrollFrames: SCROLL_FRAMES,
        showsCodes: SHOWS_CODES,
      });
      for (const detail of overflow) found('overflow', detail);
      for (const detail of new Set(codes)) found('code', detail);
      const layout = await page.evaluate(layoutSignature);
      if (!axeSeen.has(layout)) {
        axeSeen.add(layout);
        for (const detail of await axeFaults(page)) found('axe', detail);
      }
      // What the window shows: the output of the walk, one picture per screen and size.
      await page.screenshot({
        path: testInfo.outputPath(`${fileName(size, address)}.jpeg`),
        type: 'jpeg',
        quality: 70,
      });
    }
    order = order.reverse();
  };
  /** Opens the address and checks where it lands, then the screen. */
  const open = async (to: string, landsOn: string, how: 'load' | 'link') => {
    address = to;
    if (how === 'load') {
      await page.goto(to);
    } else {
      // As a link would, without a reload: the page shown now is left for the next one.
      await page.evaluate((next) => {
        for (const shown of document.querySelectorAll('main > *')) {
          shown.setAttribute('data-walk-left', '');
        }
        window.history.pushState({}, '', next);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, to);
      await page.waitForFunction(() => !document.querySelector('[data-walk-left]'));
    }
    await settled(page, () => inFlight);
    const landed = new URL(page.url()).pathname;
    if (landed !== landsOn) found('address', `landed on ${landed}`);
    await check();
  };

  const walked = records!;
  const routes = Object.values(WALK);
  for (const route of routes.filter((r) => r.signedOut)) {
    for (const to of route.to(walked))
      await open(to, route.landsOn ?? to.replace(/\?.*$/, ''), 'load');
  }
  await page.evaluate((session) => localStorage.setItem('token', session), token);
  let first = true;
  for (const route of routes.filter((r) => !r.signedOut)) {
    for (const [index, to] of route.to(walked).entries()) {
      // A second address of the same route shows the same page: it is loaded afresh.
      await open(to, route.landsOn ?? to, first || index > 0 ? 'load' : 'link');
      first = false;
      if (!route.tabs) continue;
      // The address without a tab shows the first; each other is opened from the tab list.
      const tabs = page.getByRole('tablist').first().getByRole('tab');
      const keys = await tabs.evaluateAll((all) =>
        all.map((tab) => tab.getAttribute('data-rr-ui-event-key') ?? ''),
      );
      expect(keys.length, `${to} shows its tabs`).toBeGreaterThan(1);
      for (const [index, key] of keys.entries()) {
        if (index === 0) continue;
        address = `${to}/${key}`;
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        await expect(page).toHaveURL(new RegExp(`${address}$`));
        await settled(page, () => inFlight);
        await check();
      }
    }
  }

  const report = [...faults].map(([key, at]) => {
    const [where, kind, detail] = key.split('\n');
    const sizesFound = [...new Set(at)];
    const times = at.length > sizesFound.length ? ` (${at.length} times)` : '';
    return `${where} at ${sizesFound.join(', ')} [${kind}] ${detail}${times}`;
  });
  await testInfo.attach('faults', { body: report.join('\n') || 'none', contentType: 'text/plain' });
  expect(report.length, `${report.length} faults:\n${report.join('\n')}`).toBe(0);
}

test('every screen in a desktop window (1280×720, 1366×768, 1440×900, 1920×1080): fits the window, words not codes, accessible, no errors', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await walkEveryScreen(page, testInfo, DESKTOP_SIZES);
});

test('every screen on a phone (390×844): fits the window, words not codes, accessible, no errors', async ({
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  // A phone's own window: its screens are opened at its size, not resized from a desktop's.
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: testInfo.project.use.locale,
    viewport: PHONE_SIZE,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await walkEveryScreen(await phone.newPage(), testInfo, [PHONE_SIZE]);
  } finally {
    await phone.close();
  }
});
