import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Pagination } from './Pagination';
import { SearchInput } from './SearchInput';
import { ReasonButton } from './ReasonButton';

/** One page of picker candidates, as the caller's query hook reports it. */
export interface PickerSearchResult<Row> {
  rows: Row[];
  totalPages: number;
  isFetching: boolean;
  isError?: boolean;
}

export interface PickerModalProps<Row> {
  show: boolean;
  title: string;
  /** Shown when a search finds nothing: "No organizations found" / "No people found". */
  emptyText: string;
  /**
   * A hook the picker calls with the debounced term and the page (from 1), e.g. a wrapper of an
   * RTK Query hook with `limit: 5`. It must be the same function on every render (define it at
   * module level), because the picker calls it as a hook.
   */
  useSearch: (term: string, page: number) => PickerSearchResult<Row>;
  /** The row's text; the picker adds the "Link" button. */
  renderRow: (row: Row) => ReactNode;
  rowKey: (row: Row) => string;
  onLink: (row: Row) => void;
  onHide: () => void;
  /** While a link is being made: every "Link" button is disabled. */
  busy?: boolean;
  searchPlaceholder?: string;
}

/**
 * The Link Organization / Link Person dialog (docs/product/screens.md): a debounced search, 5 rows
 * a page with pagination, and a "Link" button per row. It calls no API itself.
 */
export function PickerModal<Row>({
  show,
  title,
  onHide,
  busy = false,
  ...rest
}: PickerModalProps<Row>) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      {/* Mounted only while shown: no search runs for a closed picker, and each opening starts afresh. */}
      {show && <PickerBody busy={busy} {...rest} />}
    </Modal>
  );
}

type PickerBodyProps<Row> = Omit<PickerModalProps<Row>, 'show' | 'title' | 'onHide'>;

function PickerBody<Row>({
  emptyText,
  useSearch,
  renderRow,
  rowKey,
  onLink,
  busy,
  searchPlaceholder = 'Search...',
}: PickerBodyProps<Row>) {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const { rows, totalPages, isFetching, isError } = useSearch(term, page);

  return (
    <Modal.Body>
      <SearchInput
        className="mb-3"
        value={term}
        placeholder={searchPlaceholder}
        onChange={(next) => {
          setTerm(next);
          setPage(1);
        }}
      />
      {isFetching && rows.length === 0 ? (
        <div className="text-center py-3">
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        </div>
      ) : isError ? (
        <p className="text-danger mb-0">An error occurred</p>
      ) : rows.length === 0 ? (
        <p className="text-muted mb-0">{emptyText}</p>
      ) : (
        <ListGroup className={isFetching ? 'opacity-50' : undefined}>
          {rows.map((row) => (
            <ListGroup.Item
              key={rowKey(row)}
              className="d-flex align-items-center justify-content-between gap-2"
            >
              <div>{renderRow(row)}</div>
              <ReasonButton
                size="sm"
                variant="outline-primary"
                whyDisabled={busy && 'Linking…'}
                onClick={() => onLink(row)}
              >
                Link
              </ReasonButton>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Pagination className="mt-3 mb-0" page={page} totalPages={totalPages} onChange={setPage} />
    </Modal.Body>
  );
}
