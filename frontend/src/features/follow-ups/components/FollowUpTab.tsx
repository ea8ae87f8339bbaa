import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { checkNewFollowUp, FOLLOW_UP_OPTIONS, MAX_PAGE_LIMIT, MESSAGES } from '@registra/domain';
import type { OrganizationView } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/hooks';
import {
  useCreateFollowUpMutation,
  useSearchFollowUpsQuery,
  useSetAnnualReturnAutoStartMutation,
} from '../api';
import { FollowUpCard } from './FollowUpCard';
import { useErrorToast } from '../../../components/useErrorToast';
import { ReasonButton } from '../../../components/ReasonButton';

/**
 * The organization's FOLLOW_UP_BETA_TAB (docs/product/follow-ups.md): its follow-ups as cards,
 * active or archived, and a control adding a type of the catalogue.
 */
export default function FollowUpTab({ organization }: { organization: OrganizationView }) {
  const [archived, setArchived] = useState(false);
  const [type, setType] = useState('');
  const user = useCurrentUser();
  const { data, isFetching, isError } = useSearchFollowUpsQuery({
    organization_id: organization._id,
    archived_at: archived ? true : null,
    limit: MAX_PAGE_LIMIT,
  });
  // The active ones, whichever view is shown: the add control checks names against them.
  const { data: active } = useSearchFollowUpsQuery(
    { organization_id: organization._id, archived_at: null, limit: MAX_PAGE_LIMIT },
    { skip: !archived },
  );
  const [create, { isLoading: creating }] = useCreateFollowUpMutation();
  const [setAutoStart, { isLoading: switching }] = useSetAnnualReturnAutoStartMutation();
  const [autoStart, setAutoStartShown] = useState(organization.annualReturnAutoStart);
  const toggleAutoStart = async (on: boolean) => {
    setAutoStartShown(on);
    try {
      await setAutoStart({ id: organization._id, on }).unwrap();
      toast.success(MESSAGES.updated);
    } catch (error) {
      setAutoStartShown(!on);
      toast.error(errorText(error, MESSAGES.organizationUpdateFailed));
    }
  };

  useErrorToast(isError, MESSAGES.followUpsFetchFailed, 'follow-ups-fetch');

  const followUps = data?.data ?? [];
  const activeNames = (archived ? (active?.data ?? []) : followUps).map((f) => f.name);

  const add = async () => {
    if (!type) return;
    const check = checkNewFollowUp(activeNames, type);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    try {
      await create({
        name: type,
        organization_id: organization._id,
        ...(user ? { user: { _id: user._id, firstName: user.firstName } } : {}),
      }).unwrap();
      toast.success(MESSAGES.added);
      setType('');
      setArchived(false);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.followUpCreateFailed));
    }
  };

  return (
    <>
      <Form.Check
        type="switch"
        id="annual-return-auto-start"
        className="mb-2"
        label="Start the annual return by itself before the ARD (days set by the firm)"
        checked={autoStart}
        disabled={switching}
        title={switching ? 'Saving…' : undefined}
        onChange={(event) => void toggleAutoStart(event.target.checked)}
      />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <ButtonGroup aria-label="Active or archived follow-ups">
          <Button
            variant={archived ? 'outline-secondary' : 'secondary'}
            aria-pressed={!archived}
            onClick={() => setArchived(false)}
          >
            Active
          </Button>
          <Button
            variant={archived ? 'secondary' : 'outline-secondary'}
            aria-pressed={archived}
            onClick={() => setArchived(true)}
          >
            Archived
          </Button>
        </ButtonGroup>
        <Form
          className="d-flex gap-2 ms-auto"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Form.Select
            aria-label="Follow-up type"
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            <option value="">Choose a follow-up...</option>
            {FOLLOW_UP_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <ReasonButton
            type="submit"
            whyDisabled={creating ? 'Adding…' : !type && 'Choose a follow-up first'}
            className="text-nowrap"
          >
            Add follow-up
          </ReasonButton>
        </Form>
      </div>
      {isFetching && !data && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      )}
      {data && followUps.length === 0 && (
        <p className="text-muted">{archived ? 'No archived follow-ups' : 'No follow-ups yet'}</p>
      )}
      {followUps.map((followUp) => (
        <FollowUpCard key={followUp._id} followUp={followUp} />
      ))}
    </>
  );
}
