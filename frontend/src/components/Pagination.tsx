import BsPagination from 'react-bootstrap/Pagination';
import { paginationItems } from '@registra/domain';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  className?: string;
}

/**
 * Page buttons under a list (paginationItems, libs/domain/src/rules/pagination.ts): every page up
 * to 5 pages, otherwise the domain's window of 4 numbered buttons with an ellipsis for the hidden
 * ones, plus previous/next. Renders nothing for a single page.
 */
export function Pagination({ page, totalPages, onChange, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onChange(target);
  };
  return (
    <nav aria-label="Pagination">
      <BsPagination className={className ?? 'mb-0'}>
        <BsPagination.Prev
          disabled={page <= 1}
          title={page <= 1 ? 'This is the first page' : undefined}
          onClick={() => go(page - 1)}
          aria-label="Previous page"
        />
        {paginationItems(page, totalPages).map((item, index) =>
          item === 'ellipsis' ? (
            <BsPagination.Ellipsis key={`ellipsis-${index}`} disabled />
          ) : (
            <BsPagination.Item
              key={item}
              active={item === page}
              onClick={() => go(item)}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </BsPagination.Item>
          ),
        )}
        <BsPagination.Next
          disabled={page >= totalPages}
          title={page >= totalPages ? 'This is the last page' : undefined}
          onClick={() => go(page + 1)}
          aria-label="Next page"
        />
      </BsPagination>
    </nav>
  );
}
