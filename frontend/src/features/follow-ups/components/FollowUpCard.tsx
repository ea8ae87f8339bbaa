import { useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Collapse from 'react-bootstrap/Collapse';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import {
  acceptDateInput,
  DATE_MAX,
  DATE_MIN,
  FOLLOW_UP_COMPANY_LABELS,
  followUpDefinition,
  followUpProgress,
  MESSAGES,
  TEXT_MAX_LENGTHS,
  textTooLongMessage,
} from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ReasonButton } from '../../../components/ReasonButton';
import { DateField } from '../../../components/DateField';
import { UserFilterSelect } from '../../../components/UserSelects';
import { useDeleteFollowUpMutation, useUpdateFollowUpMutation } from '../api';
import type { FollowUpChange, FollowUpView } from '../api';
import { DeadlineText } from './DeadlineText';
import { FollowUpHistory } from './FollowUpHistory';
import { StepList } from './StepList';

const COMMENTS_MAX = TEXT_MAX_LENGTHS.followUp.comments;
/** Why an archived follow-up's steps, dates and comments are locked. */
const ARCHIVED_HINT = 'Archived: unarchive it to change its steps, dates or comments.';

/**
 * A follow-up date input (ARD, start date): "invalid or empty input reverts to the previous value
 * without saving" (acceptDateInput). A complete valid date in range is saved at once.
 */
function FollowUpDateInput({
  label,
  value,
  onSave,
  disabled,
}: {
  label: string;
  value: string | null;
  onSave: (date: string) => void;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  return (
    <DateField
      key={`${value}-${revision}`}
      label={label}
      labelled
      size="sm"
      min={DATE_MIN}
      max={DATE_MAX}
      value={value}
      disabled={disabled}
      onChange={(next) => {
        setTyped(next);
        const accepted = acceptDateInput(next, value);
        if (accepted.save && accepted.value) onSave(accepted.value);
      }}
      onBlur={() => {
        // Left incomplete, invalid or empty: back to the stored date.
        if (typed === '') setRevision((r) => r + 1);
        setTyped(null);
      }}
    />
  );
}

/**
 * One follow-up of the organization tab (docs/product/follow-ups.md): steps, dates, comments,
 * assignee, history.
 */
export function FollowUpCard({ followUp }: { followUp: FollowUpView }) {
  const definition = followUpDefinition(followUp.name);
  const [update, { isLoading: saving }] = useUpdateFollowUpMutation();
  const [remove, { isLoading: deleting }] = useDeleteFollowUpMutation();
  const [comments, setComments] = useState(followUp.comments);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const archived = followUp.archived_at !== null;
  /** Why its steps, dates and comments cannot be changed now. */
  const whyLocked = archived ? ARCHIVED_HINT : saving && 'Saving…';

  useEffect(() => setComments(followUp.comments), [followUp.comments]);
  // What the server refused: the comments until edited; the assignee (a user removed since the
  // list was loaded) until the next choice.
  const server = useServerFieldErrors<'comments' | 'user_id'>();
  // Comments within the server's length, said as typed.
  const commentsProblem =
    comments.length > COMMENTS_MAX ? textTooLongMessage(COMMENTS_MAX) : server.refused.comments;
  const card = useRef<HTMLDivElement>(null);

  const change = async (body: FollowUpChange, failed: string) => {
    try {
      await update({ id: followUp._id, change: body }).unwrap();
      toast.success(MESSAGES.updated);
      return true;
    } catch (error) {
      // Only the fields this change sent; each card has its own picker of that name, so the
      // focus stays within this card.
      server.show(error, {
        fields: (['comments', 'user_id'] as const).filter((field) => field in body),
        within: card.current,
      });
      toast.error(errorText(error, failed));
      return false;
    }
  };

  const deleteIt = async () => {
    try {
      await remove(followUp._id).unwrap();
      toast.success(MESSAGES.deleted);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.followUpRemoveFailed));
    } finally {
      setConfirmDelete(false);
    }
  };

  const progress = followUpProgress(followUp.name, followUp.step_index);
  const titleId = `follow-up-${followUp._id}-title`;

  return (
    <Card ref={card} className="mb-3" aria-labelledby={titleId} data-testid="follow-up-card">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id={titleId} className="h6 mb-0 me-auto">
          {definition.displayName}{' '}
          {/* The company's words wrap on a phone rather than push the card wider. */}
          <Badge bg="light" text="dark" className="border fw-normal text-wrap text-start">
            {FOLLOW_UP_COMPANY_LABELS[definition.company]}
          </Badge>
        </h2>
        <Badge bg={followUp.completed ? 'success' : 'primary'}>
          {followUp.completed ? 'Completed' : 'In progress'}
        </Badge>
        <span className="small text-muted">{progress}%</span>
      </Card.Header>
      <Card.Body>
        {archived && (
          <p className="small text-muted" data-testid="archived-hint">
            {ARCHIVED_HINT}
          </p>
        )}
        <Row className="g-3">
          <Col lg={5}>
            <StepList
              name={followUp.name}
              current={followUp.step_index}
              whyLocked={whyLocked}
              onMove={(step_index) =>
                void change({ step_index }, MESSAGES.followUpStepUpdateFailed)
              }
            />
          </Col>
          <Col lg={7}>
            <Row className="g-2">
              {definition.ardEnabled && (
                <Col sm={6}>
                  <div className="small text-muted mb-1">ARD</div>
                  <FollowUpDateInput
                    label="ARD"
                    value={followUp.ARD}
                    disabled={saving || archived}
                    onSave={(ARD) => void change({ ARD }, MESSAGES.ardUpdateFailed)}
                  />
                </Col>
              )}
              <Col sm={6}>
                <div className="small text-muted mb-1">Start date</div>
                <FollowUpDateInput
                  label="Start date"
                  value={followUp.start_date}
                  disabled={saving || archived}
                  onSave={(start_date) =>
                    void change({ start_date }, MESSAGES.startDateUpdateFailed)
                  }
                />
              </Col>
              <Col sm={6}>
                <div className="small text-muted mb-1">Deadline</div>
                <DeadlineText deadline={followUp.deadline} completed={followUp.completed} />
              </Col>
              <Col sm={6}>
                <div className="small text-muted mb-1">Assigned to</div>
                <UserFilterSelect
                  inputId={`follow-up-${followUp._id}-assignee`}
                  ariaLabel={`Assigned to (${definition.displayName})`}
                  placeholder="No user assigned..."
                  name="user_id"
                  error={server.refused.user_id}
                  value={followUp.user_id ?? ''}
                  valueLabel={followUp.user_name ?? ''}
                  onChange={(user_id, user_name) => {
                    server.forget(['user_id']);
                    void change(
                      { user_id: user_id || null, user_name: user_name || null },
                      MESSAGES.assigneeUpdateFailed,
                    );
                  }}
                />
              </Col>
              <Col xs={12}>
                <Form.Group controlId={`follow-up-${followUp._id}-comments`}>
                  <Form.Label className="small text-muted mb-1">Comments</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={2}
                    name="comments"
                    value={comments}
                    disabled={archived}
                    isInvalid={Boolean(commentsProblem)}
                    onChange={(event) => {
                      setComments(event.target.value);
                      server.forget(['comments']);
                    }}
                  />
                  <Form.Control.Feedback type="invalid">{commentsProblem}</Form.Control.Feedback>
                </Form.Group>
                {comments !== followUp.comments && (
                  <div className="d-flex gap-2 mt-1">
                    <ReasonButton
                      size="sm"
                      whyDisabled={
                        saving
                          ? 'Saving…'
                          : comments.length > COMMENTS_MAX && textTooLongMessage(COMMENTS_MAX)
                      }
                      onClick={() => void change({ comments }, MESSAGES.commentsUpdateFailed)}
                    >
                      Save comments
                    </ReasonButton>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => setComments(followUp.comments)}
                    >
                      Cancel
                    </Button>
                  </div>
                )}
              </Col>
            </Row>
          </Col>
        </Row>
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          size="sm"
          variant="link"
          className="p-0 me-auto"
          aria-expanded={showHistory}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          {showHistory ? 'Hide history' : `History (${followUp.history.length})`}
        </Button>
        <ReasonButton
          size="sm"
          variant="outline-secondary"
          whyDisabled={saving && 'Saving…'}
          onClick={() =>
            void change(
              { archived_at: archived ? null : new Date().toISOString() },
              MESSAGES.followUpArchiveFailed,
            )
          }
        >
          {archived ? 'Unarchive' : 'Archive'}
        </ReasonButton>
        <Button size="sm" variant="outline-danger" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </Card.Footer>
      <Collapse in={showHistory}>
        <div>
          <Card.Body className="pt-0">
            <FollowUpHistory history={followUp.history} />
          </Card.Body>
        </div>
      </Collapse>
      <ConfirmDialog
        show={confirmDelete}
        title="Delete follow-up"
        busy={deleting}
        onConfirm={() => void deleteIt()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Card>
  );
}
