import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that sends nothing: a test reads what was sent and plays the
 * upload's progress, answer, failure or cancellation by hand.
 */
export class FakeXMLHttpRequest {
  static sent: FakeXMLHttpRequest[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXMLHttpRequest.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The names of the multipart fields, in the order they were appended. */
  fieldNames(): string[] {
    return [...(this.body as FormData).keys()];
  }

  field(name: string): FormDataEntryValue | null {
    return (this.body as FormData).get(name);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Installs the fake on window (undone after each test by `unstubGlobals`); returns the sent list. */
export function installFakeXhr(): FakeXMLHttpRequest[] {
  FakeXMLHttpRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return FakeXMLHttpRequest.sent;
}

/** The answer of POST /file for `fileName` stored in `folder`. */
export function uploadAnswer(fileName: string, folder: string, id = 'f9') {
  const data = {
    _id: id,
    url: `/api/file/${id}`,
    folder,
    fileName,
    size: 2048,
    contentType: 'application/pdf',
    uploadedBy: 'Aoife Murphy',
    uploadedAt: '2026-03-02T10:00:00.000Z',
  };
  return { ok: true, data, url: data.url, fileName };
}
