import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { sessionAddress, sessionDevice } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { FormattedDate } from '../../../components/FormattedDate';
import { ReasonButton } from '../../../components/ReasonButton';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from '../api';

/**
 * The account's signed-in sessions: the device in words, the address, last seen; sign out
 * another one, or every other. This session ends with the account's own Sign out, not here.
 */
export function SessionsCard() {
  const { data, isLoading } = useSessionsQuery();
  const [endSession, { isLoading: ending }] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();

  const signOut = async (id: string) => {
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
        <ReasonButton
          size="sm"
          variant="outline-danger"
          whyDisabled={
            endingOthers ? 'Signing out…' : sessions.length < 2 && 'No other session is signed in'
          }
          onClick={() => void signOutEverywhere()}
        >
          Sign out everywhere else
        </ReasonButton>
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
                    {/* The words, and the browser's own User-Agent on hover. */}
                    <span title={session.device ?? undefined}>
                      {sessionDevice(session.device)}
                    </span>{' '}
                    {session.current && <Badge bg="primary">This session</Badge>}
                  </td>
                  <td>{sessionAddress(session.address)}</td>
                  <td className="text-nowrap">
                    <FormattedDate value={session.createdAt} withTime />
                  </td>
                  <td className="text-nowrap">
                    <FormattedDate value={session.lastSeenAt} withTime />
                  </td>
                  <td className="text-end">
                    {!session.current && (
                      <ReasonButton
                        size="sm"
                        variant="outline-secondary"
                        whyDisabled={ending && 'Signing out…'}
                        onClick={() => void signOut(session._id)}
                      >
                        Sign out
                      </ReasonButton>
                    )}
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
