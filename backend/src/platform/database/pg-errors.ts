/** PostgreSQL error codes the repositories translate into API errors. */
export const PG_UNIQUE_VIOLATION = '23505';

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION;
}

/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention: admin shutdown,
 * crash shutdown, cannot connect now), and the socket errors of a server that is down.
 */
const UNAVAILABLE_SQLSTATE = /^(08|57P)/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Connection ended unexpectedly/i;

/** The error says the database cannot be reached right now (not that the query is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
