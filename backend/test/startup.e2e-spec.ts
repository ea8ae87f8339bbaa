import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

describe('server start', () => {
  it('an invalid production setting stops the server with a one-line reason', () => {
    const result = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, '../src/main.ts')],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', SIGNUP_SECRET_CODE: 'x' },
        encoding: 'utf8',
        timeout: 60000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Registra cannot start: JWT_SECRET is required when NODE_ENV=production',
    );
  });

  it('an unknown REGISTRA_ROLE stops the server with a message naming the variable', () => {
    const result = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, '../src/main.ts')],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'test', REGISTRA_ROLE: 'scheduler' },
        encoding: 'utf8',
        timeout: 60000,
      },
    );
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
  ])('production with %s exits with a message naming the variable', (_label, env, reason) => {
    const result = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, '../src/main.ts')],
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          JWT_SECRET: 'a-production-secret-of-forty-characters!',
          SIGNUP_SECRET_CODE: 'a-long-signup-code',
          APP_URL: 'https://registra.firm.ie',
          ...env,
        },
        encoding: 'utf8',
        timeout: 60000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Registra cannot start: ${reason}`);
  });
});
