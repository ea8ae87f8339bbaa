import type { CSSProperties, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Pagination } from './Pagination';
import { RecordCards } from './RecordCards';
import { useSmallScreen } from '../lib/media';
import type { RecordCardView } from './RecordCards';

export type SortOrder = 'asc' | 'desc';

export interface DataColumn<Row, Field extends string = string> {
  /** The header's words; also the key of the column. */
  label: string;
  /** Sorting by this column: the list's sort field. A column without one is not sortable. */
  sortField?: Field;
  cell: (row: Row, index: number) => ReactNode;
  /** Classes of the column's cells (its header's too, through headerClassName). */
  className?: string;
  headerClassName?: string;
  headerStyle?: CSSProperties;
  style?: CSSProperties;
  /** A header read by screen readers only (an actions column shows no words). */
  hiddenLabel?: boolean;
  /**
   * This column's cell holds the row's link (the first column's unless one says so); its words
   * must be part of the row's name (WCAG's label in name).
   */
  namesRow?: boolean;
}

export interface DataTableSort<Field extends string> {
  /** The sorted field; '' or null when the list is in its server's default order. */
  field: Field | '' | null;
  order: SortOrder;
  onSort: (field: Field) => void;
}

/** Where a row's own link leads, and its name. */
export interface DataTableRowTarget {
  name: string;
  to: string;
  /** The router state the record opens with (the list it was opened from). */
  state?: unknown;
  newWindow?: boolean;
}

/** What a row does when clicked, and the link it holds for the keyboard and screen readers. */
export interface DataTableRowLink<Row> {
  open: (row: Row) => void;
  /**
   * The row's own link, in its naming cell (`namesRow`): the keyboard's and screen readers' way
   * to the record. Left out, the row is only a larger click target for a link a cell holds.
   */
  link?: (row: Row) => DataTableRowTarget;
}

/** What a list shows, apart from its rows and state: its name, columns, cards, empty words. */
export type DataTableLook<Row, Field extends string = string> = Pick<
  DataTableProps<Row, Field>,
  | 'label'
  | 'columns'
  | 'empty'
  | 'card'
  | 'renderCard'
  | 'rowOpens'
  | 'rowName'
  | 'rowProps'
  | 'size'
  | 'className'
>;

/** A page of a list as the server answers it (an RTK Query result), and whether one is coming. */
export interface DataTableAnswer<Row> {
  data?: { data: readonly Row[]; totalPages: number };
  isFetching: boolean;
}

/** A list's sort and page, as useListState keeps them. */
export interface DataTableList {
  state: { page: number; sortField?: string; sortOrder?: SortOrder };
  /** Absent: the list is not sortable. */
  sortBy?: (field: string) => void;
  setPage: (page: number) => void;
}

export interface DataTableProps<Row, Field extends string = string> {
  /** The list's name: the table's (and the phone cards') accessible name. */
  label: string;
  columns: readonly DataColumn<Row, Field>[];
  /** The server's answer: its page of rows, the pages under the table, the loading state… */
  answer?: DataTableAnswer<Row>;
  /** …and the list's state: the sorted column and the page shown. */
  list?: DataTableList;
  /** Or the rows themselves (a list held by a form); undefined until the first answer. */
  rows?: readonly Row[];
  /** A row's key: its `_id` unless said otherwise. */
  rowKey?: (row: Row, index: number) => string;
  sort?: DataTableSort<Field>;
  rowLink?: DataTableRowLink<Row>;
  /**
   * A row opens its card's record (its href, with its router state): 'link', the naming cell
   * holds a link to it named by its card's title (or `rowName`); 'click', the row is a larger
   * click target for the link a cell holds.
   */
  rowOpens?: 'link' | 'click';
  rowName?: (row: Row) => string;
  /** A request is on its way: the rows shown are dimmed, or a spinner stands for the first page. */
  loading?: boolean;
  /** The failure's words; the list shows them instead of rows. */
  error?: string | null;
  /** Said when the answer holds no row. */
  empty: ReactNode;
  /** Below the small breakpoint, each row as a card: a record's summary (name, key date, status)… */
  card?: (row: Row, index: number) => RecordCardView;
  /** …or a card of the feature's own (a row that holds inputs). */
  renderCard?: (row: Row, index: number) => ReactNode;
  /** 'cards': the cards at every width (a feed of changes reads best as one). */
  layout?: 'table' | 'cards';
  size?: 'sm';
  /** Extra classes of the table (text-nowrap, mb-0…). */
  className?: string;
  style?: CSSProperties;
  rowProps?: (row: Row, index: number) => Record<string, string | undefined>;
}

const ARIA_SORT: Record<SortOrder, 'ascending' | 'descending'> = {
  asc: 'ascending',
  desc: 'descending',
};

function Header<Row, Field extends string>({
  column,
  sort,
}: {
  column: DataColumn<Row, Field>;
  sort?: DataTableSort<Field>;
}) {
  const sortField = column.sortField;
  const active = sort !== undefined && sortField !== undefined && sort.field === sortField;
  return (
    <th
      scope="col"
      // A header never breaks mid-word ("remi/nder"): a wide table scrolls instead.
      className={`text-nowrap ${column.headerClassName ?? ''}`.trim()}
      style={column.headerStyle}
      // Only the sorted column says how (one aria-sort per table, as WAI-ARIA advises).
      aria-sort={active ? ARIA_SORT[sort.order] : undefined}
      aria-label={column.hiddenLabel ? column.label : undefined}
    >
      {column.hiddenLabel ? null : sort && sortField ? (
        <Button
          variant="link"
          className="p-0 fw-semibold text-reset text-decoration-none"
          onClick={() => sort.onSort(sortField)}
        >
          {column.label}
          {active && <span aria-hidden="true">{sort.order === 'asc' ? ' ▲' : ' ▼'}</span>}
        </Button>
      ) : (
        column.label
      )}
    </th>
  );
}

function Loading() {
  return (
    <div className="text-center py-4">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading...</span>
      </Spinner>
    </div>
  );
}

/**
 * Every list of the client: sortable headers (aria-sort on the sorted one), the loading, empty and
 * error states said the same way, rows that open their record, and below the small breakpoint
 * (a phone) the rows as cards instead of a table that would scroll sideways.
 */
export function DataTable<Row, Field extends string = string>(props: DataTableProps<Row, Field>) {
  const { answer, list } = props;
  const pages = list && answer && (
    <Pagination
      page={list.state.page}
      totalPages={answer.data?.totalPages ?? 0}
      onChange={list.setPage}
    />
  );
  return (
    <>
      <DataTableBody {...props} />
      {pages}
    </>
  );
}

const idOf = (row: unknown, index: number) =>
  row && typeof row === 'object' && '_id' in row ? String(row._id) : String(index);

function listSort<Field extends string>(list: DataTableList): DataTableSort<Field> | undefined {
  const { sortField, sortOrder } = list.state;
  if (sortField === undefined || sortOrder === undefined || !list.sortBy) return undefined;
  return { field: sortField as Field | '', order: sortOrder, onSort: list.sortBy };
}

/**
 * The cards, each carrying the list it was opened from (the address with its filters) unless it
 * says otherwise, so that the record's back arrow returns to the same page of the list.
 */
function useCardsRemembering<Row>(card: ((row: Row, index: number) => RecordCardView) | undefined) {
  const location = useLocation();
  if (!card) return undefined;
  const from = { from: location.pathname + location.search };
  return (row: Row, index: number) => {
    const view = card(row, index);
    return view.state === undefined ? { ...view, state: from } : view;
  };
}

/** The row link a card gives: its record opens, as the card's own link would. */
function useCardLink<Row, Field extends string>(
  props: DataTableProps<Row, Field>,
  card: DataTableProps<Row, Field>['card'],
): DataTableRowLink<Row> | undefined {
  const navigate = useNavigate();
  const { rowOpens, rowName } = props;
  if (props.rowLink || !card || !rowOpens) return props.rowLink;
  return {
    open: (row) => {
      const { href, state } = card(row, 0);
      void navigate(href, { state });
    },
    link:
      rowOpens === 'link'
        ? (row) => {
            const { href, state, title } = card(row, 0);
            return { name: rowName?.(row) ?? title, to: href, state };
          }
        : undefined,
  };
}

/** A row's own link around its naming cell's words; a click on it is not the row's too. */
function RowLink({ target, children }: { target: DataTableRowTarget; children: ReactNode }) {
  return (
    <Link
      to={target.to}
      state={target.state}
      target={target.newWindow ? '_blank' : undefined}
      rel={target.newWindow ? 'noopener' : undefined}
      aria-label={target.name}
      onClick={(event) => event.stopPropagation()}
    >
      {children}
    </Link>
  );
}

function DataTableBody<Row, Field extends string>(props: DataTableProps<Row, Field>) {
  return props.card ? <WithCards {...props} /> : <Body {...props} />;
}

/** A list with cards: its rows and cards open the records, remembering the list (a router's). */
function WithCards<Row, Field extends string>(props: DataTableProps<Row, Field>) {
  const card = useCardsRemembering(props.card);
  const rowLink = useCardLink(props, card);
  return <Body {...props} card={card} rowLink={rowLink} />;
}

function Body<Row, Field extends string>(props: DataTableProps<Row, Field>) {
  const { label, columns, error, empty, answer, list, card, rowLink } = props;
  const rows = props.rows ?? answer?.data?.data;
  const rowKey = props.rowKey ?? idOf;
  const sort = props.sort ?? (list ? listSort<Field>(list) : undefined);
  const loading = props.loading ?? answer?.isFetching ?? false;
  const small = useSmallScreen();
  const hasCards = props.card !== undefined || props.renderCard !== undefined;
  const phoneCards = hasCards && (small || props.layout === 'cards');

  if (error) return <p className="text-danger">{error}</p>;
  if (!rows) return loading ? <Loading /> : null;
  const dimmed = loading ? 'opacity-50' : undefined;
  if (rows.length === 0) {
    return <p className={`text-center text-muted py-4 ${dimmed ?? ''}`.trim()}>{empty}</p>;
  }

  if (phoneCards) {
    const { renderCard } = props;
    return (
      <div className={dimmed}>
        {card ? (
          <RecordCards label={label} cards={rows.map((row, index) => card(row, index))} />
        ) : (
          <ul className="list-unstyled d-grid gap-2 mb-3" aria-label={label}>
            {rows.map((row, index) => (
              <li key={rowKey(row, index)}>{renderCard?.(row, index)}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  // The whole row is a click target; the keyboard and screen readers use the link of a cell.
  const linkProps = (row: Row) =>
    rowLink ? { style: { cursor: 'pointer' }, onClick: () => rowLink.open(row) } : {};
  const namingColumn = Math.max(
    0,
    columns.findIndex((column) => column.namesRow),
  );

  return (
    <Table
      hover={rowLink !== undefined}
      responsive
      size={props.size}
      className={`align-middle ${props.className ?? ''}`.trim()}
      style={props.style}
      aria-label={label}
    >
      <thead>
        <tr>
          {columns.map((column) => (
            <Header key={column.label} column={column} sort={sort} />
          ))}
        </tr>
      </thead>
      <tbody className={dimmed}>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} {...linkProps(row)} {...props.rowProps?.(row, index)}>
            {columns.map((column, columnIndex) => {
              const target = columnIndex === namingColumn ? rowLink?.link?.(row) : undefined;
              const cell = column.cell(row, index);
              return (
                <td key={column.label} className={column.className} style={column.style}>
                  {target ? <RowLink target={target}>{cell}</RowLink> : cell}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
