import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttachedFile } from '../../types/records';
import { json, mockApi, renderWithStore } from '../../test/render';
import { FileList } from './FileList';
import { formatFileSize } from './format';

// 41 characters: one over the display limit.
const LONG_NAME = 'certificate-of-incorporation-signed-1.pdf';

const files: AttachedFile[] = [
  {
    url: '/api/file/f1',
    folder: 'organization/o1/bank',
    fileName: LONG_NAME,
    size: 1536,
    contentType: 'application/pdf',
    uploadedBy: 'Aoife Murphy',
    uploadedAt: '2026-03-02T10:00:00.000Z',
  },
  {
    url: '/api/file/f2',
    folder: 'organization/o1/bank',
    fileName: 'notes.txt',
    size: 12,
    contentType: 'text/plain',
    uploadedBy: 'Orla Byrne',
    uploadedAt: '2026-06-30T23:30:00.000Z',
  },
];

const restoreUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  URL.createObjectURL = restoreUrl.create;
  URL.revokeObjectURL = restoreUrl.revoke;
});

describe('FileList', () => {
  it('shortens a 41-character name and keeps the whole name as its title', () => {
    expect(LONG_NAME).toHaveLength(41);
    renderWithStore(<FileList files={files} />);

    const [first, second] = screen.getAllByTestId('file-row');
    const name = within(first).getByTitle(LONG_NAME);
    expect(name.textContent).toBe('certificate-of-incorporation-signed-1...');
    expect(name.textContent).toHaveLength(40);
    expect(first).toHaveTextContent('1.5 KB');
    expect(first).toHaveTextContent('Aoife Murphy');
    expect(first).toHaveTextContent('02/03/2026');
    // 23:30 UTC on 30 June is already 1 July in Dublin (summer time).
    expect(second).toHaveTextContent('01/07/2026');
    expect(within(second).getByTitle('notes.txt')).toHaveTextContent(/^notes\.txt$/);
  });

  it('asks "Are you sure?" before deleting, then says "File deleted successfully"', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'DELETE /api/file/f1': () => json(200, { ok: true }) });
    renderWithStore(<FileList files={files} />);

    await user.click(screen.getByRole('button', { name: `Delete ${LONG_NAME}` }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${LONG_NAME}` }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/file/f1']);
  });

  it('opens a file by fetching it with the session header into a blob URL in a new tab', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    const calls = mockApi({
      'GET /api/file/f2': () =>
        new Response('remember the CRO filing', { headers: { 'Content-Type': 'text/plain' } }),
    });
    const tab = {
      opener: {} as unknown,
      document: { title: '', body: { textContent: '' } },
      location: { href: 'about:blank' },
      close: vi.fn(),
    };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1234');
    URL.revokeObjectURL = vi.fn();
    renderWithStore(<FileList files={files} />);

    await user.click(screen.getByRole('button', { name: 'Open notes.txt' }));

    // Opened during the click (no popup blocker), then pointed at the blob.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/1234'));
    expect(tab.opener).toBeNull();
    expect(calls[0].authorization).toBe('JWT stored');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(await blob.text()).toBe('remember the CRO filing');
    expect(tab.close).not.toHaveBeenCalled();
    // Revoked later, not while the tab is still loading it.
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  });

  it('formats sizes in powers of 1024', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(30 * 1024 * 1024)).toBe('30 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(undefined)).toBe('');
  });
});
