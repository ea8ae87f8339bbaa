import { AppException } from '../errors/app-exception';
import { StoredFiles } from '../ports/stored-files';
import { ownFileId, requireStoredFiles, resolveStoredAttachedFiles } from './attached-files-input';

const APP = 'https://registra.firm.test';
const A = '0b6c3f5e-8a8e-4d3c-9a53-2f1d5b7c9e11';
const B = '7d1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6';

/** The port with a look-up that records each question it is asked. */
function storedFiles(live: string[]) {
  const asked: string[][] = [];
  const port = new StoredFiles();
  port.register(async (ids) => {
    asked.push([...ids]);
    return new Set(ids.filter((id) => live.includes(id)));
  });
  return { port, asked };
}

describe('ownFileId', () => {
  it.each([
    [`/api/file/${A}`, undefined, A],
    [`  /api/file/${A}  `, undefined, A],
    ['/api/file/passport-scan', undefined, 'passport-scan'],
    [`${APP}/api/file/${A}`, APP, A],
    [`${APP}/api/file/${A}`, undefined, undefined],
    [`https://evil.example/api/file/${A}`, APP, undefined],
    [`${APP}.evil.example/api/file/${A}`, APP, undefined],
    [`/api/file/${A}/download`, undefined, undefined],
    [`/api/files/${A}`, undefined, undefined],
    ['/api/file/', undefined, undefined],
    ['javascript:alert(1)', undefined, undefined],
  ])('%s (APP_URL %s) → %s', (url, appUrl, id) => {
    expect(ownFileId(url, appUrl)).toBe(id);
  });
});

describe('requireStoredFiles', () => {
  it('asks once for the whole list (each id once), whatever its length', async () => {
    const { port, asked } = storedFiles([A, B]);
    const urls = [
      `/api/file/${A}`,
      `/api/file/${B}`,
      `/api/file/${A}`,
      'https://x.example/f',
      undefined,
    ];
    await expect(requireStoredFiles(urls, port, 'attachedFiles')).resolves.toBeUndefined();
    expect(asked).toEqual([[A, B]]);
  });

  it('asks nothing when no address is of the product', async () => {
    const { port, asked } = storedFiles([]);
    await requireStoredFiles(['https://x.example/f', undefined], port, 'attachedFiles');
    expect(asked).toEqual([]);
  });

  it.each([
    [[`/api/file/${B}`], 0],
    [[`/api/file/${A}`, `/api/file/${B}`], 1],
    [[`/api/file/${A}`, '/api/file/passport-scan', `/api/file/${B}`], 1],
  ])(
    '%j: refuses the first missing entry (%i) by its index, naming the field',
    async (urls, index) => {
      const { port } = storedFiles([A]);
      const refused = await requireStoredFiles(urls, port, 'attachedFiles').catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AppException);
      expect((refused as AppException).getResponse()).toEqual({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: 'An attached file does not exist',
        details: [
          {
            field: 'attachedFiles',
            message: `attachedFiles[${index}] names no file stored by Registra: it does not exist or was deleted`,
          },
        ],
      });
    },
  );
});

describe('resolveStoredAttachedFiles', () => {
  it('checks only the entries the record does not hold already', async () => {
    const { port, asked } = storedFiles([B]);
    const held = { url: `/api/file/${A}`, folder: 'people/1', fileName: 'old.pdf' };
    const entries = await resolveStoredAttachedFiles([held.url, `/api/file/${B}`], [held], port);
    expect(entries).toEqual([held, { url: `/api/file/${B}`, folder: '', fileName: B }]);
    expect(asked).toEqual([[B]]);
  });
});
