import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES, ROUTES, TASK_STATUSES, TASK_STATUS_LABELS } from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { ListHeader } from '../../../components/ListHeader';
import { useSmallScreen } from '../../../lib/media';
import { SearchInput } from '../../../components/SearchInput';
import { UserFilterSelect } from '../../../components/UserSelects';
import { tasksApi, useUpdateTaskMutation } from '../api';
import type { TaskView } from '../api';
import { useAppDispatch } from '../../../lib/hooks';
import { CreateTaskModal } from '../components/CreateTaskModal';
import { EditTaskModal } from '../components/EditTaskModal';
import { TaskColumn } from '../components/TaskColumn';

const slug = (status: TaskStatus) => status.replace(' ', '-');

/**
 * On a phone the three columns do not fit side by side: one shows at a time, chosen with these
 * tabs (WAI-ARIA tabs: arrow keys, Home and End move between them).
 */
function ColumnSwitcher({
  shown,
  onShow,
}: {
  shown: TaskStatus;
  onShow: (status: TaskStatus) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TASK_STATUSES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TASK_STATUSES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TASK_STATUSES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onShow(TASK_STATUSES[next]);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Task columns" className="nav nav-pills nav-fill gap-1 mb-2">
      {TASK_STATUSES.map((status, index) => (
        <button
          key={status}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`task-tab-${slug(status)}`}
          aria-selected={status === shown}
          aria-controls={`task-panel-${slug(status)}`}
          tabIndex={status === shown ? 0 : -1}
          className={`nav-link ${status === shown ? 'active' : 'bg-light'}`}
          onClick={() => onShow(status)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {TASK_STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}

/**
 * /task and /task/{id} (docs/product/tasks.md): the search box, the clearable user filter, 'Create
 * Task' and the three columns; with an id, the task's edit modal over the board. On a phone, one
 * column at a time behind a column switcher; the others stay loaded (their counts, Show More) but
 * hidden.
 */
export function TaskBoardPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const [user, setUser] = useState({ id: '', name: '' });
  const [creating, setCreating] = useState(false);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [update] = useUpdateTaskMutation();
  const small = useSmallScreen();
  const [shown, setShown] = useState<TaskStatus>(TASK_STATUSES[0]);

  /** A card dropped on or moved to another column: its status is saved at once. */
  const move = async (taskOrId: TaskView | string, status: TaskStatus) => {
    let task = typeof taskOrId === 'string' ? undefined : taskOrId;
    const taskId = typeof taskOrId === 'string' ? taskOrId : taskOrId._id;
    setMovingId(taskId);
    try {
      task ??= await dispatch(
        tasksApi.endpoints.getTask.initiate(taskId, { subscribe: false }),
      ).unwrap();
      if (task.status === status) return;
      await update({
        id: taskId,
        body: {
          title: task.title,
          description: task.description,
          status,
          users: task.users,
          organizationId: task.organizationId,
          organizationName: task.organizationName,
          peopleId: task.peopleId,
          peopleName: task.peopleName,
          attachedFiles: task.attachedFiles,
          updatedAt: task.updatedAt,
        },
      }).unwrap();
      toast.success(MESSAGES.taskUpdated);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    } finally {
      setMovingId(null);
    }
  };

  return (
    <>
      <ListHeader title="Tasks" total={undefined}>
        <Button onClick={() => setCreating(true)}>Create Task</Button>
      </ListHeader>
      <Row className="g-2 mb-3">
        <Col md={6}>
          <SearchInput
            value={search}
            label="Search tasks"
            placeholder="Search tasks..."
            onChange={(next) => setSearch(next.trim())}
          />
        </Col>
        <Col md={4}>
          <UserFilterSelect
            inputId="task-user-filter"
            ariaLabel="Filter by user"
            value={user.id}
            valueLabel={user.name}
            onChange={(userId, userName) => setUser({ id: userId, name: userName })}
          />
        </Col>
      </Row>
      {small && <ColumnSwitcher shown={shown} onShow={setShown} />}
      <Row className="g-3">
        {TASK_STATUSES.map((status) => (
          <Col
            md={4}
            key={status}
            {...(small
              ? {
                  id: `task-panel-${slug(status)}`,
                  role: 'tabpanel',
                  'aria-labelledby': `task-tab-${slug(status)}`,
                  hidden: status !== shown,
                }
              : {})}
          >
            <TaskColumn
              status={status}
              search={search}
              user={user.id}
              movingId={movingId}
              onMove={(task, next) => void move(task, next)}
            />
          </Col>
        ))}
      </Row>
      <CreateTaskModal show={creating} onHide={() => setCreating(false)} />
      {id && <EditTaskModal key={id} id={id} onClose={() => navigate(ROUTES.tasks)} />}
    </>
  );
}
