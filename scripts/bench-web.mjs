#!/usr/bin/env node
// `npm run bench:web` (docs/benchmarks.md): Lighthouse, driving Debian's Chromium, scores the sign-in page
// and a signed-in dashboard of the built product for performance and accessibility, and prints
// each score next to its target (95). The server runs from backend/dist on the embedded database
// in a throw-away DATA_DIR. Desktop settings: staff use the product at their desks.
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
      password: 'benchmark-password',
      secretCode: CODE,
    }),
  });
  if (!response.ok) throw new Error(`sign-up: HTTP ${response.status}`);
  return (await response.json()).token;
}

async function main() {
  const { lighthouse, desktopConfig, chromeLauncher, puppeteer } = await loadTools();
  const work = mkdtempSync(join(tmpdir(), 'registra-bench-web-'));
  const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
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
  const lines = [];
  try {
    await waitForServer();
    const token = await signUp();
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

    const pages = [
      { name: 'sign-in page', path: '/auth/signin', signedIn: false },
      { name: 'dashboard', path: '/', signedIn: true },
    ];
    for (const target of pages) {
      const page = await browser.newPage();
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
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        desktopConfig,
        page,
      );
      const { categories, finalDisplayedUrl, audits } = result.lhr;
      if (target.signedIn && new URL(finalDisplayedUrl).pathname !== '/') {
        throw new Error(
          `the dashboard run ended on ${finalDisplayedUrl}: the session was not kept`,
        );
      }
      for (const category of ['performance', 'accessibility']) {
        const score = Math.round((categories[category].score ?? 0) * 100);
        lines.push({ label: `${target.name}: ${category}`, score });
      }
      lines.push({
        label: `${target.name}: first contentful paint`,
        detail: audits['first-contentful-paint'].displayValue,
      });
      // What an accessibility score below 100 is made of, so it can be fixed.
      for (const audit of Object.values(audits)) {
        if (
          audit.score !== null &&
          audit.score < 1 &&
          categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)
        ) {
          const nodes = (audit.details?.items ?? [])
            .map((item) => item.node?.snippet)
            .filter(Boolean)
            .slice(0, 3)
            .join(' ');
          lines.push({
            label: `${target.name}: accessibility audit failed`,
            detail: `${audit.title}${nodes ? ` ${nodes}` : ''}`,
          });
        }
      }
      await page.close();
    }
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    `Registra bench:web: Lighthouse (desktop settings), target ≥ ${TARGET}; the first screen's JavaScript`,
  );
  let misses = 0;
  for (const line of lines) {
    if (line.score === undefined) {
      console.log(`      ${line.label.padEnd(44)} ${line.detail}`);
      continue;
    }
    const ok = line.score >= TARGET;
    if (!ok) misses += 1;
    console.log(
      `${ok ? 'ok  ' : 'MISS'}  ${line.label.padEnd(44)} ${String(line.score).padStart(3)}  (≥ ${TARGET})`,
    );
  }
  const entryKb = entryJavaScriptKb();
  const entryOk = entryKb <= ENTRY_JS_MAX_KB;
  if (!entryOk) misses += 1;
  console.log(
    `${entryOk ? 'ok  ' : 'MISS'}  ${"first screen's JavaScript (gzip)".padEnd(44)} ${entryKb.toFixed(1)} KB  (≤ ${ENTRY_JS_MAX_KB} KB)`,
  );
  const targets = lines.filter((l) => l.score !== undefined).length + 1;
  console.log(`${targets - misses} of ${targets} targets hold.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
