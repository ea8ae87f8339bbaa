import { useEffect, useState } from 'react';
import type { DragEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { TASK_STATUS_LABELS, taskColumnVisibleCount } from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { useSearchTasksQuery } from '../api';
import type { TaskView } from '../api';
import { TASK_DRAG_TYPE, TaskCard } from './TaskCard';
import { useErrorToast } from '../../../components/useErrorToast';
import { ReasonButton } from '../../../components/ReasonButton';
import { totalText } from '../../../lib/totals';

/**
 * One column of the board: its own search (page 1, 7 cards, +10 per 'Show More'), the count on
 * hover of its title, and a drop target for cards dragged from another column.
 */
export function TaskColumn({
  status,
  search,
  user,
  onMove,
  movingId,
}: {
  status: TaskStatus;
  search: string;
  user: string;
  onMove: (task: TaskView | string, status: TaskStatus) => void;
  movingId: string | null;
}) {
  const [showMore, setShowMore] = useState(0);
  const [over, setOver] = useState(false);
  // A new search or user starts again from 7 cards.
  useEffect(() => setShowMore(0), [search, user]);
  const limit = taskColumnVisibleCount(showMore);
  const { data, isFetching, isError } = useSearchTasksQuery({
    status,
    ...(search ? { search } : {}),
    user: user || null,
    sortField: 'updatedAt',
    sortOrder: 'desc',
    page: 1,
    limit,
  });
  useErrorToast(isError, 'Error fetching tasks', `tasks-${status}`);

  const tasks = data?.data ?? [];
  const total = data?.totalItems ?? 0;
  const count = data ? totalText(data) : '0';
  const headingId = `task-column-${status.replace(' ', '-')}`;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const id = event.dataTransfer.getData(TASK_DRAG_TYPE);
    if (id) onMove(id, status);
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`task-column rounded p-2 h-100 ${over ? 'task-column-over' : ''}`}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(TASK_DRAG_TYPE)) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={`column-${status}`}
    >
      <h2
        id={headingId}
        className="h6 d-flex align-items-center gap-2 mb-2"
        title={`${count} tasks`}
      >
        {TASK_STATUS_LABELS[status]}
        <Badge bg="secondary" pill className="task-column-count">
          {count}
          <span className="visually-hidden"> tasks</span>
        </Badge>
      </h2>
      {isFetching && !data && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      )}
      {data && tasks.length === 0 && <p className="small text-muted">No tasks</p>}
      {tasks.map((task) => (
        <TaskCard key={task._id} task={task} onMove={onMove} busy={movingId === task._id} />
      ))}
      {total > tasks.length && (
        <ReasonButton
          variant="outline-secondary"
          size="sm"
          className="w-100"
          wrapperClassName="d-block"
          whyDisabled={isFetching && 'Loading more tasks…'}
          onClick={() => setShowMore((clicks) => clicks + 1)}
        >
          Show More
        </ReasonButton>
      )}
    </section>
  );
}
