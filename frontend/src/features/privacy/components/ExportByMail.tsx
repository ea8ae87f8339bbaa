import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { ExportProgress } from '../../../components/ExportProgress';
import { useSubjectExport } from '../../../lib/dataExport';
import { errorText } from '../../../lib/errors';
import { useStartMailExportMutation } from '../api';

/**
 * The subject-access export (GDPR Art. 15) of someone the firm knows only from the public form's
 * requests, by their e-mail: no person record is created for them.
 */
export function ExportByMail() {
  const [email, setEmail] = useState('');
  const [start, starting] = useStartMailExportMutation();
  const subjectExport = useSubjectExport();
  const busy = starting.isLoading || subjectExport.running;

  const submit = async () => {
    try {
      subjectExport.follow((await start({ email: email.trim() }).unwrap())._id);
    } catch (error) {
      toast.error(errorText(error, 'The export could not be started.', 'code'));
    }
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Export by e-mail</h2>
        <p className="text-muted small">
          For someone found only in the public form&apos;s requests: their requests and the mails
          sent to them, without creating a person. Someone with a person record is exported from
          their page.
        </p>
        <Form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Form.Group controlId="export-by-mail" style={{ flex: '1 1 14rem', maxWidth: '24rem' }}>
            <Form.Label>E-mail</Form.Label>
            <Form.Control
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="off"
            />
          </Form.Group>
          <Button type="submit" variant="outline-secondary" disabled={busy || !email.trim()}>
            {busy ? 'Preparing the export…' : 'Export data'}
          </Button>
          <ExportProgress progress={subjectExport.progress} />
        </Form>
      </Card.Body>
    </Card>
  );
}
