import type { NextFunction, Request, Response } from 'express';
import { Client, Pool } from 'pg';
import type { AuthUser } from './session-authentication';
import { startAuthentication, startedAuthentication } from './early-authentication';

const user = { _id: 'u1', sessionId: 's1' } as unknown as AuthUser;

const apiCall = (path: string, authorization?: string) =>
  ({ path, headers: authorization ? { authorization } : {} }) as unknown as Request;

/** Runs the middleware; resolves once it has called next, with what happened in which order. */
function runMiddleware(
  authenticate: (token: string) => Promise<AuthUser | undefined>,
  request: Request,
  events: string[],
): Promise<void> {
  return new Promise((resolve) => {
    const next: NextFunction = () => {
      events.push('pipeline goes on');
      resolve();
    };
    startAuthentication({ authenticate }, 'api')(request, {} as Response, next);
    events.push('middleware returned');
  });
}

describe('the session check started on arrival (ADR 0089)', () => {
  it('lets the lookup a connection pool sends on its next tick leave before the pipeline goes on', async () => {
    const events: string[] = [];
    // As pg-pool does: an idle connection is handed out, and the query written, on the next tick.
    const authenticate = () =>
      new Promise<AuthUser>((resolve) =>
        process.nextTick(() => {
          events.push('lookup sent');
          setImmediate(() => resolve(user));
        }),
      );
    const request = apiCall('/api/people/search', 'JWT a.b.c');
    await runMiddleware(authenticate, request, events);
    expect(events).toEqual(['middleware returned', 'lookup sent', 'pipeline goes on']);
    await expect(startedAuthentication(request)).resolves.toBe(user);
  });

  it('goes on at once, with nothing started, without a token or outside the API', async () => {
    for (const request of [apiCall('/api/people/search'), apiCall('/people', 'JWT a.b.c')]) {
      const events: string[] = [];
      const authenticate = jest.fn();
      await runMiddleware(authenticate, request, events);
      expect(events).toEqual(['pipeline goes on', 'middleware returned']);
      expect(authenticate).not.toHaveBeenCalled();
      expect(startedAuthentication(request)).toBeUndefined();
    }
  });

  it('writes the lookup to PostgreSQL through a real pool before the pipeline goes on', async () => {
    const pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    const events: string[] = [];
    const query = jest.spyOn(Client.prototype, 'query');
    try {
      await pool.query('SELECT 1'); // an idle connection in the pool, as on a running server
      query.mockClear();
      query.mockImplementationOnce(function (this: Client, ...args: unknown[]) {
        events.push('lookup sent');
        query.mockRestore();
        return (Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof Client.prototype.query);
      const authenticate = async () => {
        await pool.query('SELECT 1 AS session_lookup');
        return user;
      };
      const request = apiCall('/api/people/search', 'JWT a.b.c');
      await runMiddleware(authenticate, request, events);
      expect(events).toEqual(['middleware returned', 'lookup sent', 'pipeline goes on']);
      await expect(startedAuthentication(request)).resolves.toBe(user);
    } finally {
      query.mockRestore();
      await pool.end();
    }
  });
});
