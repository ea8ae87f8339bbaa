import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { totalText } from '../lib/totals';
import type { ListTotal } from '../lib/totals';

export interface ListHeaderProps {
  title: string;
  /** The list's answer, for its total (shown once the first page has arrived). */
  total: ListTotal | undefined;
  /** The list's actions: Export CSV, Duplicates, New … */
  children: ReactNode;
}

/** The title row of the people and organization lists: name, total, actions (one toolbar). */
export function ListHeader({ title, total, children }: ListHeaderProps) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">
        {title}{' '}
        {total !== undefined && (
          <Badge bg="secondary" pill className="fs-6 align-middle">
            {totalText(total)}
          </Badge>
        )}
      </h1>
      <div className="d-flex flex-wrap gap-2">{children}</div>
    </div>
  );
}
