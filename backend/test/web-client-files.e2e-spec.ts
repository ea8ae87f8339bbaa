import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { HASHED_ASSET_CACHE, webClientFiles } from '../src/platform/http/web-client-files';

/** A built client as Vite writes it: hashed files with their brotli and gzip copies beside them. */
function buildClient(): { dir: string; script: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'registra-web-client-'));
  mkdirSync(join(dir, 'assets'));
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const line${i} = "Registra ${i}";`).join('\n'),
  );
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Registra</title>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, script };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent: Node's own client, which (unlike fetch and supertest) never decompresses. */
function getRaw(server: Server, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the built web client, precompressed (webClientFiles)', () => {
  let dir: string;
  let script: Buffer;
  let server: Server;

  beforeAll(async () => {
    ({ dir, script } = buildClient());
    const app = express();
    app.use(webClientFiles(dir));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    // [Accept-Encoding, Content-Encoding answered, how to read it back]
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'a hashed script asked with Accept-Encoding %j comes back %s, the same bytes once decompressed',
    async (acceptEncoding, encoding, decompress) => {
      const res = await getRaw(server, '/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
      expect(res.body.length).toBeLessThan(script.length);
      expect(decompress(res.body).equals(script)).toBe(true);
    },
  );

  it.each([['identity'], [undefined]])(
    'asked with Accept-Encoding %j, it comes back as built',
    async (acceptEncoding) => {
      const res = await getRaw(server, '/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(script)).toBe(true);
      expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    },
  );

  it.each([
    ['/index.html', 'no-cache'],
    ['/favicon.svg', 'public, max-age=3600'],
  ])('%s is cached as %j (not a hashed file)', async (path, cacheControl) => {
    const res = await getRaw(server, path, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('says HASHED_ASSET_CACHE is one year, unchanged', () => {
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
  });
});
