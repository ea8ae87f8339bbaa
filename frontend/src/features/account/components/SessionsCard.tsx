import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/errors';
import { FormattedDate } from '../../../components/FormattedDate';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from '../api';

/** The account's signed-in sessions: device, address, last seen; sign out one or all others. */
export function SessionsCard({ onEndCurrent }: { onEndCurrent: () => void }) {
  const { data, isLoading } = useSessionsQuery();
  const [endSession, { isLoading: ending }] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();

  const signOut = async (id: string, current: boolean) => {
    if (current) {
      onEndCurrent();
      return;
    }
    try {
      await endSession(id).unwrap();
      toast.success('Session signed out');
    } catch (failure) {
      toast.error(errorText(failure, 'The session could not be signed out.'));
    }
  };

  const signOutEverywhere = async () => {
    try {
      const ended = await endOthers().unwrap();
      toast.success(`${ended} other session${ended === 1 ? '' : 's'} signed out`);
    } catch (failure) {
      toast.error(errorText(failure, 'The sessions could not be signed out.'));
    }
  };

  const sessions = data ?? [];
  return (
    <Card className="mb-4">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">Sessions</h2>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={endingOthers || sessions.length < 2}
          onClick={() => void signOutEverywhere()}
        >
          Sign out everywhere else
        </Button>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
        ) : (
          <Table responsive size="sm" className="align-middle mb-0">
            <thead>
              <tr>
                <th>Device</th>
                <th>Address</th>
                <th>Signed in</th>
                <th>Last seen</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session._id} data-testid="session-row">
                  <td className="text-break">
                    {session.device ?? 'Unknown device'}{' '}
                    {session.current && <Badge bg="primary">This session</Badge>}
                  </td>
                  <td>{session.address ?? '—'}</td>
                  <td className="text-nowrap">
                    <FormattedDate value={session.createdAt} withTime />
                  </td>
                  <td className="text-nowrap">
                    <FormattedDate value={session.lastSeenAt} withTime />
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={ending}
                      onClick={() => void signOut(session._id, session.current)}
                    >
                      Sign out
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
