import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The walks run against the built product (`npm run build` first), started on its embedded
// database in a throw-away DATA_DIR, in Debian's Chromium: Playwright never downloads a browser.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SIGNUP_CODE = 'e2e-signup-code';
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'registra-e2e-'));
  // The global teardown removes a folder this run made (not one the caller named).
  process.env.E2E_DATA_DIR_OWNED = '1';
}
const dataDir = process.env.E2E_DATA_DIR;
// The walks' mailbox (e2e/mailbox.ts): the product delivers its mails there over SMTP.
process.env.E2E_SMTP_PORT ??= String(PORT + 20_000);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
// The server's Node.js flags, as production runs it (backend/node-flags.json).
const nodeFlags = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../backend/node-flags.json'), 'utf8'),
  ) as string[]
).join(' ');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Irish English: date inputs show dd/mm/yyyy, as the firm reads dates.
    locale: 'en-IE',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node ${nodeFlags} ../backend/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SIGNUP_SECRET_CODE: E2E_SIGNUP_CODE,
      // Links in mails lead where the walks' browser goes; the mails reach the walks' mailbox.
      APP_URL: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Every walk signs up from 127.0.0.1 within a minute or two: more than the 10 attempts a
      // minute one address is allowed in use (the limit itself is covered by the API tests).
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      PUBLIC_FORM_POSTS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
