#!/usr/bin/env node
// `npm run bench:web` (docs/benchmarks.md): Lighthouse, driving Debian's Chromium, scores the sign-in
// page, the signed-in dashboard, the organization list and an organization's page of the built
// product for performance and accessibility, with Lighthouse's desktop preset (staff at their
// desks) and its mobile one (a mid-range phone on a slow 4G network, CPU slowed 4×), and prints a
// table of the scores against the target (95). The server runs from backend/dist on the embedded
// database in a throw-away DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Lighthouse and its drivers are installed on first use into node_modules/.cache, not declared
 * in package.json: one of Lighthouse's dependencies asks for `third-party-web@latest`, which
 * would make `npm ci` fail whenever that package publishes (ADR 0087).
 */
/** The first screen's budget: what the browser must load before the first screen, at most this much gzip. */
const ENTRY_JS_MAX_KB = 150;

/** The JavaScript index.html loads at once (its entry and what that imports statically), gzip KB. */
function entryJavaScriptKb() {
  const dist = join(root, 'frontend/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file))).length;
  return bytes / 1000;
}

const TOOLS = ['lighthouse@12.8.2', 'chrome-launcher@1.2.0', 'puppeteer-core@24.17.1'];
async function loadTools() {
  const dir = join(root, 'node_modules/.cache/registra-bench-web');
  const loader = join(dir, 'tools.mjs');
  if (!existsSync(join(dir, 'node_modules/lighthouse/package.json'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    console.log(`Installing ${TOOLS.join(', ')} into ${dir} (first run only)…`);
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...TOOLS],
      { cwd: dir, stdio: 'inherit' },
    );
    if (install.status !== 0) throw new Error('could not install Lighthouse');
  }
  writeFileSync(
    loader,
    [
      "export { default as lighthouse } from 'lighthouse';",
      "export { default as desktopConfig } from 'lighthouse/core/config/desktop-config.js';",
      "export { throttling } from 'lighthouse/core/config/constants.js';",
      "export * as chromeLauncher from 'chrome-launcher';",
      "export { default as puppeteer } from 'puppeteer-core';",
    ].join('\n'),
  );
  return import(pathToFileURL(loader).href);
}
const PORT = Number(process.env.BENCH_PORT ?? 3195);
const BASE = `http://127.0.0.1:${PORT}`;
const CODE = 'bench-web-signup-code';
const TARGET = 95;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags Chromium needs on these machines (docs: stack notes).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function signUp() {
  const response = await fetch(`${BASE}/api/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Web',
      email: `bench.web.${Date.now()}@registra.local`,
      password: 'quiet harbour lanterns at dusk',
      secretCode: CODE,
    }),
  });
  if (!response.ok) throw new Error(`sign-up: HTTP ${response.status}`);
  return (await response.json()).token;
}

const ORGANIZATION = 'Emerald Isle Trading Ltd';

/** An organization to open, with enough filled in for its page to show its usual parts. */
async function createOrganization(token) {
  const headers = { 'Content-Type': 'application/json', Authorization: `JWT ${token}` };
  const created = await fetch(`${BASE}/api/organization`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: ORGANIZATION }),
  });
  if (!created.ok) throw new Error(`create organization: HTTP ${created.status}`);
  const { data } = await created.json();
  const updated = await fetch(`${BASE}/api/organization/${data._id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      mail: 'hello@emerald.ie',
      cro: '712345',
      country: 'ireland',
      incorporationDate: '2025-03-14',
      address: '1 Grafton Street, Dublin 2',
    }),
  });
  if (!updated.ok) throw new Error(`update organization: HTTP ${updated.status}`);
  return data._id;
}

/** The two Lighthouse presets: its desktop configuration, and its default (a phone). */
const ALL_PRESETS = ['desktop', 'mobile'];
/**
 * `BENCH_WEB_PRESETS=mobile` or `BENCH_WEB_PAGES=organization list,organization page` run a part
 * of the table, while a page's score is worked on; the targets are read on the whole run.
 */
const only = (variable, all) => {
  const chosen = (process.env[variable] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen.filter((name) => !all.includes(name));
  if (unknown.length > 0)
    throw new Error(`${variable}: unknown ${unknown.join(', ')} (${all.join(', ')})`);
  return chosen.length > 0 ? all.filter((name) => chosen.includes(name)) : all;
};
const PRESETS = only('BENCH_WEB_PRESETS', ALL_PRESETS);
/** `BENCH_WEB_REPORTS=<folder>` keeps each run's whole Lighthouse report there as JSON. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
const CATEGORIES = ['performance', 'accessibility'];
/**
 * `BENCH_WEB_CPU_SLOWDOWN=8`: the phone preset with its CPU slowed that many times instead of 4,
 * to see whether a score holds on a machine slower than this one (the simulated blocking time
 * grows faster than the CPU's slowness: a task counts from 50 ms on). Never for the targets.
 */
const CPU_SLOWDOWN = process.env.BENCH_WEB_CPU_SLOWDOWN
  ? Number(process.env.BENCH_WEB_CPU_SLOWDOWN)
  : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) {
  throw new Error('BENCH_WEB_CPU_SLOWDOWN: a number, 1 or more');
}

async function main() {
  const { lighthouse, desktopConfig, throttling, chromeLauncher, puppeteer } = await loadTools();
  const work = mkdtempSync(join(tmpdir(), 'registra-bench-web-'));
  const nodeFlags = JSON.parse(readFileSync(join(root, 'backend/node-flags.json'), 'utf8'));
  const server = spawn(process.execPath, [...nodeFlags, join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: join(work, 'data'),
      JWT_SECRET: 'bench-web-jwt-secret-long-enough-for-production',
      SIGNUP_SECRET_CODE: CODE,
      // Lighthouse opens it on localhost over plain http.
      ALLOW_HTTP: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome;
  let browser;
  const results = [];
  try {
    await waitForServer();
    const token = await signUp();
    const organizationId = await createOrganization(token);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

    const allPages = [
      // `shows`: a text the page shows once it has loaded, so that a page that broke (an error
      // screen paints fast too) is never scored.
      { name: 'sign-in page', path: '/auth/signin', signedIn: false, shows: 'Forgot' },
      { name: 'dashboard', path: '/', signedIn: true, shows: 'Welcome, Bench Web' },
      { name: 'organization list', path: '/organization', signedIn: true, shows: ORGANIZATION },
      {
        name: 'organization page',
        path: `/organization/${organizationId}`,
        signedIn: true,
        shows: ORGANIZATION,
      },
    ];
    const chosen = only(
      'BENCH_WEB_PAGES',
      allPages.map((page) => page.name),
    );
    const pages = allPages.filter((page) => chosen.includes(page.name));
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    for (const target of pages) {
      for (const preset of PRESETS) {
        const page = await browser.newPage();
        // A tab in the background is not painted: Lighthouse would find no first paint.
        await page.bringToFront();
        // The session lives in localStorage: set it on the origin, and keep it through the run.
        await page.goto(`${BASE}/auth/signin`, { waitUntil: 'load' });
        await page.evaluate(
          (value) => (value ? localStorage.setItem('token', value) : localStorage.clear()),
          target.signedIn ? token : '',
        );
        const result = await lighthouse(
          `${BASE}${target.path}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: CATEGORIES,
            disableStorageReset: true,
            ...(preset === 'mobile' && CPU_SLOWDOWN
              ? {
                  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
                }
              : {}),
          },
          // No configuration is Lighthouse's default: the mobile preset.
          preset === 'desktop' ? desktopConfig : undefined,
          page,
        );
        const { categories, finalDisplayedUrl, audits, runtimeError } = result.lhr;
        if (REPORTS) {
          const file = `${target.name.replace(/\W+/g, '-')}-${preset}.json`;
          writeFileSync(join(REPORTS, file), JSON.stringify(result.lhr));
        }
        if (target.signedIn && new URL(finalDisplayedUrl).pathname !== target.path) {
          throw new Error(
            `the ${target.name} run ended on ${finalDisplayedUrl}: the session was not kept`,
          );
        }
        const text = await page.evaluate(() => globalThis.document.body.innerText);
        if (!text.includes(target.shows)) {
          throw new Error(
            `the ${target.name} did not show "${target.shows}" after Lighthouse's run: ${text.slice(0, 200)}`,
          );
        }
        const scores = Object.fromEntries(
          CATEGORIES.map((category) => [
            category,
            Math.round((categories[category].score ?? 0) * 100),
          ]),
        );
        // What a score below 100 is made of, so it can be fixed: the failed accessibility
        // audits with the elements they name, the performance metrics that lost points.
        const notes = runtimeError ? [`Lighthouse could not run: ${runtimeError.message}`] : [];
        for (const audit of Object.values(audits)) {
          if (audit.score === null || audit.score >= 1) continue;
          if (
            categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)
          ) {
            const nodes = (audit.details?.items ?? [])
              .map((item) => item.node?.snippet)
              .filter(Boolean)
              .slice(0, 3)
              .join(' ');
            notes.push(`accessibility: ${audit.title}${nodes ? ` ${nodes}` : ''}`);
          } else if (
            audit.score < 0.9 &&
            categories.performance.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)
          ) {
            notes.push(`performance: ${audit.title} ${audit.displayValue ?? ''}`.trim());
          }
        }
        // Blocking time is what the phone preset loses points on: which scripts' tasks make it.
        if (scores.performance < TARGET) {
          for (const task of (audits['long-tasks']?.details?.items ?? []).slice(0, 6)) {
            const where = task.url ? new URL(task.url, BASE).pathname : 'unattributed';
            notes.push(
              `long task: ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms, ${where}`,
            );
          }
        }
        results.push({
          page: target.name,
          preset,
          scores,
          fcp: audits['first-contentful-paint'].displayValue,
          lcp: audits['largest-contentful-paint'].displayValue,
          notes,
        });
        await page.close();
      }
    }
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    `Registra bench:web: Lighthouse 12, desktop and mobile presets, target ≥ ${TARGET} for each score`,
  );
  if (CPU_SLOWDOWN) {
    console.log(
      `The phone's CPU slowed ${CPU_SLOWDOWN}× (BENCH_WEB_CPU_SLOWDOWN), not the preset's 4×`,
    );
  }
  const columns = PRESETS.flatMap((preset) => CATEGORIES.map((category) => ({ preset, category })));
  const header = ['page'.padEnd(18)]
    .concat(columns.map(({ preset, category }) => `${preset} ${category.slice(0, 4)}`.padEnd(13)))
    .concat(PRESETS.map((preset) => `${preset} FCP / LCP`.padEnd(20)));
  console.log(header.join(' | '));
  console.log(header.map((cell) => '-'.repeat(cell.length)).join('-|-'));
  let misses = 0;
  let targets = 0;
  for (const name of [...new Set(results.map((result) => result.page))]) {
    const of = (preset) => results.find((r) => r.page === name && r.preset === preset);
    const cells = columns.map(({ preset, category }) => {
      const score = of(preset).scores[category];
      targets += 1;
      if (score < TARGET) misses += 1;
      return `${String(score).padStart(3)} ${score >= TARGET ? 'ok' : 'MISS'}`.padEnd(13);
    });
    const times = PRESETS.map((preset) => `${of(preset).fcp} / ${of(preset).lcp}`.padEnd(20));
    console.log([name.padEnd(18), ...cells, ...times].join(' | '));
  }
  for (const result of results) {
    for (const note of result.notes) console.log(`  ${result.page}, ${result.preset}: ${note}`);
  }
  const entryKb = entryJavaScriptKb();
  const entryOk = entryKb <= ENTRY_JS_MAX_KB;
  targets += 1;
  if (!entryOk) misses += 1;
  console.log(
    `${entryOk ? 'ok  ' : 'MISS'}  first screen's JavaScript (gzip) ${entryKb.toFixed(1)} KB  (≤ ${ENTRY_JS_MAX_KB} KB)`,
  );
  console.log(`${targets - misses} of ${targets} targets hold.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
