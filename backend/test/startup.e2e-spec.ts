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
});
