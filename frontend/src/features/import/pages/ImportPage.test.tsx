import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportUploadView, ImportView } from '@registra/domain';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import { listAnswer, signIn } from '../../../test/fixtures';
import { importView as view } from '../../../test/importView';
import type { ImportCheckAnswer } from '../api';

const uploaded: ImportUploadView = {
  _id: 'imp1',
  kind: 'organizations',
  fileName: 'clients.xlsx',
  format: 'xlsx',
  encoding: null,
  delimiter: null,
  sheets: ['Clients'],
  sheet: 'Clients',
  headerRow: 1,
  columns: ['Client', 'Reg. No.', 'Date of incorporation'],
  mapping: {
    Client: 'organization.name',
    'Reg. No.': null,
    'Date of incorporation': 'organization.incorporationDate',
  },
  preview: [
    {
      row: 2,
      organization: { name: 'Seán Ó Briain Teoranta', incorporationDate: '2019-03-14' },
      errors: [],
    },
  ],
};

const checked: ImportCheckAnswer = {
  rows: 5,
  errors: [
    { row: 4, column: 'Client', message: 'Name is required' },
    {
      row: 5,
      column: 'Date of incorporation',
      message: '"31/02/2021" is not a date written dd/MM/yyyy',
    },
  ],
  errorCount: 2,
  duplicates: [
    {
      row: 6,
      recordType: 'organization',
      recordId: null,
      duplicateOfRow: 2,
      label: 'Seán Ó Briain Teoranta',
    },
  ],
  duplicateCount: 1,
  preview: uploaded.preview,
};

/** A run finished on 25 November, open to undo for 30 days. */
const finished = {
  status: 'done',
  progress: 1,
  finishedAt: '2026-11-25T10:01:00.000Z',
  undoableUntil: '2026-12-25T10:01:00.000Z',
} as const;

/** An undo's counts: `records` to take back, `done` of them deleted so far, none left alone. */
const undoOf = (records: number, done = 0) => ({
  records,
  recordsDone: done,
  deleted: done,
  restored: 0,
  leftAloneCount: 0,
  leftAlone: [],
});

/** An Excel file as a browser without its type registered gives it. */
const excelFile = (name: string) => new File(['PK'], name, { type: 'application/octet-stream' });

/** The history lists `imports()`; `routes` answer the rest. */
const serveHistory = (imports: () => ImportView[], routes: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ ...signIn(), 'GET /api/import': () => json(200, listAnswer(imports())), ...routes });

/** The server knows one import, as `current()` says: the history lists it, its address answers it. */
const serveOne = (current: () => ImportView) =>
  serveHistory(() => [current()], {
    'GET /api/import/imp1': () => json(200, { ok: true, data: current() }),
  });

/** Chooses the file and uploads it; `sheet` names an Excel sheet other than the first. */
async function uploadFile(user: UserEvent, file: File, sheet?: string) {
  await user.upload(await screen.findByLabelText('File (.csv or .xlsx)'), file);
  if (sheet) await user.type(screen.getByLabelText('Sheet (Excel; empty for the first)'), sheet);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

describe('the import page', () => {
  it('uploads, lets the user fix the mapping, checks in the background, and imports with a progress bar and a summary', async () => {
    // The server's side: a check goes on for a second; a run is seen once going on, then over.
    let job: 'check' | 'run' = 'check';
    let checkStarted = 0;
    let polls = 0;
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'POST /api/import': () => json(200, { ok: true, data: uploaded }),
      'POST /api/import/imp1/check': () => {
        job = 'check';
        checkStarted = Date.now();
        return json(200, { ok: true, data: view({ status: 'checking', progress: 0 }) });
      },
      'POST /api/import/imp1/run': () => {
        job = 'run';
        polls = 0;
        return json(200, { ok: true, data: view() });
      },
      'GET /api/import/imp1': () => {
        if (job === 'check')
          return json(200, {
            ok: true,
            data:
              Date.now() - checkStarted < 1000
                ? view({ status: 'checking', progress: 0.5 })
                : view({ status: 'checked', progress: 0, check: checked }),
          });
        polls += 1;
        return json(200, {
          ok: true,
          data:
            polls === 1
              ? view()
              : view({
                  status: 'done',
                  progress: 1,
                  created: 2,
                  skipped: 1,
                  failed: 2,
                  finishedAt: '2026-11-25T10:01:00.000Z',
                }),
        });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/import');

    expect(await screen.findByRole('heading', { name: 'Import' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What the file holds'), 'organizations');
    await uploadFile(
      user,
      new File(['PK'], 'clients.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );

    // Step 2: the guessed mapping, one column left to map by hand, the preview as stored.
    const mapping = await screen.findByRole('table', { name: 'Column mapping' });
    expect(within(mapping).getByLabelText('Field for Client')).toHaveValue('organization.name');
    expect(within(mapping).getByLabelText('Field for Reg. No.')).toHaveValue('');
    await user.selectOptions(
      within(mapping).getByLabelText('Field for Reg. No.'),
      'organization.cro',
    );
    const preview = screen.getByRole('table', { name: 'Preview' });
    expect(within(preview).getByText('Seán Ó Briain Teoranta')).toBeInTheDocument();
    expect(within(preview).getByText('2019-03-14')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));

    // The check is a background job: its progress, then its result.
    const progress = within(await screen.findByRole('region', { name: 'Check' })).getByRole(
      'progressbar',
    );
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();

    // Step 3: two errors, one duplicate; nothing written yet.
    expect(
      await screen.findByText(/5 rows checked: 2 errors, 1 duplicate/, undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check' })).toBeNull();
    const checkCall = calls.find((call) => call.path === '/api/import/imp1/check');
    expect(checkCall?.body).toEqual({
      mapping: {
        Client: 'organization.name',
        'Reg. No.': 'organization.cro',
        'Date of incorporation': 'organization.incorporationDate',
      },
      dateFormat: 'dd/MM/yyyy',
      onDuplicate: 'skip',
      sheet: 'Clients',
    });
    const errors = screen.getByRole('table', { name: 'Errors' });
    expect(within(errors).getAllByRole('row')).toHaveLength(3);
    expect(
      within(screen.getByRole('table', { name: 'Duplicates' })).getByText('Row 2 of the file'),
    ).toBeInTheDocument();

    // Each duplicate has its own choice too: the check is asked again with it.
    await user.selectOptions(screen.getByLabelText('Choice for row 6'), 'create');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/import/imp1/check').at(-1)?.body,
      ).toMatchObject({
        onDuplicate: 'skip',
        choices: { '6': 'create' },
      }),
    );
    // Checked again in the background: the choices wait for its result.
    expect(await screen.findByRole('region', { name: 'Check' })).toBeInTheDocument();
    expect(screen.getByLabelText('Choice for row 6')).toBeDisabled();
    await waitForElementToBeRemoved(() => screen.queryByRole('region', { name: 'Check' }), {
      timeout: 3000,
    });
    expect(screen.getByLabelText('Choice for row 6')).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    // The run's id goes into the address, so a reload finds the progress again.
    await waitFor(() => expect(router.state.location.search).toBe('?id=imp1'));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /The import is done\. 2 created, 0 updated, 1 skipped, 2 failed\./,
        undefined,
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download the failed rows (CSV)' }),
    ).toBeInTheDocument();
  });

  it('a check that fails says why in words, and the mapping stays to be changed', async () => {
    const failure =
      'The file has more than 500 000 rows, the most an import reads: split it into several files';
    mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'POST /api/import': () => json(200, { ok: true, data: uploaded }),
      'POST /api/import/imp1/check': () =>
        json(200, { ok: true, data: view({ status: 'checking', progress: 0 }) }),
      'GET /api/import/imp1': () =>
        json(200, { ok: true, data: view({ status: 'check_failed', progress: 0, failure }) }),
    });
    const user = userEvent.setup();
    renderApp('/import');
    await uploadFile(user, excelFile('clients.xlsx'));
    await screen.findByRole('table', { name: 'Column mapping' });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(failure)).toBeInTheDocument();
    expect(screen.getByText('The check failed.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Column mapping' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled();
  });

  it.each([
    { role: 'staff', theirs: false },
    { role: 'admin', theirs: true },
  ] as const)(
    'Undo is offered to $role on their own imports; on others’: $theirs',
    async ({ role, theirs: onTheirs }) => {
      serveHistory(
        () => [
          view({ ...finished, fileName: 'mine.csv' }),
          view({
            ...finished,
            _id: 'imp2',
            fileName: 'theirs.csv',
            userId: 'u2',
            userName: 'Cian Other',
          }),
        ],
        {
          'GET /api/user/signin_token': () =>
            json(200, { ok: true, token: 'fresh', data: { ...aoife, role } }),
        },
      );
      renderApp('/import');
      const history = await screen.findByRole('table', { name: 'Imports' });
      const mine = await within(history).findByRole('row', { name: /mine\.csv/ });
      expect(within(mine).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      const theirs = within(history).getByRole('row', { name: /theirs\.csv/ });
      expect(within(theirs).queryByRole('button', { name: 'Undo' }) !== null).toBe(onTheirs);
    },
  );

  it('names every status of the history in words, the check’s own ones included', async () => {
    serveHistory(() => [
      view({ _id: 'a', fileName: 'a.csv', status: 'checking' }),
      view({ _id: 'b', fileName: 'b.csv', status: 'check_failed', failure: 'Bad file' }),
      view({ _id: 'c', fileName: 'c.csv', status: 'uploaded' }),
    ]);
    renderApp('/import');
    const history = await screen.findByRole('table', { name: 'Imports' });
    const status = async (file: string) =>
      within(await within(history).findByRole('row', { name: new RegExp(file) })).getAllByRole(
        'cell',
      )[3].textContent;
    expect(await status('a\\.csv')).toBe('Checking');
    expect(await status('b\\.csv')).toBe('Check failed');
    expect(await status('c\\.csv')).toBe('Uploaded');
  });

  it('after a reload the progress of a running import is shown from the address', async () => {
    serveOne(() => view({ progress: 0.4 }));
    renderApp('/import?id=imp1');
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 %')).toBeInTheDocument();
  });

  it('a run asked for while the queue is away says it waits for the queue, then runs when it is back', async () => {
    let answer = view({ progress: 0, waitingForQueue: true });
    serveOne(() => answer);
    renderApp('/import?id=imp1');
    const run = await screen.findByRole('region', { name: 'Import run' });
    expect(await within(run).findByText('Waiting for the queue.')).toBeInTheDocument();
    expect(
      within(run).getByText(/the import starts by itself as soon as it is back/),
    ).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports' });
    expect(
      within(history).getByRole('link', { name: 'Waiting for the queue' }),
    ).toBeInTheDocument();
    // The queue is back and the worker resumed it once after a stop: the bar, and words for the resume.
    answer = view({ progress: 0.6, resumes: 1 });
    await waitFor(() => expect(within(run).queryByText('Waiting for the queue.')).toBeNull(), {
      timeout: 3000,
    });
    expect(within(run).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(
      within(run).getByText('Resumed once after the worker stopped, from its last saved batch.'),
    ).toBeInTheDocument();
  });

  it('an undo waiting for the queue says so, in the history too', async () => {
    const undo = undoOf(4);
    const waiting = view({ status: 'undoing', progress: 0, undo, waitingForQueue: true });
    serveOne(() => waiting);
    renderApp('/import?id=imp1');
    const region = await screen.findByRole('region', { name: 'Undo' });
    expect(await within(region).findByText(/the undo starts by itself/)).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports' });
    expect(within(history).getByText('Waiting for the queue')).toBeInTheDocument();
  });

  it('the history offers undo for 30 days: a background job with a progress bar, then the records left alone', async () => {
    const done = view({ ...finished, created: 2 });
    const undo = undoOf(2, 1);
    const undoing = view({ ...done, status: 'undoing', progress: 0.5, undo });
    let polls = 0;
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([polls === 0 ? done : undoing])),
      'POST /api/import/imp1/undo': () => json(200, { ok: true, data: undoing }),
      'GET /api/import/imp1': () => {
        polls += 1;
        return json(200, {
          ok: true,
          data:
            polls === 1
              ? undoing
              : view({
                  ...done,
                  status: 'undone',
                  undoableUntil: null,
                  undo: {
                    ...undo,
                    recordsDone: 2,
                    leftAloneCount: 1,
                    leftAlone: [
                      { recordType: 'organization', recordId: 'o2', label: 'Cáit Ní Mhaoláin DAC' },
                    ],
                  },
                }),
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const history = await screen.findByRole('table', { name: 'Imports' });
    await user.click(await within(history).findByRole('button', { name: 'Undo' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo' }),
    );
    const bar = within(await screen.findByRole('region', { name: 'Undo' })).getByRole(
      'progressbar',
    );
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Undoing clients.xlsx: 1 of 2 records')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /clients\.xlsx was undone: 1 record deleted, 0 restored\./,
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Cáit Ní Mhaoláin DAC')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/import/imp1/undo'),
    ).toBe(true);
  });

  it('an undo started beside a finished run follows the job to its end, and a reload finds it undone', async () => {
    // The run's outcome is on screen (`?id=`), its status no longer asked for. The undo takes
    // 119 records back in 1.5 s: the reads right after it find it at 0 %, a later one undone.
    const done = view({ ...finished, created: 119 });
    const undo = undoOf(119);
    const undoing = view({ ...done, status: 'undoing', progress: 0, undo });
    const undone = view({
      ...done,
      status: 'undone',
      undoableUntil: null,
      undoneAt: '2026-11-25T10:05:01.000Z',
      undo: undoOf(119, 119),
    });
    let undoAsked = 0;
    const current = () => (!undoAsked ? done : Date.now() - undoAsked < 1500 ? undoing : undone);
    const routes = {
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([current()])),
      'POST /api/import/imp1/undo': () => {
        undoAsked = Date.now();
        return json(200, { ok: true, data: undoing });
      },
      // The server reads the state, then the answer takes the network's 50 ms.
      'GET /api/import/imp1': async () => {
        const data = current();
        await new Promise((resolve) => setTimeout(resolve, 50));
        return json(200, { ok: true, data });
      },
    };
    mockApi(routes);
    const user = userEvent.setup();
    const first = renderApp('/import?id=imp1');
    expect(
      await screen.findByText(/The import is done\. 119 created/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports' });
    await user.click(await within(history).findByRole('button', { name: 'Undo' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo' }),
    );
    expect(
      await screen.findByText(
        'clients.xlsx was undone: 119 records deleted, 0 restored.',
        undefined,
        {
          timeout: 4000,
        },
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Undo' })).getByRole('progressbar'),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByText(/The import is done/)).toBeNull();
    expect(first.router.state.location.search).toBe('?id=imp1');
    first.unmount();

    // A reload: the page asks the server, which says undone.
    renderApp('/import?id=imp1');
    expect(
      await screen.findByText('clients.xlsx was undone: 119 records deleted, 0 restored.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The import is done/)).toBeNull();
  });

  it('a reload during a check finds the check from the address, then its result and the run', async () => {
    let reads = 0;
    let running = false;
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'GET /api/import/imp1': () => {
        reads += 1;
        return json(200, {
          ok: true,
          data: running
            ? view()
            : reads === 1
              ? view({ status: 'checking', progress: 0.3 })
              : view({ status: 'checked', progress: 1, check: checked }),
        });
      },
      'POST /api/import/imp1/run': () => {
        running = true;
        return json(200, { ok: true, data: view() });
      },
    });
    const user = userEvent.setup();
    renderApp('/import?id=imp1');
    const bar = within(await screen.findByRole('region', { name: 'Check' })).getByRole(
      'progressbar',
    );
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(
      await screen.findByText(/5 rows checked: 2 errors, 1 duplicate/, undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/import/imp1/run'),
      ).toBe(true),
    );
    const run = await screen.findByRole('region', { name: 'Import run' });
    expect(within(run).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });

  it('an undo in progress shows its bar in the history, after a reload too; one that stopped can be resumed', async () => {
    const undo = undoOf(4, 1);
    serveHistory(() => [
      view({ status: 'undoing', progress: 0.25, undo }),
      view({
        _id: 'imp2',
        fileName: 'people.csv',
        status: 'undo_failed',
        progress: 0.5,
        failure: 'The undo stopped after 2 of 4 records',
        undo: undoOf(4, 2),
      }),
    ]);
    renderApp('/import');
    const history = await screen.findByRole('table', { name: 'Imports' });
    const bar = await within(history).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(history).getByText('Undo stopped')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'Resume undo' })).toBeInTheDocument();
  });

  it('an Excel sheet other than the first can be named at upload', async () => {
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'POST /api/import': () => json(200, { ok: true, data: uploaded }),
    });
    const user = userEvent.setup();
    renderApp('/import');
    await uploadFile(user, excelFile('book.xlsx'), 'Companies');
    await screen.findByRole('table', { name: 'Column mapping' });
    const sent = String(
      calls.find((call) => call.method === 'POST' && call.path === '/api/import')?.body,
    );
    expect(sent).toMatch(/name="kind"\r\n\r\norganizations/);
    expect(sent).toMatch(/name="sheet"\r\n\r\nCompanies/);
  });

  it('the mapping shows the header row guessed below a title, and reads the columns from another row', async () => {
    const belowTitle: ImportUploadView = {
      ...uploaded,
      headerRow: 3,
      columns: ['Client', 'Reg. No.', 'Date of incorporation'],
    };
    const fromRowOne: ImportUploadView = {
      ...uploaded,
      headerRow: 1,
      columns: ['Client register 2026'],
      mapping: { 'Client register 2026': null },
      preview: [],
    };
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'POST /api/import': (request) =>
        json(200, {
          ok: true,
          data: /name="headerRow"\r\n\r\n1\r\n/.test(String(request.body))
            ? fromRowOne
            : belowTitle,
        }),
    });
    const user = userEvent.setup();
    renderApp('/import');
    await uploadFile(user, excelFile('register.xlsx'));
    await screen.findByRole('table', { name: 'Column mapping' });
    const row = screen.getByLabelText('Header row');
    expect(row).toHaveValue(3);
    const read = screen.getByRole('button', { name: 'Read the columns from this row' });
    expect(read).toBeDisabled();
    await user.clear(row);
    await user.type(row, '1');
    await user.click(read);
    expect(await screen.findByLabelText('Field for Client register 2026')).toHaveValue('');
    const sent = calls.filter((call) => call.method === 'POST' && call.path === '/api/import');
    expect(sent).toHaveLength(2);
    expect(String(sent[1].body)).toMatch(/name="headerRow"\r\n\r\n1/);
    expect(String(sent[1].body)).toMatch(/name="file"/);
  });

  it('the whole book is exported with every field an import reads, in three files', async () => {
    const calls = mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'GET /api/people/export': () =>
        new Response('\uFEFFFirst Name,Last Name\r\nSeán,Ó Briain\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="people-2026-11-28.csv"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/import');
    const book = await screen.findByRole('region', { name: 'The whole book' });
    expect(within(book).getByRole('button', { name: 'Organizations CSV' })).toBeEnabled();
    expect(within(book).getByRole('button', { name: 'Roles CSV' })).toBeEnabled();
    await user.click(within(book).getByRole('button', { name: 'People CSV' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/people/export')?.query).toEqual({
        columns: 'book',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('a refused file is explained', async () => {
    mockApi({
      ...signIn(),
      'GET /api/import': () => json(200, listAnswer([])),
      'POST /api/import': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'The file has a header row but no data rows',
        }),
    });
    const user = userEvent.setup();
    renderApp('/import');
    await uploadFile(user, new File(['Name\n'], 'empty.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('The file has a header row but no data rows'),
    ).toBeInTheDocument();
  });
});
