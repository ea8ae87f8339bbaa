import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizationFolders } from '@registra/domain';
import { installFakeXhr, uploadAnswer } from '../../../test/fakeXhr';
import { signIn, withFiles } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import type { AttachedFile } from '../../../types/records';
import { makeOrganization } from '../testFixtures';
import { groupByFolder } from './FilesTab';

const file = (id: string, folder: string, fileName: string): AttachedFile => ({
  url: `/api/file/${id}`,
  folder: `organization/o1/${folder}`,
  fileName,
  size: 2048,
  contentType: 'application/pdf',
  uploadedBy: 'Aoife Murphy',
  uploadedAt: '2026-03-02T10:00:00.000Z',
});

const attachedFiles = [
  file('f1', 'bank', 'statement-january.pdf'),
  file('f2', 'bank', 'statement-february.pdf'),
  file('f3', 'tax', 'ct1-2025.pdf'),
  // Filed under an annual return that has left the list of folders since.
  file('f4', 'annualReturn2019', 'b1-2019.pdf'),
];

const folderCount = (name: string) =>
  within(screen.getByTestId(`folder-${name}`)).getByText(/^\d+$/).textContent;

describe('organization Files tab', () => {
  it('groups the files by folder: the listed folders in order, then older ones that hold files', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const groups = groupByFolder('o1', [...attachedFiles, file('x', 'bank', 'other.pdf')], now);
    expect(groups.map((group) => group.name)).toEqual([
      'incorporation',
      'bank',
      'tax',
      'domiciliation',
      'post',
      'payroll',
      'invoices',
      'annualReturn2024',
      'annualReturn2025',
      'annualReturn2026',
      'annualReturn2019',
    ]);
    expect(groups.map((group) => group.files.length)).toEqual([0, 3, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    // Another organization's files (a stale cache) are not counted.
    expect(groupByFolder('o2', attachedFiles, now).every((g) => g.files.length === 0)).toBe(true);
  });

  it('shows each folder with its file count, a folder its files, and counts the tab', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'GET /api/organization/o1': () =>
        json(200, { ok: true, data: makeOrganization(withFiles(attachedFiles)) }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    renderApp('/organization/o1/ATTACHEDFILES_ORGANIZATION_TAB');

    const tab = await screen.findByRole('tab', { name: /^Files/ });
    expect(tab).toHaveTextContent('Files4');
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const folders = within(screen.getByRole('group', { name: 'Folders' }));
    expect(folders.getAllByRole('button').map((button) => button.textContent)).toEqual([
      ...organizationFolders().map((name) =>
        name === 'bank' ? 'bank2' : name === 'tax' ? 'tax1' : `${name}0`,
      ),
      'annualReturn20191',
    ]);
    expect(screen.getByText('Choose a folder to see its files and upload into it.')).toBeVisible();

    await user.click(screen.getByTestId('folder-bank'));
    expect(screen.getByTestId('folder-bank')).toHaveAttribute('aria-current', 'true');
    expect(screen.getAllByTestId('file-row').map((row) => row.firstChild?.textContent)).toEqual([
      'statement-january.pdf',
      'statement-february.pdf',
    ]);
    expect(screen.getByLabelText('Upload to bank')).toBeInTheDocument();

    await user.click(screen.getByTestId('folder-payroll'));
    expect(screen.queryAllByTestId('file-row')).toHaveLength(0);
    expect(screen.getByText('No files in this folder yet.')).toBeVisible();
  });

  it('uploads into the chosen folder, refetches the organization, and Update keeps the new file', async () => {
    const user = userEvent.setup();
    const sent = installFakeXhr();
    const uploaded = file('f9', 'bank', 'statement-march.pdf');
    let stored = makeOrganization(withFiles(attachedFiles));
    const calls = mockApi({
      ...signIn(),
      'GET /api/organization/o1': () => json(200, { ok: true, data: stored }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
      'PUT /api/organization/o1': (call: Call) =>
        json(200, { ok: true, data: { ...stored, ...(call.body as object) } }),
    });
    renderApp('/organization/o1/ATTACHEDFILES_ORGANIZATION_TAB');
    await user.click(await screen.findByTestId('folder-bank'));

    await user.upload(
      screen.getByLabelText('Upload to bank'),
      new File(['%PDF'], 'statement-march.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(sent[0].field('folder')).toBe('organization/o1/bank');

    // The server appended the entry and bumped updatedAt.
    stored = {
      ...stored,
      ...withFiles([...attachedFiles, uploaded]),
      updatedAt: '2026-03-02T10:00:00.001Z',
    };
    await act(async () =>
      sent[0].respond(200, uploadAnswer('statement-march.pdf', 'organization/o1/bank', 'f9')),
    );
    await waitFor(() => expect(folderCount('bank')).toBe('3'));
    expect(screen.getByRole('tab', { name: /^Files/ })).toHaveTextContent('Files5');
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/organization/o1'),
    ).toHaveLength(2);

    // A whole-record Update afterwards carries the new file and the new version.
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.type(screen.getByLabelText('Mail'), 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(put.updatedAt).toBe('2026-03-02T10:00:00.001Z');
    // The file URLs are what a save writes back; the server keeps each entry behind them.
    expect(put.attachedFiles).toEqual([...attachedFiles, uploaded].map((entry) => entry.url));
    expect(put).not.toHaveProperty('files');
  });

  it('deleting a file refetches the organization, so the folder count drops', async () => {
    const user = userEvent.setup();
    let stored = makeOrganization(withFiles(attachedFiles));
    const calls = mockApi({
      ...signIn(),
      'GET /api/organization/o1': () => json(200, { ok: true, data: stored }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
      'DELETE /api/file/f3': () => {
        stored = {
          ...stored,
          ...withFiles(attachedFiles.filter((f) => f.url !== '/api/file/f3')),
        };
        return json(200, { ok: true });
      },
    });
    renderApp('/organization/o1/ATTACHEDFILES_ORGANIZATION_TAB');
    await user.click(await screen.findByTestId('folder-tax'));

    await user.click(screen.getByRole('button', { name: 'Delete ct1-2025.pdf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(folderCount('tax')).toBe('0'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/file/f3')).toBe(
      true,
    );
  });
});
