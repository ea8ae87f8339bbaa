import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** Secrets as `openssl rand -base64 48` and `openssl rand -base64 12` make them. */
const RANDOM_JWT_SECRET = '0YLJyj3NZ5_vy6vqq6MaRkRrcKZFJFrVOD7Xgqldn1PVBV8TwyOLexvFFZmdrWwn';
const RANDOM_SIGNUP_CODE = 'Y-WWadWp6flXW5P-';

/** Runs the server's entry point with only `env`, to its exit (a refused start exits at once). */
const startServer = (env: NodeJS.ProcessEnv) =>
  spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, '../src/main.ts')],
    { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60000 },
  );

describe('server start', () => {
  it('an invalid production setting stops the server with a one-line reason', () => {
    const result = startServer({ NODE_ENV: 'production', SIGNUP_SECRET_CODE: 'x' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Registra cannot start: JWT_SECRET is required when NODE_ENV=production',
    );
  });

  it('an unknown REGISTRA_ROLE stops the server with a message naming the variable', () => {
    const result = startServer({ NODE_ENV: 'test', REGISTRA_ROLE: 'scheduler' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Registra cannot start: REGISTRA_ROLE must be all, api or worker, got "scheduler"',
    );
  });

  it.each([
    [
      "the example's JWT_SECRET",
      { JWT_SECRET: 'change-me-to-a-random-string-of-at-least-32-characters' },
      'JWT_SECRET is the example value of .env.example: set a random one',
    ],
    [
      "the example's SIGNUP_SECRET_CODE",
      { SIGNUP_SECRET_CODE: 'change-me' },
      'SIGNUP_SECRET_CODE is the example value of .env.example: set a random one',
    ],
    [
      'a plain http APP_URL',
      { APP_URL: 'http://registra.firm.ie' },
      'APP_URL must start with https:// in production (set ALLOW_HTTP=true for a closed network)',
    ],
    [
      'a JWT_SECRET of 36 × "a" (long, but no variety)',
      { JWT_SECRET: 'a'.repeat(36) },
      'JWT_SECRET is too predictable for production: about 0 bits of randomness (repeats, sequences and words count little), at least 128 needed: generate one with openssl rand -base64 48',
    ],
    [
      'a SIGNUP_SECRET_CODE of 12 × "c"',
      { SIGNUP_SECRET_CODE: 'c'.repeat(12) },
      'SIGNUP_SECRET_CODE is too easy to guess for production: about 0 bits of randomness (repeats, sequences and words count little), at least 36 needed: generate one with openssl rand -base64 12',
    ],
  ])('production with %s exits with a message naming the variable', (_label, env, reason) => {
    const result = startServer({
      NODE_ENV: 'production',
      JWT_SECRET: RANDOM_JWT_SECRET,
      SIGNUP_SECRET_CODE: RANDOM_SIGNUP_CODE,
      APP_URL: 'https://registra.firm.ie',
      ...env,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Registra cannot start: ${reason}`);
  });
});

/**
 * The API's documentation maps every route and field: in production (API_DOCS_PUBLIC unset, which
 * production reads as false) it is read with a signed-in token, like the rest of the API.
 */
describe('the API documentation behind sign-in (API_DOCS_PUBLIC=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ API_DOCS_PUBLIC: 'false' });
  });
  afterAll(() => t.close());

  it.each(['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs-yaml'])(
    '%s without a token, or with a bad one, answers 401',
    async (path) => {
      const anonymous = await t.http.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      expect(anonymous.text).not.toContain('/api/user/signin');
      const forged = await t.http.get(path).set('Authorization', 'JWT not.a.token');
      expect(forged.status).toBe(401);
    },
  );

  it("a live session's token reads it; once signed out, that token no more", async () => {
    const user = await createUser(t);
    const document = await t.http.get('/api/docs-json').set('Authorization', user.auth);
    expect(document.status).toBe(200);
    expect(document.body.paths['/api/user/signin']).toBeDefined();
    const viewer = await t.http.get('/api/docs/').set('Authorization', user.auth);
    expect(viewer.status).toBe(200);
    expect(viewer.text).toContain('swagger');
    await t.http.post('/api/user/logout').set('Authorization', user.auth);
    expect((await t.http.get('/api/docs-json').set('Authorization', user.auth)).status).toBe(401);
  });

  it('the rest of the API is unchanged: health answers without a token', async () => {
    expect((await t.http.get('/api/health')).status).toBe(200);
  });
});
