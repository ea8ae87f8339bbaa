import type { DragEvent } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { AttachmentCount } from '../../../components/AttachmentCount';
import { formatDateTime, TASK_STATUSES, TASK_STATUS_LABELS, taskPath } from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import type { TaskView } from '../api';

/** The data type a dragged card carries (its id). */
export const TASK_DRAG_TYPE = 'application/x-registra-task';

const firstName = (userName: string) => userName.split(' ')[0] || userName;

/**
 * A card of the board (docs/product/tasks.md): title, description, attachment count, organization
 * and person links, the assignees' first names, the last-updated time. It can be dragged to another
 * column, or moved with its status select from the keyboard.
 */
export function TaskCard({
  task,
  onMove,
  busy,
}: {
  task: TaskView;
  onMove: (task: TaskView, status: TaskStatus) => void;
  busy: boolean;
}) {
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(TASK_DRAG_TYPE, task._id);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Card
      className="mb-2 shadow-sm"
      draggable
      onDragStart={onDragStart}
      data-testid="task-card"
      aria-label={task.title}
    >
      <Card.Body className="p-2">
        <Link to={taskPath(task._id)} className="fw-semibold d-block text-break">
          {task.title}
        </Link>
        {task.description && (
          <p className="small text-muted mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
            {task.description.length > 160
              ? `${task.description.slice(0, 160)}…`
              : task.description}
          </p>
        )}
        <div className="small d-flex flex-wrap gap-2 mb-1">
          <AttachmentCount count={task.attachedFiles.length} />
          {task.organizationId && (
            <Link to={`/organization/${task.organizationId}`}>{task.organizationName}</Link>
          )}
          {task.peopleId && <Link to={`/people/${task.peopleId}`}>{task.peopleName}</Link>}
        </div>
        {task.users.length > 0 && (
          <div className="small mb-1">
            {task.users.map((user) => firstName(user.userName)).join(', ')}
          </div>
        )}
        <div className="d-flex align-items-center justify-content-between gap-2">
          <time className="small text-muted" dateTime={task.updatedAt}>
            {formatDateTime(task.updatedAt)}
          </time>
          <Form.Select
            size="sm"
            className="w-auto"
            aria-label={`Move ${task.title} to`}
            value={task.status}
            disabled={busy}
            onChange={(event) => onMove(task, event.target.value as TaskStatus)}
          >
            {TASK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TASK_STATUS_LABELS[status]}
              </option>
            ))}
          </Form.Select>
        </div>
      </Card.Body>
    </Card>
  );
}
