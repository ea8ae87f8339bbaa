import Button from 'react-bootstrap/Button';

export interface SortableHeaderProps<Field extends string> {
  field: Field;
  label: string;
  sortField: Field;
  sortOrder: 'asc' | 'desc';
  onSort: (field: Field) => void;
}

/** A list's column header that sorts by its field; the active one shows ▲ or ▼ (people, forms, orders). */
export function SortableHeader<Field extends string>({
  field,
  label,
  sortField,
  sortOrder,
  onSort,
}: SortableHeaderProps<Field>) {
  const active = sortField === field;
  return (
    <th
      scope="col"
      aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button
        variant="link"
        className="p-0 fw-semibold text-reset text-decoration-none"
        onClick={() => onSort(field)}
      >
        {label}
        {active && <span aria-hidden="true">{sortOrder === 'asc' ? ' ▲' : ' ▼'}</span>}
      </Button>
    </th>
  );
}
