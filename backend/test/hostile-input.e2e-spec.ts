import {
  FILE_NAME_MAX_LENGTH,
  JSON_MAX_DEPTH,
  JSON_MAX_KEYS,
  PAGE_NUMBER_MAX,
} from '@registra/domain';
import { postJsonText } from './support/http';
import { createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** `{"a":{"a":…}}` nested `depth` levels. */
const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Bad input never answers 500: hostile shapes are refused with 400 before validation. */
describe('Hostile input', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_FORM_POSTS_PER_HOUR: '1000' });
    auth = (await createUser(t)).auth;
  });
  afterAll(() => t.close());

  it.each([
    ['POST /api/form (public)', '/api/form', false],
    ['POST /api/people/search', '/api/people/search', true],
    ['POST /api/organization/search', '/api/organization/search', true],
  ])(
    `5 000-deep JSON on %s answers 400 (depth limit ${JSON_MAX_DEPTH})`,
    async (_l, path, signed) => {
      const res = await postJsonText(t, path, nested(5000), signed ? auth : undefined);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    },
  );

  it(`${JSON_MAX_DEPTH} levels pass the shape check, ${JSON_MAX_DEPTH + 1} do not`, async () => {
    const send = (depth: number) => postJsonText(t, '/api/people/search', nested(depth), auth);
    const deepest = await send(JSON_MAX_DEPTH);
    // Refused by validation (unknown field), not by the shape check.
    expect(deepest.status).toBe(400);
    expect(deepest.body.message).not.toMatch(/nested deeper/);
    const deeper = await send(JSON_MAX_DEPTH + 1);
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe(
      `The request body is nested deeper than ${JSON_MAX_DEPTH} levels`,
    );
  });

  it(`more than ${JSON_MAX_KEYS} keys answer 400`, async () => {
    const wide = JSON.stringify({
      search: 'x',
      list: Array.from({ length: JSON_MAX_KEYS }, () => 1),
    });
    const res = await postJsonText(t, '/api/people/search', wide, auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `The request body holds more than ${JSON_MAX_KEYS} keys and items`,
    );
  });

  it.each([
    ['POST /api/form/search', '/api/form/search'],
    ['POST /api/people/search', '/api/people/search'],
    ['POST /api/organization/search', '/api/organization/search'],
  ])(`%s with page 1e20 or past ${PAGE_NUMBER_MAX} answers 400`, async (_l, path) => {
    for (const page of [1e20, PAGE_NUMBER_MAX + 1]) {
      const res = await t.http.post(path).set('Authorization', auth).send({ page });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain('page');
    }
    const last = await t.http.post(path).set('Authorization', auth).send({ page: PAGE_NUMBER_MAX });
    expect(last.status).toBe(200);
  });

  it(`an upload whose file name is over ${FILE_NAME_MAX_LENGTH} characters answers 400 and stores nothing`, async () => {
    const person = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'Long', lastName: 'Name' });
    const upload = (fileName: string) =>
      t.http
        .post('/api/file')
        .set('Authorization', auth)
        .field('folder', `people/${person.body.data._id}`)
        .attach('file', Buffer.from('scan'), { filename: fileName, contentType: 'text/plain' });
    const refused = await upload(`${'x'.repeat(FILE_NAME_MAX_LENGTH - 3)}.txt!`);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'fileName', message: `fileName must be at most ${FILE_NAME_MAX_LENGTH} characters` },
    ]);
    const accepted = await upload(`${'x'.repeat(FILE_NAME_MAX_LENGTH - 4)}.txt`);
    expect(accepted.status).toBe(200);
    const stored = await t.http
      .get(`/api/people/${person.body.data._id}`)
      .set('Authorization', auth);
    expect(stored.body.data.attachedFiles).toHaveLength(1);
    // The record's own PUT takes the record back as it was read.
    const put = await t.http
      .put(`/api/people/${person.body.data._id}`)
      .set('Authorization', auth)
      .send(stored.body.data);
    expect(put.status).toBe(200);
  });

  it('sends HSTS over https only', async () => {
    const plain = await t.http.get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Behind a trusted proxy that says the visitor came over https.
    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.http.get('/api/health').set('X-Forwarded-Proto', 'https');
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await proxied.http.get('/api/health').set('X-Forwarded-Proto', 'http');
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header of a client is not believed.
    const spoofed = await t.http.get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    [
      'people',
      '/api/people',
      { firstName: 'Dup', lastName: 'Licate' },
      { firstName: 'DUP', lastName: 'licate' },
    ],
    [
      'organizations',
      '/api/organization',
      { name: 'Duplicate Paging Ltd' },
      { name: 'duplicate paging limited' },
    ],
  ])('the %s duplicates are paged: page and limit honoured and bounded', async (_l, base, a, b) => {
    for (const body of [a, b, a, b]) {
      await t.http.post(base).set('Authorization', auth).send(body);
    }
    const first = await t.http.get(`${base}/duplicates?page=1&limit=1`).set('Authorization', auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, page: 1, limit: 1 });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.totalItems).toBeGreaterThanOrEqual(1);
    expect(first.body.totalPages).toBe(first.body.totalItems);
    const past = await t.http
      .get(`${base}/duplicates?page=${first.body.totalItems + 1}&limit=1`)
      .set('Authorization', auth);
    expect(past.body.data).toEqual([]);
    for (const query of ['page=0', 'limit=501', 'page=1e20', 'limit=x']) {
      const res = await t.http.get(`${base}/duplicates?${query}`).set('Authorization', auth);
      expect(res.status).toBe(400);
    }
  });
});
