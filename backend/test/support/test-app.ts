import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { Response } from 'supertest';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/platform/config/app-config';
import { eq } from 'drizzle-orm';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import { users } from '../../src/users/users.schema';
import { SignInService } from '../../src/users/sign-in.service';
import { buildApiDocument } from '../../src/platform/http/openapi';
import { ApiContract, recordAnswer } from './api-contract';

export const TEST_SIGNUP_CODE = 'test-signup-code';
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-for-hs256';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  url: string;
  /** supertest bound to the real server over HTTP, each answer checked against the API document */
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** A process's configuration in the tests: the run's database, the test secrets, `env` on top. */
export function testConfig(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    JWT_SECRET: TEST_JWT_SECRET,
    SIGNUP_SECRET_CODE: TEST_SIGNUP_CODE,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Each app counts its own attempts (sign-in limits) unless a test shares a prefix on purpose.
    REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
    ...env,
  });
}

/** Boots the real app (same factory as main.ts) on a random port against the run's database. */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registra-test-'));
  const config = testConfig(dataDir, env);
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    config,
    url,
    http: checkedAgainstDocument(request(url), contractOf(app)),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const contracts = new Map<string, ApiContract>();

/** The app's OpenAPI document (the one it serves at /api/docs-json), compiled once per test file. */
function contractOf(app: NestExpressApplication): ApiContract {
  const document = buildApiDocument(app);
  const key = JSON.stringify(document);
  let contract = contracts.get(key);
  if (!contract) {
    contract = new ApiContract(document);
    contracts.set(key, contract);
  }
  return contract;
}

type Http = ReturnType<typeof request>;

/** supertest whose every answer is recorded against the document (test/support/api-contract.ts). */
function checkedAgainstDocument(http: Http, contract: ApiContract): Http {
  const methods = http as unknown as Record<string, (path: string) => request.Test>;
  for (const [name, start] of Object.entries(methods)) {
    methods[name] = (path: string) => {
      const test = start(path);
      test.on('response', (res: Response) => recordAnswer(contract, test.method, test.url, res));
      return test;
    };
  }
  return http;
}

let counter = 0;

/** A unique staff user made through the service (sign-up over HTTP is rate limited). */
export async function createUser(
  testApp: TestApp,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
) {
  counter += 1;
  const password = overrides.password ?? 'correct horse battery';
  const signedIn = await testApp.app.get(SignInService).signup({
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User${counter}`,
    email: overrides.email ?? `user${counter}.${Date.now()}@firm.test`,
    password,
    secretCode: TEST_SIGNUP_CODE,
  });
  return { ...signedIn, password, auth: `JWT ${signedIn.token}` };
}

/** A signed-in user as `createUser`, `createStaff` and `createAdmin` answer one. */
export type SignedIn = Awaited<ReturnType<typeof createUser>>;

/**
 * The set-up most test files share: the app started before the block's tests, with a staff user
 * signed in (handed to `started`), and closed after them.
 */
export function startAppWithUser(
  started: (app: { t: TestApp; auth: string }) => void,
  env: Record<string, string | undefined> = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(env);
    started({ t, auth: (await createUser(t)).auth });
  });
  afterAll(() => t?.close());
}

/**
 * A unique admin. The first user of the shared test database is admin, whichever test made it,
 * so roles are set rather than relied on.
 */
export async function createAdmin(
  testApp: TestApp,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const admin = await createUser(testApp, overrides);
  await testApp.app
    .get<Database>(DATABASE)
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.id, admin.user._id));
  admin.user.role = 'admin';
  return admin;
}

/** A unique staff user (role set explicitly: see createAdmin). */
export async function createStaff(
  testApp: TestApp,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const staff = await createUser(testApp, overrides);
  await testApp.app
    .get<Database>(DATABASE)
    .update(users)
    .set({ role: 'staff' })
    .where(eq(users.id, staff.user._id));
  staff.user.role = 'staff';
  return staff;
}
