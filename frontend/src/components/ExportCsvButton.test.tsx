import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../test/render';
import { csvRecordCount, savedWords } from '../lib/files';
import { ExportCsvButton } from './ExportCsvButton';

const restoreUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  URL.createObjectURL = restoreUrl.create;
  URL.revokeObjectURL = restoreUrl.revoke;
  vi.unstubAllGlobals();
});

describe('what a download says it saved', () => {
  it.each([
    ['', 0],
    ['Name\r\n', 1],
    ['Name\r\nSeán\r\nMáire', 3],
    ['Name,Note\r\n"Byrne, Mary","two\r\nlines"\r\n', 2],
  ])('%j holds %i records', (text, records) => {
    expect(csvRecordCount(text)).toBe(records);
  });

  it.each([
    [{ fileName: 'people.csv', rows: 119 }, 'people.csv saved: 119 rows.'],
    [{ fileName: 'people.csv', rows: 1 }, 'people.csv saved: 1 row.'],
    [{ fileName: 'people.csv', rows: 0 }, 'people.csv saved: 0 rows.'],
    [{ fileName: 'aml-file.pdf', rows: null }, 'aml-file.pdf saved.'],
  ])('%j: %j', (saved, words) => {
    expect(savedWords(saved)).toBe(words);
  });
});

describe('ExportCsvButton', () => {
  it("exports the list's filters with the session header and saves the file under the server's name", async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    const requests: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(input instanceof Request ? input : new Request(input, init));
        return new Response('\uFEFFFirst Name\r\nSeán\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="people-2026-11-23.csv"',
          },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/csv');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });

    renderWithStore(
      <ExportCsvButton
        path="/people/export"
        filters={{
          search: 'ó briain',
          country: undefined,
          sortField: 'lastName',
          sortOrder: 'asc',
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual(['people-2026-11-23.csv blob:http://localhost/csv']));
    // What happened, in words: the file and its rows.
    expect(await screen.findByText('people-2026-11-23.csv saved: 1 row.')).toBeInTheDocument();
    const url = new URL(requests[0].url);
    expect(url.pathname).toBe('/api/people/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'ó briain',
      sortField: 'lastName',
      sortOrder: 'asc',
    });
    expect(requests[0].headers.get('Authorization')).toBe('JWT stored');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(await blob.text()).toContain('Seán');
    click.mockRestore();
  });

  it('says why when the export is refused, and can be tried again', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              ok: false,
              code: 'VALIDATION_ERROR',
              message: 'sortField must be one of …',
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    renderWithStore(<ExportCsvButton path="/organization/export" filters={{ sortField: 'x' }} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('sortField must be one of …')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
