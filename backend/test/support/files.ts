import type { TestApp } from './test-app';

/** A file uploaded over HTTP into `folder` (people/{id}, task/{id}…): its id and address. */
export async function uploadFile(
  t: TestApp,
  auth: string,
  folder: string,
  fileName = 'scan.pdf',
): Promise<{ _id: string; url: string; fileName: string }> {
  const res = await t.http
    .post('/api/file')
    .set('Authorization', auth)
    .field('folder', folder)
    .attach('file', Buffer.from(`the content of ${fileName}`), {
      filename: fileName,
      contentType: 'application/pdf',
    });
  if (res.status !== 200) throw new Error(`Upload into ${folder}: ${res.status} ${res.text}`);
  const { url } = res.body as { url: string };
  return { _id: url.slice(url.lastIndexOf('/') + 1), url, fileName };
}
