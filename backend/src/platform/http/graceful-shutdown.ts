import { Server as NetServer } from 'node:net';
import type { Socket } from 'node:net';
import type { Server } from 'node:http';

/**
 * How long a stopping API instance waits for the requests in flight (ADR 0136): above a long
 * export or a slow upload's end, below the 30 s docker-compose.yml gives a container to stop.
 */
export const DRAIN_LIMIT_MS = 20_000;

/**
 * How long, once every request is answered, a stopping instance leaves its idle keep-alive
 * connections to their clients (ADR 0157). The proxy closes an idle one after 4 s
 * (deploy/nginx.conf); Node closes it after its own 5 s keep-alive timeout.
 */
export const IDLE_CONNECTIONS_GRACE_MS = 6_000;

/** Closes `server` gracefully: what `drain` does, and how many requests it still holds. */
export interface Drainable {
  readonly inFlight: number;
  /**
   * Stops taking connections and answers what is in flight (each answer closing its connection);
   * resolves true once none is left, or false when `limitMs` passed first. An idle keep-alive
   * connection is left to its client for `idleGraceMs` more (a request on it is answered and
   * closes it); then every connection still open is closed.
   */
  drain(limitMs?: number, idleGraceMs?: number): Promise<boolean>;
}

/** Counts `server`'s requests and connections from now on, so that a stop can wait for them. */
export function drainable(server: Server): Drainable {
  let inFlight = 0;
  let draining = false;
  const connections = new Set<Socket>();
  let changed: (() => void) | undefined;
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      changed?.();
    });
  });
  server.on('request', (_request, response) => {
    inFlight += 1;
    // A keep-alive connection must not carry a new request once its answer is given.
    if (draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      changed?.();
    });
  });
  /** Resolves true once `done()` holds, false when `ms` passed first. */
  const until = (done: () => boolean, ms: number) =>
    done()
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => finish(false), ms);
          const finish = (result: boolean) => {
            clearTimeout(timer);
            changed = undefined;
            resolve(result);
          };
          changed = () => done() && finish(true);
        });
  return {
    get inFlight() {
      return inFlight;
    },
    async drain(limitMs = DRAIN_LIMIT_MS, idleGraceMs = IDLE_CONNECTIONS_GRACE_MS) {
      draining = true;
      // No new connection from now on. Only the listener closes: http.Server's own close() also
      // closes the idle keep-alive connections at once, and a proxy that has just sent a request
      // on one of them gets a reset it cannot replay (a POST fails with 502).
      NetServer.prototype.close.call(server);
      const drained = await until(() => inFlight === 0, limitMs);
      // Idle connections are closed by their clients (or Node's keep-alive timeout) meanwhile.
      if (drained) await until(() => connections.size === 0, idleGraceMs);
      server.closeAllConnections();
      return drained;
    },
  };
}
