import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, TEXT_MAX_LENGTHS, taskPath, textTooLongMessage } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';
import { useCreateTaskMutation } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

const TITLE_MAX = TEXT_MAX_LENGTHS.task.title;

/** "Create modal: only Title (required), with Save and Cancel. After creation, /task/{id}." */
export function CreateTaskModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [create, { isLoading }] = useCreateTaskMutation();
  const navigate = useNavigate();
  // What the server refused at the last Save, until the title changes.
  const server = useServerFieldErrors<'title'>();
  const problem =
    title.trim() === ''
      ? MESSAGES.taskTitleRequired
      : title.trim().length > TITLE_MAX
        ? textTooLongMessage(TITLE_MAX)
        : server.refused.title;
  const invalid = Boolean(problem);

  const close = () => {
    setTitle('');
    setTouched(false);
    server.clear();
    onHide();
  };

  const save = async () => {
    setTouched(true);
    if (invalid) return;
    try {
      const task = await create({ title: title.trim() }).unwrap();
      toast.success(MESSAGES.taskCreated);
      close();
      navigate(taskPath(task._id));
    } catch (error) {
      server.show(error, { fields: ['title'] });
      toast.error(errorText(error, MESSAGES.taskCreateFailed));
    }
  };

  return (
    <Modal show={show} onHide={isLoading ? undefined : close} centered aria-labelledby={titleId}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Modal.Header closeButton={!isLoading}>
          <Modal.Title id={titleId}>Create Task</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="new-task-title">
            <Form.Label>Title</Form.Label>
            <Form.Control
              name="title"
              value={title}
              autoFocus
              required
              isInvalid={touched && invalid}
              onChange={(event) => {
                setTitle(event.target.value);
                server.forget(['title']);
              }}
              onBlur={() => setTouched(true)}
            />
            <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <ReasonButton variant="secondary" onClick={close} whyDisabled={isLoading && 'Saving…'}>
            Cancel
          </ReasonButton>
          <ReasonButton type="submit" whyDisabled={isLoading ? 'Saving…' : problem}>
            Save
          </ReasonButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
