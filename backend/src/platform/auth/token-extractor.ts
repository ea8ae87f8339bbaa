import type { Request } from 'express';

/** Reads `Authorization: JWT <token>` (the web client's scheme) or `Bearer <token>`. */
export function extractToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^(JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match ? match[2] : null;
}
