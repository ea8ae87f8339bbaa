import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi } from '../test/render';
import { api } from './api';
import { signedIn } from './session';
import { makeStore } from './store';

// A call of no feature, to look at the base query alone.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/probe' }),
  }),
});

const probe = async () => {
  const store = makeStore();
  store.dispatch(signedIn(aoife));
  const result = await store.dispatch(probeApi.endpoints.probe.initiate());
  return { store, result };
};

describe('base query', () => {
  it('adds the stored token as "JWT <token>" and returns the whole body of an ok answer', async () => {
    localStorage.setItem('token', 'abc');
    const calls = mockApi({
      'GET /api/probe': () => json(200, { ok: true, data: [1], totalItems: 1 }),
    });
    const { result } = await probe();
    expect(calls[0].authorization).toBe('JWT abc');
    expect(result.data).toEqual({ ok: true, data: [1], totalItems: 1 });
  });

  it('turns a failure envelope into { status, code, message, details }', async () => {
    const details = [{ field: 'password', message: 'password must be at least 8 characters' }];
    mockApi({
      'GET /api/probe': () =>
        json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'Invalid input', details }),
    });
    const { result } = await probe();
    expect(result.error).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      details,
    });
  });

  it('treats `ok: false` as a failure even with status 200', async () => {
    mockApi({ 'GET /api/probe': () => json(200, { ok: false, code: 'NOT_FOUND', message: 'No' }) });
    const { result } = await probe();
    expect(result.error).toMatchObject({ status: 200, code: 'NOT_FOUND', message: 'No' });
  });

  it('gives a network failure no code and a readable message', async () => {
    mockApi({ 'GET /api/probe': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = await probe();
    expect(result.error).toEqual({
      status: 'FETCH_ERROR',
      message: 'The server could not be reached.',
    });
  });

  it('gives an answer without an envelope its status and no code', async () => {
    mockApi({ 'GET /api/probe': () => new Response('<h1>Bad gateway</h1>', { status: 502 }) });
    const { result } = await probe();
    expect(result.error).toMatchObject({ status: 502 });
    expect(result.error).not.toHaveProperty('code');
  });

  it('ends the session on a 401 answer', async () => {
    localStorage.setItem('token', 'revoked');
    mockApi({
      'GET /api/probe': () => json(401, { ok: false, code: 'UNAUTHORIZED', message: 'No' }),
    });
    const { store } = await probe();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it.each(['SESSION_EXPIRED', 'SESSION_SIGNED_OUT', 'SESSION_ACCOUNT_DISABLED'])(
    'keeps why the server ended the session (%s), for the sign-in screen',
    async (code) => {
      localStorage.setItem('token', 'ended');
      mockApi({ 'GET /api/probe': () => json(401, { ok: false, code, message: 'Ended' }) });
      const { store } = await probe();
      expect(localStorage.getItem('token')).toBeNull();
      expect(store.getState().session).toEqual({ user: null, endedBecause: code });
    },
  );

  it('a plain 401 ends the session without a reason', async () => {
    localStorage.setItem('token', 'forged');
    mockApi({
      'GET /api/probe': () => json(401, { ok: false, code: 'UNAUTHORIZED', message: 'No' }),
    });
    const { store } = await probe();
    expect(store.getState().session.endedBecause).toBeNull();
  });

  it.each(['INVALID_CREDENTIALS', 'TOTP_INVALID', 'TOTP_REQUIRED'])(
    'a sign-in answer (%s) is no end of the session',
    async (code) => {
      localStorage.setItem('token', 'kept');
      mockApi({ 'GET /api/probe': () => json(401, { ok: false, code, message: 'Wrong' }) });
      const { store } = await probe();
      expect(localStorage.getItem('token')).toBe('kept');
      expect(store.getState().session.user).not.toBeNull();
    },
  );
});
