import { generateSync } from 'otplib';
import type { TestApp } from './test-app';

/** The authenticator app's code for `secret`, `offsetSeconds` from now (-30: the one before). */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** POST /api/user/signin, with the authenticator's code when there is one. */
export const signInWithCode = (t: TestApp, email: string, password: string, totp?: string) =>
  t.http
    .post('/api/user/signin')
    .send(totp === undefined ? { email, password } : { email, password, totp });
