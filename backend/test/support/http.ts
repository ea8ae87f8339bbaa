import type { Test } from 'supertest';
import type { TestApp } from './test-app';

type Parser = Parameters<Test['parse']>[0];

/**
 * Reads a streamed answer (a CSV download) whole as text: supertest buffers only the types it
 * knows, so `.buffer(true).parse(readText)`.
 */
export const readText: Parser = (res, done) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (body += chunk));
  res.on('end', () => done(null, body));
};

/** Reads a streamed answer (a PDF, a stored file) whole as bytes, for `.parse(readBytes)`. */
export const readBytes: Parser = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The requests of one signed-in user (`who` as createUser answers it). */
export const requestsAs = (t: TestApp, who: { auth: string }) => ({
  get: (path: string) => t.http.get(path).set('Authorization', who.auth),
  post: (path: string, body: object) => t.http.post(path).set('Authorization', who.auth).send(body),
  put: (path: string, body: object) => t.http.put(path).set('Authorization', who.auth).send(body),
  delete: (path: string) => t.http.delete(path).set('Authorization', who.auth),
});

/**
 * A POST whose body is this JSON text as it stands (malformed, too deep, too wide), where
 * supertest would write its own; signed in when `auth` is given.
 */
export const postJsonText = (t: TestApp, path: string, text: string, auth?: string) => {
  const request = t.http.post(path).set('Content-Type', 'application/json');
  return (auth === undefined ? request : request.set('Authorization', auth)).send(text);
};

/** A list's answer (the page envelope) when every match fits its first page (of 25). */
export const onlyPage = (data: unknown[]) => ({
  ok: true,
  data,
  totalItems: data.length,
  totalPages: 1,
  page: 1,
  limit: 25,
});
