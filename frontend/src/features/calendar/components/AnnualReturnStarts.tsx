import {
  ANNUAL_RETURN_LEAD_DAYS_MAX,
  ANNUAL_RETURN_LEAD_DAYS_MIN,
  ANNUAL_RETURN_PREVIEW_DAYS,
  type AnnualReturnStartPreview,
  followUpDefinition,
  formatDate,
  isAnnualReturnLeadDays,
  isFollowUpType,
  organizationPath,
} from '@registra/domain';
import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/errors';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import {
  useAnnualReturnStartsQuery,
  useFirmSettingsQuery,
  useUpdateFirmSettingsMutation,
} from '../api';
import { ReasonButton } from '../../../components/ReasonButton';

const START_COLUMNS: readonly DataColumn<AnnualReturnStartPreview>[] = [
  { label: 'Starts on', cell: (item) => formatDate(item.startsOn) },
  {
    label: 'Organization',
    cell: (item) => (
      <Link to={organizationPath(item.organizationId, 'FOLLOW_UP_BETA_TAB')}>
        {item.organizationName}
      </Link>
    ),
  },
  { label: 'ARD', cell: (item) => formatDate(item.ard) },
  {
    label: 'Follow-up',
    cell: (item) =>
      isFollowUpType(item.followUpName)
        ? followUpDefinition(item.followUpName).displayName
        : item.followUpName,
  },
  {
    label: 'Assigned to',
    cell: (item) => item.assignedTo?.userName ?? <span className="text-muted">Nobody</span>,
  },
];

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
          <ReasonButton
            type="submit"
            variant="outline-primary"
            whyDisabled={
              saving
                ? 'Saving…'
                : !valid &&
                  `Enter from ${ANNUAL_RETURN_LEAD_DAYS_MIN} to ${ANNUAL_RETURN_LEAD_DAYS_MAX} days`
            }
          >
            Save
          </ReasonButton>
        </Form>
        <DataTable
          label="Annual returns to start"
          columns={START_COLUMNS}
          rows={starts.data}
          rowKey={(item) => `${item.organizationId}-${item.ard}`}
          loading={starts.isFetching}
          error={starts.isError ? 'Failed to fetch the annual returns to start.' : null}
          empty={`Nothing starts in the next ${ANNUAL_RETURN_PREVIEW_DAYS} days.`}
          size="sm"
          className="mb-0"
        />
      </Card.Body>
    </Card>
  );
}
