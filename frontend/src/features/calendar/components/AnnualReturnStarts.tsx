import {
  ANNUAL_RETURN_LEAD_DAYS_MAX,
  ANNUAL_RETURN_LEAD_DAYS_MIN,
  ANNUAL_RETURN_PREVIEW_DAYS,
  followUpDefinition,
  formatDate,
  isAnnualReturnLeadDays,
  isFollowUpType,
  organizationPath,
} from '@registra/domain';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { errorText } from '../../../app/errors';
import {
  useAnnualReturnStartsQuery,
  useFirmSettingsQuery,
  useUpdateFirmSettingsMutation,
} from '../api';

/**
 * Administrators: the firm's lead days and the annual-return follow-ups the daily job will start
 * in the next 30 days.
 */
export function AnnualReturnStarts() {
  const settings = useFirmSettingsQuery();
  const starts = useAnnualReturnStartsQuery();
  const [save, { isLoading: saving }] = useUpdateFirmSettingsMutation();
  const [days, setDays] = useState('');
  useEffect(() => {
    if (settings.data) setDays(String(settings.data.annualReturnLeadDays));
  }, [settings.data]);
  const valid = isAnnualReturnLeadDays(Number(days)) && /^\d+$/.test(days);

  const submit = async () => {
    try {
      await save({ annualReturnLeadDays: Number(days) }).unwrap();
      toast.success('Saved');
    } catch (error) {
      toast.error(errorText(error, 'Failed to save the setting.'));
    }
  };

  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        Annual returns started automatically (next {ANNUAL_RETURN_PREVIEW_DAYS} days)
      </Card.Header>
      <Card.Body>
        <Form
          className="d-flex flex-wrap align-items-end gap-2 mb-3"
          aria-label="Annual-return lead days"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) void submit();
          }}
        >
          <Form.Group controlId="annual-return-lead-days">
            <Form.Label>Days before the ARD</Form.Label>
            <Form.Control
              type="number"
              min={ANNUAL_RETURN_LEAD_DAYS_MIN}
              max={ANNUAL_RETURN_LEAD_DAYS_MAX}
              value={days}
              isInvalid={days !== '' && !valid}
              onChange={(event) => setDays(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              From {ANNUAL_RETURN_LEAD_DAYS_MIN} to {ANNUAL_RETURN_LEAD_DAYS_MAX} days
            </Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={!valid || saving}>
            Save
          </Button>
        </Form>
        {starts.isLoading ? (
          <Spinner size="sm" role="status" aria-label="Loading" />
        ) : starts.isError ? (
          <Alert variant="danger">Failed to fetch the annual returns to start.</Alert>
        ) : (starts.data ?? []).length === 0 ? (
          <p className="text-muted mb-0">
            Nothing starts in the next {ANNUAL_RETURN_PREVIEW_DAYS} days.
          </p>
        ) : (
          <Table responsive size="sm" className="mb-0" aria-label="Annual returns to start">
            <thead>
              <tr>
                <th>Starts on</th>
                <th>Organization</th>
                <th>ARD</th>
                <th>Follow-up</th>
                <th>Assigned to</th>
              </tr>
            </thead>
            <tbody>
              {(starts.data ?? []).map((item) => (
                <tr key={`${item.organizationId}-${item.ard}`}>
                  <td>{formatDate(item.startsOn)}</td>
                  <td>
                    <Link to={organizationPath(item.organizationId, 'FOLLOW_UP_BETA_TAB')}>
                      {item.organizationName}
                    </Link>
                  </td>
                  <td>{formatDate(item.ard)}</td>
                  <td>
                    {isFollowUpType(item.followUpName)
                      ? followUpDefinition(item.followUpName).displayName
                      : item.followUpName}
                  </td>
                  <td>{item.assignedTo?.userName ?? <span className="text-muted">Nobody</span>}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
