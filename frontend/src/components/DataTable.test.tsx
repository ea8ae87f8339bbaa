import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubSmallScreen } from '../test/matchMedia';
import { DataTable } from './DataTable';
import type { DataColumn, DataTableList } from './DataTable';
import { expectLinks } from '../test/queries';

interface Row {
  _id: string;
  name: string;
  city: string;
}

const ROWS: Row[] = [
  { _id: 'r1', name: 'Emerald Ltd', city: 'Dublin' },
  { _id: 'r2', name: 'Birch Teoranta', city: 'Galway' },
];

const COLUMNS: DataColumn<Row, 'name'>[] = [
  { label: 'Name', sortField: 'name', cell: (row) => row.name },
  { label: 'City', cell: (row) => row.city },
];

function list(state: DataTableList['state']): DataTableList {
  return { state, sortBy: vi.fn(), setPage: vi.fn() };
}

function renderTable(props: Partial<Parameters<typeof DataTable<Row, 'name'>>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DataTable<Row, 'name'>
        label="Companies"
        columns={COLUMNS}
        answer={{ data: { data: ROWS, totalPages: 3 }, isFetching: false }}
        empty="No companies found"
        card={(row) => ({
          id: row._id,
          title: row.name,
          href: `/companies/${row._id}`,
          detail: row.city,
        })}
        {...props}
      />
    </MemoryRouter>,
  );
}

let restore = () => undefined as void;
afterEach(() => restore());

describe('DataTable', () => {
  it('shows the rows under their headers; only the sorted column has aria-sort', () => {
    renderTable({ list: list({ page: 1, sortField: 'name', sortOrder: 'asc' }) });
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name ▲', 'City']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it.each([
    ['asc', 'ascending', ' ▲'],
    ['desc', 'descending', ' ▼'],
  ] as const)('a %s sort reads %s and shows%s', (order, ariaSort, arrow) => {
    renderTable({ list: list({ page: 1, sortField: 'name', sortOrder: order }) });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', ariaSort);
    expect(header).toHaveTextContent(`Name${arrow}`);
  });

  it('a sortable header is a button that asks the list to sort; a plain one is not', async () => {
    const user = userEvent.setup();
    const state = list({ page: 2, sortField: '', sortOrder: 'desc' });
    renderTable({ list: state });
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(state.sortBy).toHaveBeenCalledWith('name');
    expect(screen.queryByRole('button', { name: 'City' })).not.toBeInTheDocument();
  });

  it('pages under the table move the list', async () => {
    const user = userEvent.setup();
    const state = list({ page: 1, sortField: 'name', sortOrder: 'asc' });
    renderTable({ list: state });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(state.setPage).toHaveBeenCalledWith(3);
  });

  it('a row opens on a click anywhere; its naming cell holds its link, named with the cell’s words', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    renderTable({
      rowLink: {
        open,
        link: (row) => ({ name: `Company ${row.name}`, to: `/companies/${row._id}` }),
      },
    });
    const link = screen.getByRole('link', { name: 'Company Birch Teoranta' });
    // WCAG's label in name: the words shown are part of the link's name.
    expect(link).toHaveTextContent('Birch Teoranta');
    expect(link).toHaveAttribute('href', '/companies/r2');
    const row = link.closest('tr')!;
    // The row itself stays a row of the table, not a link.
    expect(row).not.toHaveAttribute('role');
    await user.click(within(row).getByText('Galway'));
    expect(open).toHaveBeenLastCalledWith(ROWS[1]);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a column may name the row instead of the first one', () => {
    const columns: DataColumn<Row, 'name'>[] = [COLUMNS[0], { ...COLUMNS[1], namesRow: true }];
    renderTable({
      columns,
      rowLink: { open: vi.fn(), link: (row) => ({ name: row.city, to: `/cities/${row.city}` }) },
    });
    expect(screen.getByRole('link', { name: 'Dublin' }).closest('td')).toHaveTextContent(
      /^Dublin$/,
    );
  });

  it('rowOpens "link": the card’s record and title, or rowName, make the link', () => {
    renderTable({ rowOpens: 'link', rowName: (row) => `${row.name} of ${row.city}` });
    expectLinks(document.body, { 'Emerald Ltd of Dublin': '/companies/r1' });
  });

  it.each([
    ['loading, no answer yet', { isFetching: true }, 'status', 'Loading...'],
    [
      'an empty answer',
      { data: { data: [], totalPages: 0 }, isFetching: false },
      null,
      'No companies found',
    ],
  ])('%s: says so instead of a table', (_case, answer, role, words) => {
    renderTable({ answer });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    if (role) expect(screen.getByRole(role)).toHaveTextContent(words);
    else expect(screen.getByText(words)).toBeInTheDocument();
  });

  it('a failure shows its words, not the rows', () => {
    renderTable({ error: 'Error fetching companies' });
    expect(screen.getByText('Error fetching companies')).toHaveClass('text-danger');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a new page on its way dims the rows shown', () => {
    renderTable({ answer: { data: { data: ROWS, totalPages: 1 }, isFetching: true } });
    const body = within(screen.getByRole('table')).getAllByRole('rowgroup')[1];
    expect(body).toHaveClass('opacity-50');
  });

  it('below the md breakpoint (767.98 px) the rows are cards, not a table', () => {
    restore = stubSmallScreen(true);
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Companies' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expectLinks(cards[0], { 'Emerald Ltd': '/companies/r1' });
    expect(cards[1]).toHaveTextContent('Galway');
  });

  it('a list with cards of its own shows them on a phone', () => {
    restore = stubSmallScreen(true);
    renderTable({ card: undefined, renderCard: (row) => <p>{`${row.name} in ${row.city}`}</p> });
    expect(screen.getByText('Birch Teoranta in Galway')).toBeInTheDocument();
  });

  it('on a wide window the cards stay a table', () => {
    restore = stubSmallScreen(false);
    renderTable();
    expect(screen.getByRole('table', { name: 'Companies' })).toBeInTheDocument();
  });
});
