import type { ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** The build's content-hashed files: a new build gives them new names, so they never change. */
const HASHED_ASSETS = /^assets\//;

/** How long a browser keeps a hashed file without asking again: a year, the longest HTTP says. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * The built web client's files. Scripts and styles go as the build's brotli or gzip copy (`.br`,
 * `.gz` beside each file, made by Vite) when the browser accepts one, brotli first, with
 * `Vary: Accept-Encoding`; nothing is compressed per request. Hashed files are cached for a year
 * as they are; index.html is revalidated every time (it names the current hashed files); other
 * files (the icon) for an hour.
 */
export function webClientFiles(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      maxAge: '1h',
      setHeaders: (res: ServerResponse, path: string) => {
        const served = relative(dir, path).split(sep).join('/');
        if (HASHED_ASSETS.test(served)) res.setHeader('Cache-Control', HASHED_ASSET_CACHE);
        else if (served === 'index.html') res.setHeader('Cache-Control', 'no-cache');
      },
    },
  }) as RequestHandler;
}
