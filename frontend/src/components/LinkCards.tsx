import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { ErrorCode, formatDate, MESSAGES } from '@registra/domain';
import { api, isApiError } from '../lib/api';
import { useAppDispatch } from '../lib/hooks';
import { errorText } from '../lib/errors';
import { useDeleteLinkMutation, useUpdateLinkMutation } from '../lib/records';
import { ConfirmDialog } from './ConfirmDialog';
import { EditRolesModal } from './EditRolesModal';
import type { LinkEdit } from './EditRolesModal';
import { EndRoleModal } from './EndRoleModal';
import { isShareholder, roleLabel } from './RolesFields';

/** One person–organization link seen from one side: the other side's name and the roles. */
export interface LinkCardView {
  /** The link's id. */
  id: string;
  /** The other side's name (the person on an organization, the organization on a person). */
  title: string;
  href: string;
  roles: string[];
  beneficiaryPercentage: number;
  /** The register's particulars (shown when the cards keep dates). */
  appointedOn?: string | null;
  ceasedOn?: string | null;
  beneficialInterest?: string | null;
  /** A warning under the roles (the shares held disagree with the stated percentage). */
  note?: string | null;
  /** The version loaded: a write with dates carries it, and a stale one is refused (409). */
  updatedAt?: string;
}

export interface LinkCardsProps {
  links: readonly LinkCardView[];
  /** The confirmation's title ('Unlink', 'Unlink organization'). */
  unlinkTitle: string;
  /** Each card's test id (the organization's members are `member-card`). */
  testId?: string;
  /**
   * The cards keep the register's particulars (an organization's members): the appointed and
   * ceased dates, the beneficial interest, and End role for a role still held.
   */
  withDates?: boolean;
}

const isConflict = (error: unknown) =>
  isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT;

/** A recorded date, or the words for one that was never recorded (never an invented one). */
const dateOrNotRecorded = (value: string | null | undefined) =>
  value ? formatDate(value) : 'Not recorded';

/**
 * The links of a record as cards, with Edit Roles and Unlink (one component for an
 * organization's Members tab and a person's Organizations tab).
 */
export function LinkCards({ links, unlinkTitle, testId, withDates = false }: LinkCardsProps) {
  const [editing, setEditing] = useState<LinkCardView | null>(null);
  const [ending, setEnding] = useState<LinkCardView | null>(null);
  const [unlinking, setUnlinking] = useState<LinkCardView | null>(null);
  const [updateLink, { isLoading: savingRoles }] = useUpdateLinkMutation();
  const [deleteLink, { isLoading: deleting }] = useDeleteLinkMutation();
  const dispatch = useAppDispatch();
  // With dates, a write carries the version shown: another's change meanwhile is refused, not
  // overwritten, and the cards are read again to show it.
  const version = (link: LinkCardView) =>
    withDates && link.updatedAt ? { updatedAt: link.updatedAt } : {};
  const reloadLinks = () => dispatch(api.util.invalidateTags(['Link']));

  const saveRoles = async (value: LinkEdit) => {
    if (!editing) return;
    try {
      await updateLink({ id: editing.id, ...value, ...version(editing) }).unwrap();
      toast.success(MESSAGES.rolesUpdated);
      setEditing(null);
    } catch (error) {
      // A refused date (a role ending before it began) or a link changed meanwhile is said in
      // the server's words; any other failure in the same words whatever the cause.
      toast.error(
        isApiError(error) && (error.status === 400 || isConflict(error))
          ? errorText(error, MESSAGES.rolesUpdateFailed, isConflict(error) ? 'code' : 'message')
          : MESSAGES.rolesUpdateFailed,
      );
      if (isConflict(error)) reloadLinks();
    }
  };

  const endRole = async ({
    ceasedOn,
    alreadyFiled,
  }: {
    ceasedOn: string;
    alreadyFiled: boolean;
  }) => {
    if (!ending) return;
    try {
      // The link's other particulars go back as they are: only the end date changes.
      await updateLink({
        id: ending.id,
        roles: ending.roles,
        beneficiaryPercentage: ending.beneficiaryPercentage,
        appointedOn: ending.appointedOn ?? null,
        ceasedOn,
        beneficialInterest: ending.beneficialInterest ?? null,
        ...(alreadyFiled ? { alreadyFiled: true } : {}),
        ...version(ending),
      }).unwrap();
      toast.success('Role ended.');
      setEnding(null);
    } catch (error) {
      toast.error(errorText(error, 'The role could not be ended.', 'code'));
      if (isConflict(error)) reloadLinks();
    }
  };

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await deleteLink(unlinking.id).unwrap();
      toast.success(MESSAGES.deleted);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    } finally {
      setUnlinking(null);
    }
  };

  return (
    <>
      <Row className="g-3">
        {links.map((link) => (
          <Col md={6} xl={4} key={link.id}>
            <Card as="article" aria-label={link.title} className="h-100" data-testid={testId}>
              <Card.Body>
                <Card.Title as="h2" className="h6">
                  <Link to={link.href}>{link.title}</Link>
                </Card.Title>
                <div className="d-flex flex-wrap gap-1">
                  {link.roles.length === 0 && <span className="text-muted small">No role</span>}
                  {link.roles.map((role) => (
                    <Badge key={role} bg="primary">
                      {roleLabel(role)}
                    </Badge>
                  ))}
                  {isShareholder(link) && (
                    <Badge bg="info" text="dark">
                      Beneficiary: {link.beneficiaryPercentage}%
                    </Badge>
                  )}
                </div>
                {withDates && (
                  <dl className="link-dates small mb-0 mt-2">
                    <div>
                      <dt>Appointed:</dt>
                      <dd>{dateOrNotRecorded(link.appointedOn)}</dd>
                    </div>
                    {link.ceasedOn && (
                      <div>
                        <dt>Ceased:</dt>
                        <dd>{formatDate(link.ceasedOn)}</dd>
                      </div>
                    )}
                    {link.beneficialInterest && (
                      <div>
                        <dt>Beneficial interest:</dt>
                        <dd>{link.beneficialInterest}</dd>
                      </div>
                    )}
                  </dl>
                )}
                {link.note && (
                  <p className="small text-warning-emphasis mb-0 mt-2" data-testid="holding-note">
                    ⚠ {link.note}
                  </p>
                )}
              </Card.Body>
              <Card.Footer className="d-flex flex-wrap gap-2 bg-transparent">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing(link)}>
                  Edit Roles
                </Button>
                {withDates && !link.ceasedOn && (
                  <Button size="sm" variant="outline-secondary" onClick={() => setEnding(link)}>
                    End role
                  </Button>
                )}
                <Button size="sm" variant="outline-danger" onClick={() => setUnlinking(link)}>
                  Unlink
                </Button>
              </Card.Footer>
            </Card>
          </Col>
        ))}
      </Row>
      <EditRolesModal
        show={editing !== null}
        initial={{
          roles: editing?.roles ?? [],
          beneficiaryPercentage: editing?.beneficiaryPercentage ?? 0,
        }}
        particulars={
          withDates
            ? {
                appointedOn: editing?.appointedOn ?? null,
                ceasedOn: editing?.ceasedOn ?? null,
                beneficialInterest: editing?.beneficialInterest ?? null,
              }
            : undefined
        }
        busy={savingRoles}
        onSave={(value) => void saveRoles(value)}
        onHide={() => setEditing(null)}
      />
      <EndRoleModal
        show={ending !== null}
        name={ending?.title ?? ''}
        appointedOn={ending?.appointedOn}
        busy={savingRoles}
        onSave={(value) => void endRole(value)}
        onHide={() => setEnding(null)}
      />
      <ConfirmDialog
        show={unlinking !== null}
        title={unlinkTitle}
        message={MESSAGES.confirmUnlink}
        confirmLabel="Unlink"
        busy={deleting}
        onConfirm={() => void unlink()}
        onCancel={() => setUnlinking(null)}
      />
    </>
  );
}
