import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import { AttachmentCount } from '../../../components/AttachmentCount';
import {
  DASHBOARD_TASK_COUNT,
  formatDateTime,
  ROUTES,
  TASK_STATUS_LABELS,
  taskPath,
} from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { useSearchTasksQuery } from '../api';
import { useErrorToast } from '../../../components/useErrorToast';

const STATUS_VARIANTS: Record<TaskStatus, string> = {
  'TO DO': 'secondary',
  'IN PROGRESS': 'primary',
  DONE: 'success',
};

/**
 * Dashboard "Recent Tasks": the 7 latest tasks, each with its status badge,
 * attached-file count, user chips and update time; a link to /task and to each /task/{id}.
 */
export default function RecentTasksCard() {
  const { data, isFetching, isError } = useSearchTasksQuery({
    page: 1,
    limit: DASHBOARD_TASK_COUNT,
    sortOrder: 'desc',
    sortField: 'updatedAt',
  });
  useErrorToast(isError, 'Error fetching tasks', 'dashboard-tasks');
  const tasks = data?.data ?? [];
  return (
    <Card as="section" className="h-100" aria-labelledby="recent-tasks-card-title">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id="recent-tasks-card-title" className="h5 mb-0">
          Recent Tasks
        </h2>
        <Link to={ROUTES.tasks}>View all</Link>
      </Card.Header>
      <ListGroup variant="flush" as="ul" className="mb-0">
        {isFetching && !data && (
          <ListGroup.Item as="li">
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">Loading...</span>
            </Spinner>
          </ListGroup.Item>
        )}
        {data && tasks.length === 0 && (
          <ListGroup.Item as="li" className="text-muted">
            No tasks yet
          </ListGroup.Item>
        )}
        {tasks.map((task) => (
          <ListGroup.Item as="li" key={task._id}>
            <div className="d-flex align-items-center gap-2">
              <Link to={taskPath(task._id)} className="fw-semibold me-auto text-break">
                {task.title}
              </Link>
              <Badge bg={STATUS_VARIANTS[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
            </div>
            <div className="small d-flex flex-wrap align-items-center gap-2 mt-1">
              <AttachmentCount count={task.attachedFiles.length} />
              {task.users.map((user) => (
                <Badge key={user.userId} bg="light" text="dark" className="border fw-normal">
                  {user.userName}
                </Badge>
              ))}
              <time className="text-muted ms-auto" dateTime={task.updatedAt}>
                {formatDateTime(task.updatedAt)}
              </time>
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}
