import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { readBytes } from './support/http';
import { createdId } from './support/records';
import { createUser, startTestApp, TestApp } from './support/test-app';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every stored object under the app's local storage directory. */
function storedObjects(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) =>
    readdirSync(join(root, dir)).map((name) => join(dir, name)),
  );
}

/** A file of `size` pseudo-random bytes written in 1 MiB chunks, and its sha256. */
async function bigFile(dir: string, size: number): Promise<{ path: string; digest: string }> {
  const path = join(dir, 'big.bin');
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  let seed = 7;
  for (let written = 0; written < size;) {
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, size - written));
    for (let i = 0; i < chunk.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      chunk.writeUInt32LE(seed, i);
    }
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += chunk.length;
  }
  out.end();
  await finished(out);
  return { path, digest: hash.digest('hex') };
}

describe('Files (/api/file)', () => {
  let t: TestApp;
  let auth: string;
  let personId: string;
  let organizationId: string;
  let scratch: string;

  beforeAll(async () => {
    t = await startTestApp();
    auth = (await createUser(t, { firstName: 'Orla', lastName: 'Quinn' })).auth;
    personId = await createdId(t, auth, '/api/people', { firstName: 'Eoin', lastName: 'Files' });
    organizationId = await createdId(t, auth, '/api/organization', { name: 'Files Test Ltd' });
    scratch = await mkdtemp(join(tmpdir(), 'registra-files-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('uploads a small file to a person and downloads it byte-exact, with its name, type and length', async () => {
    const content = Buffer.from('Passport scan — Eoin Files\n'.repeat(100));
    const res = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`)
      .attach('file', content, {
        filename: 'Passport Éoin (2026).pdf',
        contentType: 'application/pdf',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      fileName: 'Passport Éoin (2026).pdf',
      url: expect.stringMatching(/^\/api\/file\/[0-9a-f-]{36}$/),
    });
    expect(res.body.data).toMatchObject({
      folder: `people/${personId}`,
      size: content.length,
      contentType: 'application/pdf',
      uploadedBy: 'Orla Quinn',
    });

    const person = (await t.http.get(`/api/people/${personId}`).set('Authorization', auth)).body
      .data;
    expect(person.attachedFiles).toEqual([res.body.url]);
    expect(person.files).toEqual([
      expect.objectContaining({
        url: res.body.url,
        fileName: 'Passport Éoin (2026).pdf',
        folder: `people/${personId}`,
      }),
    ]);

    const download = await t.http
      .get(res.body.url)
      .set('Authorization', auth)
      .buffer(true)
      .parse(readBytes);
    expect(download.status).toBe(200);
    expect(sha256(download.body)).toBe(sha256(content));
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(content.length));
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="Passport _oin (2026).pdf"; filename*=UTF-8''Passport%20%C3%89oin%20%282026%29.pdf`,
    );
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });

  it('round-trips a 50 MB file into an organization folder (sha256), and serves byte ranges', async () => {
    const size = 50 * 1024 * 1024;
    const file = await bigFile(scratch, size);
    const res = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `organization/${organizationId}/bank`)
      .attach('file', file.path, {
        filename: 'statement.bin',
        contentType: 'application/octet-stream',
      });
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(size);

    const download = await t.http
      .get(res.body.url)
      .set('Authorization', auth)
      .buffer(true)
      .parse(readBytes);
    expect(download.body.length).toBe(size);
    expect(sha256(download.body)).toBe(file.digest);

    const part = await t.http
      .get(res.body.url)
      .set('Authorization', auth)
      .set('Range', 'bytes=100-199')
      .buffer(true)
      .parse(readBytes);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.body.equals(download.body.subarray(100, 200))).toBe(true);
    const tail = await t.http
      .get(res.body.url)
      .set('Authorization', auth)
      .set('Range', 'bytes=-10')
      .buffer(true)
      .parse(readBytes);
    expect(tail.body.equals(download.body.subarray(size - 10))).toBe(true);
    const outside = await t.http
      .get(res.body.url)
      .set('Authorization', auth)
      .set('Range', `bytes=${size}-`);
    expect(outside.status).toBe(416);

    const organization = (
      await t.http.get(`/api/organization/${organizationId}`).set('Authorization', auth)
    ).body.data;
    expect(organization.attachedFiles).toContain(res.body.url);
    expect(organization.files.map((f: { url: string }) => f.url)).toContain(res.body.url);
    expect(statSync(join(t.config.dataDir, 'files')).isDirectory()).toBe(true);
  });

  it('answers 401 without a token, for upload and download', async () => {
    const upload = await t.http
      .post('/api/file')
      .field('folder', `people/${personId}`)
      .attach('file', Buffer.from('x'), 'x.txt');
    expect(upload.status).toBe(401);
    const existing = (await t.http.get(`/api/people/${personId}`).set('Authorization', auth)).body
      .data.attachedFiles[0];
    expect((await t.http.get(existing)).status).toBe(401);
    expect((await t.http.get(existing).set('Authorization', 'JWT forged')).status).toBe(401);
  });

  it.each([
    ['parent directory', () => '../../etc'],
    ['absolute path', () => '/etc/passwd'],
    ['climbing out of an organization', () => `organization/${organizationId}/../../etc`],
    ['encoded separators', () => `organization%2F${organizationId}%2Fbank`],
    ['encoded dots', () => `people/%2e%2e`],
    ['backslashes', () => `people\\..\\..`],
    ['an unknown organization folder', () => `organization/${organizationId}/secrets`],
    ['an unknown record', () => 'people/00000000-0000-4000-8000-000000000000'],
    ['a task that does not exist', () => 'task/00000000-0000-4000-8000-000000000000'],
    ['no folder at all', () => undefined],
  ])('refuses %s with 400 and leaves nothing in storage', async (_label, folder) => {
    const before = storedObjects(t).length;
    let call = t.http.post('/api/file').set('Authorization', auth);
    const value = folder();
    if (value !== undefined) call = call.field('folder', value);
    const res = await call.attach('file', Buffer.from('evil'), '../../evil.sh');
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(storedObjects(t).length).toBe(before);
  });

  it('refuses a request without a file or not multipart', async () => {
    const noFile = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`);
    expect(noFile.status).toBe(400);
    const json = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .send({ folder: `people/${personId}` });
    expect(json.status).toBe(400);
  });

  it('deletes a file: the record entry and the stored object go, then 404', async () => {
    const up = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`)
      .attach('file', Buffer.from('to delete'), 'delete-me.txt');
    const before = storedObjects(t).length;
    const res = await t.http.delete(up.body.url).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(storedObjects(t).length).toBe(before - 1);
    expect((await t.http.get(up.body.url).set('Authorization', auth)).status).toBe(404);
    expect((await t.http.delete(up.body.url).set('Authorization', auth)).status).toBe(404);
    const person = (await t.http.get(`/api/people/${personId}`).set('Authorization', auth)).body
      .data;
    expect(person.attachedFiles).not.toContain(up.body.url);
    expect(person.files.map((f: { url: string }) => f.url)).not.toContain(up.body.url);
  });

  it('POST /api/file/search lists the most recent files first', async () => {
    const up = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `organization/${organizationId}/tax`)
      .attach('file', Buffer.from('latest'), 'latest.txt');
    const res = await t.http.post('/api/file/search').set('Authorization', auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.data[0].url).toBe(up.body.url);
    // The listed file, written by PostgreSQL, is the upload's answer (its view in JavaScript).
    expect(res.body.data[0]).toEqual(up.body.data);
    expect(res.body.totalItems).toBeGreaterThanOrEqual(3);
  });
});

describe('Files over FILE_MAX_BYTES', () => {
  let t: TestApp;
  let auth: string;
  let personId: string;
  beforeAll(async () => {
    t = await startTestApp({ FILE_MAX_BYTES: String(256 * 1024) });
    auth = (await createUser(t)).auth;
    personId = await createdId(t, auth, '/api/people', { firstName: 'Big', lastName: 'File' });
  });
  afterAll(() => t.close());

  it.each([
    ['just over the limit (streamed, then refused)', 256 * 1024 + 1],
    ['far over the limit (refused from Content-Length)', 2 * 1024 * 1024],
  ])('answers 413 FILE_TOO_LARGE %s and leaves nothing behind', async (_label, size) => {
    const res = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`)
      .attach('file', Buffer.alloc(size, 1), 'too-big.bin');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      ok: false,
      code: 'FILE_TOO_LARGE',
      message: 'File size exceeds the 1GB limit.',
    });
    expect(storedObjects(t)).toEqual([]);
    const person = (await t.http.get(`/api/people/${personId}`).set('Authorization', auth)).body
      .data;
    expect(person.attachedFiles).toEqual([]);
    expect(person.files).toEqual([]);
    const files = await t.http.post('/api/file/search').set('Authorization', auth).send({});
    expect(
      files.body.data.filter((f: { folder: string }) => f.folder === `people/${personId}`),
    ).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`)
      .attach('file', Buffer.alloc(256 * 1024, 2), 'exact.bin');
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(256 * 1024);
  });
});
