import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@registra/domain';
import { errorText } from '../lib/errors';
import { useDeleteLinkMutation, useUpdateLinkMutation } from '../lib/records';
import { ConfirmDialog } from './ConfirmDialog';
import { EditRolesModal } from './EditRolesModal';
import { isShareholder, roleLabel } from './RolesFields';
import type { RolesValue } from './RolesFields';

/** One person–organization link seen from one side: the other side's name and the roles. */
export interface LinkCardView {
  /** The link's id. */
  id: string;
  /** The other side's name (the person on an organization, the organization on a person). */
  title: string;
  href: string;
  roles: string[];
  beneficiaryPercentage: number;
}

export interface LinkCardsProps {
  links: readonly LinkCardView[];
  /** The confirmation's title ('Unlink', 'Unlink organization'). */
  unlinkTitle: string;
  /** Each card's test id (the organization's members are `member-card`). */
  testId?: string;
}

/**
 * The links of a record as cards, with Edit Roles and Unlink (one component for an
 * organization's Members tab and a person's Organizations tab).
 */
export function LinkCards({ links, unlinkTitle, testId }: LinkCardsProps) {
  const [editing, setEditing] = useState<LinkCardView | null>(null);
  const [unlinking, setUnlinking] = useState<LinkCardView | null>(null);
  const [updateLink, { isLoading: savingRoles }] = useUpdateLinkMutation();
  const [deleteLink, { isLoading: deleting }] = useDeleteLinkMutation();

  const saveRoles = async (value: RolesValue) => {
    if (!editing) return;
    try {
      await updateLink({ id: editing.id, ...value }).unwrap();
      toast.success(MESSAGES.rolesUpdated);
      setEditing(null);
    } catch {
      // The same words whatever the cause.
      toast.error(MESSAGES.rolesUpdateFailed);
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
              </Card.Body>
              <Card.Footer className="d-flex gap-2 bg-transparent">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing(link)}>
                  Edit Roles
                </Button>
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
        busy={savingRoles}
        onSave={(value) => void saveRoles(value)}
        onHide={() => setEditing(null)}
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
