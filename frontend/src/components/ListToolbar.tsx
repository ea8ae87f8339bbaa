import type { ReactNode } from 'react';
import { ResetFilters } from './ResetFilters';
import { SearchInput } from './SearchInput';

/** The words of a list's search box: its accessible name and its hint. */
export interface ListSearchWords {
  label: string;
  placeholder: string;
}

export interface ListToolbarProps {
  search: ListSearchWords;
  /** The committed search term. */
  value: string;
  onSearch: (value: string) => void;
  /** A new page is on its way. */
  busy: boolean;
  /** Clears every filter; absent, the list has no Reset filters. */
  onReset?: () => void;
  /** The list's other filters, after the search box. */
  children?: ReactNode;
}

/** A list's toolbar: its search box (14 to 28 rem wide), its other filters, Reset filters. */
export function ListToolbar({
  search,
  value,
  onSearch,
  busy,
  onReset,
  children,
}: ListToolbarProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <div className="flex-grow-1" style={{ minWidth: '14rem', maxWidth: '28rem' }}>
        <SearchInput {...search} value={value} onChange={onSearch} />
      </div>
      {children}
      <ResetFilters onReset={onReset} busy={busy} />
    </div>
  );
}
