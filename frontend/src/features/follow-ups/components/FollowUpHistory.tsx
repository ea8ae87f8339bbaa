import ListGroup from 'react-bootstrap/ListGroup';
import { formatDateTime } from '@registra/domain';
import type { FollowUpHistoryEntry } from '@registra/domain';

const FIELD_WORDS: Record<string, string> = {
  comments: 'changed the comments',
  ARD: 'set the ARD',
  start_date: 'set the start date',
};

/** One history entry in plain words ("Mary Byrne moved it from step 1 to step 3"). */
export function historySentence(entry: FollowUpHistoryEntry): string {
  const who = `${entry.from_first_name} ${entry.from_last_name}`.trim() || 'Someone';
  switch (entry.action) {
    case 'created':
      return entry.automatic ? 'Started automatically before the ARD' : `${who} added it`;
    case 'updated':
      if (entry.field) return `${who} ${FIELD_WORDS[entry.field] ?? `changed ${entry.field}`}`;
      return `${who} moved it from step ${entry.last_step_index} to step ${entry.current_step_index}`;
    case 'archived':
      return `${who} archived it`;
    case 'unarchived':
      return `${who} unarchived it`;
    case 'assigned':
      return `${who} assigned it to ${entry.assigned_to_user_name}`;
    case 'changed':
      return `${who} reassigned it from ${entry.last_assigned_to_user_name} to ${entry.assigned_to_user_name}`;
    case 'removed':
      return `${who} removed ${entry.last_assigned_to_user_name} as assignee`;
  }
}

/** A follow-up's history, newest first. */
export function FollowUpHistory({ history }: { history: FollowUpHistoryEntry[] }) {
  return (
    <ListGroup variant="flush" className="small">
      {[...history].reverse().map((entry, index) => (
        <ListGroup.Item key={`${entry.date}-${index}`} className="px-0 py-1">
          <span className="text-muted me-2">{formatDateTime(entry.date)}</span>
          {historySentence(entry)}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
