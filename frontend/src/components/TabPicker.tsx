import { Children, isValidElement } from 'react';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** A tab title's words: its text, its badges' counts, an icon's name ("Members 3"). */
export function textOf(node: ReactNode): string {
  const words: string[] = [];
  const walk = (part: ReactNode) => {
    if (typeof part === 'string' || typeof part === 'number') words.push(String(part));
    else if (isValidElement<{ children?: ReactNode; 'aria-label'?: string }>(part)) {
      if (part.props['aria-label']) words.push(part.props['aria-label']);
      else Children.forEach(part.props.children, walk);
    } else if (Array.isArray(part)) part.forEach(walk);
  };
  walk(node);
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * On a phone (below Bootstrap's md), a record's tabs as one select listing every tab with the
 * current one shown: the strip of tabs scrolls sideways there, and most of it is out of sight.
 * Hidden from md up, where every tab fits.
 */
export function TabPicker({
  id,
  tabs,
  active,
  onSelect,
}: {
  id: string;
  tabs: ReadonlyArray<{ key: string; title: ReactNode }>;
  active: string;
  onSelect: (key: string) => void;
}) {
  const index = tabs.findIndex((tab) => tab.key === active);
  return (
    <Form.Group controlId={id} className="d-md-none mb-2">
      <Form.Label className="small text-muted mb-1">
        Section ({index + 1} of {tabs.length})
      </Form.Label>
      <Form.Select value={active} onChange={(event) => onSelect(event.target.value)}>
        {tabs.map((tab) => (
          <option key={tab.key} value={tab.key}>
            {textOf(tab.title)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
