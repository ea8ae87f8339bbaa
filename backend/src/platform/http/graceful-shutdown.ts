import type { Server } from 'node:http';

/**
 * How long a stopping API instance waits for the requests in flight (ADR 0136): above a long
 * export or a slow upload's end, below the 30 s docker-compose.yml gives a container to stop.
 */
export const DRAIN_LIMIT_MS = 20_000;

/** Closes `server` gracefully: what `drain` does, and how many requests it still holds. */
export interface Drainable {
  readonly inFlight: number;
  /**
   * Stops taking connections, answers what is in flight (each answer closing its connection), and
   * resolves true once none is left, or false when `limitMs` passed first; then every connection
   * still open is closed.
   */
  drain(limitMs?: number): Promise<boolean>;
}

/** Counts `server`'s requests from now on, so that a stop can wait for them. */
export function drainable(server: Server): Drainable {
  let inFlight = 0;
  let draining = false;
  let whenIdle: (() => void) | undefined;
  server.on('request', (_request, response) => {
    inFlight += 1;
    // A keep-alive connection must not carry a new request once its answer is given.
    if (draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) whenIdle?.();
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
    async drain(limitMs = DRAIN_LIMIT_MS) {
      draining = true;
      // No new connection from now on; idle keep-alive ones are closed at once.
      server.close();
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const drained =
        inFlight === 0 ||
        (await Promise.race([
          new Promise<true>((resolve) => {
            whenIdle = () => resolve(true);
          }),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), limitMs);
          }),
        ]));
      clearTimeout(timer);
      server.closeAllConnections();
      return drained;
    },
  };
}
