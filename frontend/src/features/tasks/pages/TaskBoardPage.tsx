import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES, ROUTES, TASK_STATUSES } from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { ListHeader } from '../../../components/ListHeader';
import { SearchInput } from '../../../components/SearchInput';
import { UserFilterSelect } from '../../../components/UserSelects';
import { tasksApi, useUpdateTaskMutation } from '../api';
import type { TaskView } from '../api';
import { useAppDispatch } from '../../../app/hooks';
import { CreateTaskModal } from '../components/CreateTaskModal';
import { EditTaskModal } from '../components/EditTaskModal';
import { TaskColumn } from '../components/TaskColumn';

/**
 * /task and /task/{id} (spec 02 §2.7): the search box, the clearable user filter, 'Create Task'
 * and the three columns; with an id, the task's edit modal over the board.
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
      <Row className="g-3">
        {TASK_STATUSES.map((status) => (
          <Col md={4} key={status}>
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
