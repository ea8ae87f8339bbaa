import { createReadStream, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';

/** A process's resident memory now, in bytes (Linux: /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Waits for the server at `base` (http://host:port) to answer its health route. */
export async function serverAnswering(base: string, attempts: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {
      if (i > attempts) throw new Error('the server did not start');
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * A multipart POST to the server on 127.0.0.1:`port`, its file part streamed from disk with an
 * exact Content-Length, so a file larger than memory is never held whole: the answer's status and
 * text.
 */
export function postFileStreamed(options: {
  port: number;
  path: string;
  token: string;
  /** The form's other field, sent before the file. */
  field: { name: string; value: string };
  file: string;
  fileName: string;
  contentType: string;
}): Promise<{ status: number; text: string }> {
  const { field, file } = options;
  const boundary = `----registra${Date.now()}`;
  const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
  const head = Buffer.from(
    `${part(field.name)}\r\n\r\n${field.value}\r\n` +
      `${part('file')}; filename="${options.fileName}"\r\n` +
      `Content-Type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: 'POST',
        headers: {
          Authorization: `JWT ${options.token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.pipe(req, { end: false });
    body.on('end', () => req.end(tail));
    body.on('error', reject);
  });
}
