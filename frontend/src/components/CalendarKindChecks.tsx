import { CALENDAR_KIND_LABELS, CALENDAR_KINDS, type CalendarKind } from '@registra/domain';
import Form from 'react-bootstrap/Form';

/** The kinds with `kind` checked or not, in the calendar's order. */
export const toggledKinds = (
  kinds: readonly CalendarKind[],
  kind: CalendarKind,
  on: boolean,
): CalendarKind[] => CALENDAR_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));

/**
 * The calendar's kinds as a row of check boxes (the calendar's filter, a feed's kinds); a click
 * says which kind and whether it is now checked (see toggledKinds).
 */
export function CalendarKindChecks({
  idPrefix,
  kinds,
  onToggle,
}: {
  /** Each box's id is the prefix and its kind. */
  idPrefix: string;
  kinds: readonly CalendarKind[];
  onToggle: (kind: CalendarKind, on: boolean) => void;
}) {
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-1">Kinds</legend>
      {CALENDAR_KINDS.map((kind) => (
        <Form.Check
          inline
          key={kind}
          id={`${idPrefix}-${kind}`}
          label={CALENDAR_KIND_LABELS[kind]}
          checked={kinds.includes(kind)}
          onChange={(event) => onToggle(kind, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
