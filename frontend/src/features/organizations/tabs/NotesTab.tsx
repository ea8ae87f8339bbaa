import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { MESSAGES, TEXT_MAX_LENGTHS, textTooLongMessage } from '@registra/domain';
import { focusField } from '../../../components/fieldErrors';
import { useServerFieldErrors } from '../../../components/useServerFieldErrors';
import { useUpdateOrganizationMutation } from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

/** The server's limit for the notes (the DTO reads the same number). */
const NOTES_MAX = TEXT_MAX_LENGTHS.organization.notes;

export interface NotesTabProps {
  organizationId: string;
  notes: string | null;
  /** Told whether an edit is unsaved, so the page's one leave prompt covers the notes too. */
  onDirtyChange: (dirty: boolean) => void;
}

/** Free-text notes: read by default, "Edit" opens a text area with Save and Cancel. */
export function NotesTab({ organizationId, notes, onDirtyChange }: NotesTabProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(notes ?? '');
  const [updateOrganization, { isLoading: saving }] = useUpdateOrganizationMutation();
  const dirty = editing && draft !== (notes ?? '');
  // What the server refused at the last Save, until the notes change.
  const server = useServerFieldErrors<'notes'>();
  // Too long is said as it is typed, before anything is sent.
  const problem = draft.length > NOTES_MAX ? textTooLongMessage(NOTES_MAX) : server.refused.notes;

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  // Leaving the tab drops the draft, so it no longer counts as unsaved.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const startEditing = () => {
    setDraft(notes ?? '');
    server.clear();
    setEditing(true);
  };

  const save = async () => {
    if (problem) {
      focusField('notes');
      return;
    }
    try {
      // A partial PUT: the notes are saved on their own, apart from the tabs' form.
      await updateOrganization({ id: organizationId, body: { notes: draft } }).unwrap();
      // The notes' success toast keeps the words staff know ("Tasks updated successfully!").
      toast.success(MESSAGES.notesSaved);
      setEditing(false);
    } catch (error) {
      // A refusal of the notes is said under them; the toast says it failed either way.
      server.show(error, { fields: ['notes'] });
      toast.error(MESSAGES.notesUpdateFailed);
    }
  };

  if (!editing) {
    return (
      <>
        <div className="d-flex justify-content-end mb-2">
          <Button variant="outline-primary" onClick={startEditing}>
            Edit
          </Button>
        </div>
        {notes ? (
          <div
            className="border rounded p-3 bg-light"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="notes-view"
          >
            {notes}
          </div>
        ) : (
          <p className="text-muted">No notes.</p>
        )}
      </>
    );
  }

  return (
    <>
      <Form.Group controlId="organization-notes" className="mb-3">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          name="notes"
          rows={12}
          value={draft}
          disabled={saving}
          isInvalid={Boolean(problem)}
          aria-describedby={problem ? 'organization-notes-error' : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            server.forget(['notes']);
          }}
        />
        <Form.Control.Feedback type="invalid" id="organization-notes-error">
          {problem}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2 justify-content-end">
        <ReasonButton
          variant="secondary"
          whyDisabled={saving && 'Saving…'}
          onClick={() => setEditing(false)}
        >
          Cancel
        </ReasonButton>
        <ReasonButton
          variant="primary"
          whyDisabled={saving && 'Saving…'}
          onClick={() => void save()}
        >
          {saving ? 'Saving...' : 'Save'}
        </ReasonButton>
      </div>
    </>
  );
}
