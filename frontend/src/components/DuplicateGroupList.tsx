import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { ReasonButton } from './ReasonButton';

export interface DuplicateMemberView {
  id: string;
  name: string;
  /** A second line (the e-mail of a person). */
  detail?: string | null;
  href: string;
}

export interface DuplicateGroupView {
  /** The shared duplicate key. */
  key: string;
  count: number;
  title: string;
  members: DuplicateMemberView[];
}

export interface DuplicateGroupListProps {
  groups: readonly DuplicateGroupView[];
  /** A member's link was followed: the dialog closes. */
  onNavigate: () => void;
  /** Two members of a group chosen for merging (the first listed first). */
  onMerge: (pair: [DuplicateMemberView, DuplicateMemberView]) => void;
}

/**
 * The groups of the people and organization duplicates dialogs: each group's members with a link
 * to each, and a merge of two of them (both of a pair, or the two ticked in a bigger group).
 */
export function DuplicateGroupList({ groups, onNavigate, onMerge }: DuplicateGroupListProps) {
  return (
    <>
      {groups.map((group) => (
        <DuplicateGroup key={group.key} group={group} onNavigate={onNavigate} onMerge={onMerge} />
      ))}
    </>
  );
}

function DuplicateGroup({
  group,
  onNavigate,
  onMerge,
}: {
  group: DuplicateGroupView;
  onNavigate: () => void;
  onMerge: DuplicateGroupListProps['onMerge'];
}) {
  const [ticked, setTicked] = useState<string[]>([]);
  const pair =
    ticked.length === 2
      ? group.members.filter((member) => ticked.includes(member.id))
      : group.members.length === 2 && ticked.length === 0
        ? group.members
        : null;
  const toggle = (id: string) =>
    setTicked((current) =>
      current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
    );
  return (
    <section
      className="mb-3"
      aria-label={`Duplicate group ${group.key}`}
      data-testid="duplicate-group"
    >
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <h3 className="h6 mb-0">
          <Badge bg="warning" text="dark" className="me-2">
            {group.count}
          </Badge>
          {group.title}
        </h3>
        <ReasonButton
          size="sm"
          variant="outline-danger"
          whyDisabled={(!pair || pair.length !== 2) && 'Tick the two records to merge'}
          aria-label={`Merge ${group.title}`}
          onClick={() => pair && onMerge([pair[0], pair[1]])}
        >
          Merge…
        </ReasonButton>
      </div>
      <ListGroup>
        {group.members.map((member) => (
          <ListGroup.Item
            key={member.id}
            className="d-flex align-items-center justify-content-between gap-2"
          >
            <span className="d-flex align-items-center gap-2">
              {group.members.length > 2 && (
                <Form.Check
                  id={`merge-pick-${member.id}`}
                  aria-label={`Select ${member.name} for merging`}
                  checked={ticked.includes(member.id)}
                  disabled={!ticked.includes(member.id) && ticked.length >= 2}
                  title={
                    !ticked.includes(member.id) && ticked.length >= 2
                      ? 'Two records are ticked: untick one to choose this one'
                      : undefined
                  }
                  onChange={() => toggle(member.id)}
                />
              )}
              <Link to={member.href} onClick={onNavigate}>
                {member.name}
              </Link>
            </span>
            {member.detail !== undefined && (
              <span className="text-muted">{member.detail || '—'}</span>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
