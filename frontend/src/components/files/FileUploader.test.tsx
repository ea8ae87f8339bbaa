import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_MAX_BYTES, UPLOAD_CONFIRMATION_MS } from '@registra/domain';
import { installFakeXhr, uploadAnswer } from '../../test/fakeXhr';
import { renderWithStore } from '../../test/render';
import { FileUploader } from './FileUploader';

const FOLDER = 'organization/o1/bank';

function pdf(name = 'statement.pdf', size?: number) {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  // A real 1 GiB file is not needed to test the check: only its size is read.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function chooseAndUpload(file: File) {
  const user = userEvent.setup();
  localStorage.setItem('token', 'stored');
  const onUploaded = vi.fn();
  renderWithStore(<FileUploader folder={FOLDER} onUploaded={onUploaded} />);
  await user.upload(screen.getByLabelText('File'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return { user, onUploaded };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FileUploader', () => {
  it('refuses a file of 1 GiB + 1 byte before sending anything', async () => {
    const sent = installFakeXhr();
    await chooseAndUpload(pdf('huge.pdf', FILE_MAX_BYTES + 1));

    expect(await screen.findByText('File size exceeds the 1GB limit.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('accepts exactly 1 GiB and sends the folder field first, with the session header', async () => {
    const sent = installFakeXhr();
    await chooseAndUpload(pdf('limit.pdf', FILE_MAX_BYTES));

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/file');
    expect(request.headers.Authorization).toBe('JWT stored');
    expect(request.fieldNames()).toEqual(['folder', 'file']);
    expect(request.field('folder')).toBe(FOLDER);
    expect((request.field('file') as File).name).toBe('limit.pdf');
  });

  it('shows the percentage sent, and Cancel aborts the upload', async () => {
    const sent = installFakeXhr();
    const { user, onUploaded } = await chooseAndUpload(pdf());

    const bar = screen.getByRole('progressbar', { name: 'Uploading statement.pdf' });
    expect(bar).toHaveTextContent('0%');
    act(() => sent[0].progress(420, 1000));
    expect(bar).toHaveTextContent('42%');
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent[0].aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('File upload failed')).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('says "File uploaded successfully" for 3 seconds, then the message is gone', async () => {
    const sent = installFakeXhr();
    const { onUploaded } = await chooseAndUpload(pdf());

    vi.useFakeTimers();
    await act(async () => sent[0].respond(200, uploadAnswer('statement.pdf', FOLDER)));

    // The inline confirmation (role alert); the toast says it too.
    expect(screen.getByRole('alert')).toHaveTextContent('File uploaded successfully');
    expect(onUploaded).toHaveBeenCalledWith(
      expect.objectContaining({ _id: 'f9', url: '/api/file/f9', folder: FOLDER }),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(UPLOAD_CONFIRMATION_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File uploaded successfully');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server\'s FILE_TOO_LARGE message, and "File upload failed" otherwise', async () => {
    const sent = installFakeXhr();
    const { user } = await chooseAndUpload(pdf());
    await act(async () =>
      sent[0].respond(413, {
        ok: false,
        code: 'FILE_TOO_LARGE',
        message: 'File size exceeds the 1GB limit.',
      }),
    );
    expect(await screen.findByText('File size exceeds the 1GB limit.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('File'), pdf('again.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await act(async () =>
      sent[1].respond(400, { ok: false, code: 'VALIDATION_ERROR', message: 'folder names...' }),
    );
    expect(await screen.findByText('File upload failed')).toBeInTheDocument();
    expect(screen.queryByText('folder names...')).not.toBeInTheDocument();
  });
});
