import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import {
  deleteTaskConfirmation,
  MESSAGES,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskFileFolder,
  TEXT_MAX_LENGTHS,
  textTooLongMessage,
} from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { focusField } from '../../../components/fieldErrors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';

const TASK_MAX = TEXT_MAX_LENGTHS.task;
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FileList } from '../../../components/files/FileList';
import { FileUploader } from '../../../components/files/FileUploader';
import { AssignedUsersSelect } from '../../../components/UserSelects';
import {
  useDeleteTaskMutation,
  useGetTaskQuery,
  useSendTaskMutation,
  useTaskPeopleOptionsQuery,
  useUpdateTaskMutation,
} from '../api';
import type { TaskUpdate, TaskView } from '../api';
import { RecordSelect } from '../../../components/RecordSelect';
import { useOrganizationOptionsQuery } from '../../../lib/records';
import { ReasonButton } from '../../../components/ReasonButton';

/** Names the API checks that the modal shows as another field: the chosen record's name. */
const SHOWN_AS: Record<string, string> = {
  organizationName: 'organizationId',
  peopleName: 'peopleId',
};

/**
 * The modal's field that shows a refusal: a user of the list ("users.0.userId") is said under the
 * list, the names sent beside the chosen records under their pickers.
 */
const shownAs = (field: string) => SHOWN_AS[field] ?? field.replace(/^users\..*/, 'users');

/** The task's fields the modal edits (its files are saved as they are uploaded), and "Send email". */
interface TaskForm extends Omit<TaskUpdate, 'attachedFiles' | 'updatedAt'> {
  sendEmail: boolean;
}

const formOf = (task: TaskView): TaskForm => ({
  title: task.title,
  description: task.description,
  status: task.status,
  users: task.users,
  organizationId: task.organizationId,
  organizationName: task.organizationName,
  peopleId: task.peopleId,
  peopleName: task.peopleName,
  sendEmail: false,
});

/**
 * The edit modal of /task/{id} (docs/product/tasks.md): every field of the task, its files
 * (uploaded into task/{id}), 'Send email to users' on save, and delete with its confirmation.
 */
export function EditTaskModal({ id, onClose }: { id: string; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const { data: task, isError, error } = useGetTaskQuery(id);
  const [form, setForm] = useState<TaskForm | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [update, { isLoading: saving }] = useUpdateTaskMutation();
  const [send, { isLoading: sending }] = useSendTaskMutation();
  const [remove, { isLoading: deleting }] = useDeleteTaskMutation();

  // The form starts from the loaded task; a refetch after an upload keeps what is being typed.
  useEffect(() => {
    if (task && !form) setForm(formOf(task));
  }, [task, form]);

  // The server's limits, checked before sending; what it refused at the last Update, per field.
  const server = useServerFieldErrors(shownAs);
  const { refused } = server;
  const change = (changes: Partial<TaskForm>) => {
    setForm((current) => (current ? { ...current, ...changes } : current));
    server.forget(Object.keys(changes));
  };

  const titleMissing = !form || form.title.trim() === '';
  const titleProblem = titleMissing
    ? MESSAGES.taskTitleRequired
    : form.title.trim().length > TASK_MAX.title
      ? textTooLongMessage(TASK_MAX.title)
      : refused.title;
  const descriptionProblem =
    form && form.description.length > TASK_MAX.description
      ? textTooLongMessage(TASK_MAX.description)
      : refused.description;
  const usersMissing = !form || form.users.length === 0;
  const usersProblem = submitted && usersMissing ? MESSAGES.taskUsersRequired : refused.users;
  const busy = saving || sending || deleting;
  const busyReason = deleting ? 'Deleting…' : sending ? 'Sending the e-mail…' : 'Saving…';
  // Escape, the backdrop or the close button with unsaved edits ask before the typing is lost.
  const dirty = Boolean(form && task && JSON.stringify(form) !== JSON.stringify(formOf(task)));
  const close = () => (dirty ? setConfirmDiscard(true) : onClose());

  const save = async () => {
    setSubmitted(true);
    if (!form || !task || titleProblem || descriptionProblem || usersMissing) {
      focusField(
        ['title', 'description', 'users'].filter((field) =>
          field === 'title' ? titleProblem : field === 'users' ? usersMissing : descriptionProblem,
        ),
      );
      return;
    }
    try {
      await update({
        id,
        body: {
          title: form.title.trim(),
          description: form.description,
          status: form.status,
          users: form.users,
          organizationId: form.organizationId,
          organizationName: form.organizationName,
          peopleId: form.peopleId,
          peopleName: form.peopleName,
          // The server's list (uploads and removals made here are already in it).
          attachedFiles: task.attachedFiles,
          updatedAt: task.updatedAt,
        },
      }).unwrap();
      toast.success(MESSAGES.taskUpdated);
    } catch (failure) {
      server.show(failure);
      toast.error(errorText(failure, MESSAGES.anErrorOccurred));
      return;
    }
    if (form.sendEmail) {
      try {
        await send({
          id,
          body: {
            title: form.title.trim(),
            description: form.description,
            organizationName: form.organizationName ?? '',
            peopleName: form.peopleName ?? '',
            attachedFiles: task.attachedFiles.map((file) => file.url),
            recipients: form.users.map((user) => user.userId),
          },
        }).unwrap();
        toast.success(MESSAGES.emailSentSuccessfully);
      } catch (failure) {
        toast.error(errorText(failure, MESSAGES.taskEmailSendFailed));
        return;
      }
    }
    onClose();
  };

  const deleteIt = async () => {
    try {
      await remove(id).unwrap();
      toast.success(MESSAGES.taskDeleted);
      setConfirmDelete(false);
      onClose();
    } catch (failure) {
      toast.error(errorText(failure, MESSAGES.anErrorOccurred));
      setConfirmDelete(false);
    }
  };

  return (
    <>
      <Modal
        show={!confirmDelete && !confirmDiscard}
        onHide={busy ? undefined : close}
        size="lg"
        aria-labelledby={titleId}
      >
        <>
          <Modal.Header closeButton={!busy}>
            <Modal.Title id={titleId}>{task ? task.title : 'Task'}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {isError && (
              <Alert variant="danger">{errorText(error, MESSAGES.anErrorOccurred)}</Alert>
            )}
            {!form && !isError && (
              <Spinner animation="border" role="status">
                <span className="visually-hidden">Loading...</span>
              </Spinner>
            )}
            {form && task && (
              // The files section has its own upload form: it stays outside this one (no nesting).
              <>
                <Form
                  id={formId}
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void save();
                  }}
                >
                  <Row className="g-3">
                    <Form.Group as={Col} xs={12} controlId="task-title">
                      <Form.Label>Title</Form.Label>
                      <Form.Control
                        name="title"
                        value={form.title}
                        required
                        isInvalid={
                          Boolean(refused.title) ||
                          (Boolean(titleProblem) && (submitted || !titleMissing))
                        }
                        onChange={(event) => change({ title: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">{titleProblem}</Form.Control.Feedback>
                    </Form.Group>
                    <Form.Group as={Col} xs={12} controlId="task-description">
                      <Form.Label>Description</Form.Label>
                      <Form.Control
                        as="textarea"
                        rows={4}
                        name="description"
                        value={form.description}
                        isInvalid={Boolean(descriptionProblem)}
                        onChange={(event) => change({ description: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">
                        {descriptionProblem}
                      </Form.Control.Feedback>
                    </Form.Group>
                    <Form.Group as={Col} md={4} controlId="task-status">
                      <Form.Label>Status</Form.Label>
                      <Form.Select
                        value={form.status}
                        onChange={(event) => change({ status: event.target.value as TaskStatus })}
                      >
                        {TASK_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {TASK_STATUS_LABELS[status]}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                    <Col md={8}>
                      <Form.Label htmlFor="task-users">Users</Form.Label>
                      <AssignedUsersSelect
                        inputId="task-users"
                        ariaLabel="Users"
                        name="users"
                        value={form.users}
                        error={usersProblem}
                        onChange={(users) => change({ users })}
                      />
                    </Col>
                    <Col md={6}>
                      <Form.Label htmlFor="task-organization">Organization</Form.Label>
                      <RecordSelect
                        inputId="task-organization"
                        name="organizationId"
                        error={refused.organizationId}
                        label="Organization"
                        value={form.organizationId}
                        valueLabel={form.organizationName}
                        useOptions={useOrganizationOptionsQuery}
                        onChange={(organizationId, organizationName) =>
                          change({ organizationId, organizationName })
                        }
                      />
                    </Col>
                    <Col md={6}>
                      <Form.Label htmlFor="task-people">People</Form.Label>
                      <RecordSelect
                        inputId="task-people"
                        name="peopleId"
                        error={refused.peopleId}
                        label="People"
                        value={form.peopleId}
                        valueLabel={form.peopleName}
                        useOptions={useTaskPeopleOptionsQuery}
                        onChange={(peopleId, peopleName) => change({ peopleId, peopleName })}
                      />
                    </Col>
                    <Col xs={12}>
                      <Form.Check
                        id="task-send-email"
                        label="Send email to users"
                        checked={form.sendEmail}
                        onChange={(event) => change({ sendEmail: event.target.checked })}
                      />
                    </Col>
                  </Row>
                </Form>
                <section className="mt-3" aria-label="Attached files">
                  <h3 className="h6">Attached files</h3>
                  <FileList files={task.attachedFiles} emptyText="No files attached." />
                  <div className="mt-2">
                    <FileUploader folder={taskFileFolder(id)} label="Attach a file" />
                  </div>
                </section>
              </>
            )}
          </Modal.Body>
          <Modal.Footer>
            <ReasonButton
              variant="outline-danger"
              wrapperClassName="d-inline-block me-auto"
              aria-label="Delete task"
              whyDisabled={!task ? 'The task is loading' : busy && busyReason}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </ReasonButton>
            <ReasonButton variant="secondary" onClick={close} whyDisabled={busy && busyReason}>
              Cancel
            </ReasonButton>
            <ReasonButton
              type="submit"
              form={formId}
              whyDisabled={!form ? 'The task is loading' : busy && busyReason}
            >
              {saving || sending ? 'Saving...' : 'Save'}
            </ReasonButton>
          </Modal.Footer>
        </>
      </Modal>
      <ConfirmDialog
        show={confirmDelete}
        title="Delete task"
        message={deleteTaskConfirmation(task?.title ?? '')}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void deleteIt()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        show={confirmDiscard}
        title="Discard changes"
        message={MESSAGES.discardTaskChanges}
        confirmLabel="Discard"
        onConfirm={onClose}
        onCancel={() => setConfirmDiscard(false)}
      />
    </>
  );
}
