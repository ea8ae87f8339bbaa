import DOMPurify from 'dompurify';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import {
  DATE_MAX,
  DATE_MIN,
  LANGUAGES,
  MAIL_EXTRA_RECIPIENTS_MAX,
  MESSAGES,
  SERVICES,
  SERVICE_FIELDS,
  SERVICE_LABELS,
  defaultReminderLanguage,
  emailSentToMessage,
  formatDate,
  isEmailAddress,
  isIsoDate,
  isReminderPast,
  paymentLateness,
  recordPayment,
  reminderState,
  reminderTemplateId,
  removePaidRow,
} from '@registra/domain';
import type { Language, PaymentLateness, Service } from '@registra/domain';
import { useGetOrganizationQuery } from '../api';
import { livePaidReminder } from '../form';
import type { OrganizationFormValues } from '../form';
import { usePreviewEmailTemplateMutation, useSendOrganizationEmailMutation } from '../mailApi';
import type { EmailTemplatePreview } from '../mailApi';
import type { Organization, PaymentHistoryEntry } from '../types';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { DateField } from '../../../components/DateField';
import { ReasonButton } from '../../../components/ReasonButton';

type PaymentRow = PaymentHistoryEntry;

const LATENESS_BADGES: Record<Exclude<PaymentLateness['status'], 'open'>, string> = {
  late: 'danger',
  inAdvance: 'info',
  onTime: 'success',
};

/**
 * One payment-history block per service (docs/product/organizations-and-people.md, "Recurring
 * services"); a late block offers a reminder e-mail.
 */
export function PaymentsTab() {
  const { id = '' } = useParams();
  // The detail page's own query: the cached record, no second request.
  const { data: organization } = useGetOrganizationQuery(id);
  return (
    <div className="d-grid gap-3">
      {SERVICES.map((service) => (
        <PaymentBlock key={service} service={service} organization={organization} />
      ))}
    </div>
  );
}

function PaymentBlock({
  service,
  organization,
}: {
  service: Service;
  organization: Organization | undefined;
}) {
  const { values, setFieldValue } = useFormikContext<OrganizationFormValues>();
  const fields = SERVICE_FIELDS[service];
  const label = SERVICE_LABELS[service];
  const rows: PaymentRow[] = values[fields.history];
  const subscription = values[fields.subscription] || null;
  const plan = values[fields.plan];
  // The paid-reminder as the server stores it on save, from the rows on screen: the same date
  // that lights the Services warning.
  const paidReminder = livePaidReminder(values, service);
  const setRows = (next: OrganizationFormValues[typeof fields.history]) =>
    void setFieldValue(fields.history, next);

  const changePaidDate = (index: number, paidDate: string) => {
    const row = rows[index];
    if (!row.paidDate) {
      // Paying the open row appends the next open row (its reminder + plan months).
      if (isIsoDate(paidDate)) setRows(recordPayment(rows, index, paidDate, subscription, plan));
      return;
    }
    // Emptying a paid row's date removes the payment (the same rule as its Remove button).
    if (paidDate === '') setRows(removePaidRow(rows, index, subscription, plan));
    else if (isIsoDate(paidDate))
      setRows(rows.map((r, i) => (i === index ? { ...r, paidDate } : r)));
  };

  const reminder = (row: PaymentRow) =>
    row.nextPaidReminder ? formatDate(row.nextPaidReminder) : '—';
  const paidDate = (row: PaymentRow, index: number) => (
    <DateField
      size="sm"
      min={DATE_MIN}
      max={DATE_MAX}
      label={`${label} paid date ${index + 1}`}
      labelled
      value={row.paidDate ?? ''}
      onChange={(date) => changePaidDate(index, date)}
    />
  );
  const status = (row: PaymentRow) => {
    const lateness = paymentLateness(row);
    if (!row.paidDate) return <span className="text-muted small">Open</span>;
    return lateness.status !== 'open' ? (
      <Badge bg={LATENESS_BADGES[lateness.status]}>{lateness.label}</Badge>
    ) : null;
  };
  const removeButton = (row: PaymentRow, index: number) =>
    row.paidDate ? (
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Remove ${label} payment ${index + 1}`}
        onClick={() => setRows(removePaidRow(rows, index, subscription, plan))}
      >
        Remove
      </Button>
    ) : null;
  const columns: DataColumn<PaymentRow>[] = [
    {
      label: '#',
      className: 'ps-3',
      headerClassName: 'ps-3',
      headerStyle: { width: '4rem' },
      cell: (_row, index) => index + 1,
    },
    { label: 'Next paid reminder', cell: reminder },
    { label: 'Paid date', cell: paidDate },
    { label: 'Status', cell: status },
    {
      label: 'Actions',
      hiddenLabel: true,
      className: 'text-end pe-3',
      headerStyle: { width: '8rem' },
      cell: removeButton,
    },
  ];

  return (
    <Card data-testid={`payments-${service}`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-3">
        <h2 className="h6 mb-0">{label}</h2>
        <Badge bg={values[fields.flag] ? 'success' : 'secondary'}>
          {values[fields.flag] ? 'ON' : 'OFF'}
        </Badge>
        <span className="small text-muted">
          Subscription {subscription ? formatDate(subscription) : '—'} · plan {plan} months
        </span>
      </Card.Header>
      <Card.Body className="p-0">
        {/* Fixed widths, so the three blocks' columns line up; on a phone, one card a payment. */}
        <DataTable
          label={`${label} payments`}
          columns={columns}
          rows={rows}
          rowKey={(_row, index) => String(index)}
          rowProps={(_row, index) => ({ 'data-testid': `${service}-row-${index}` })}
          empty="No payments"
          size="sm"
          className="mb-0"
          style={{ tableLayout: 'fixed' }}
          renderCard={(row, index) => (
            <div
              className="border rounded mx-2 mt-2 px-3 py-2"
              data-testid={`${service}-row-${index}`}
            >
              <div className="d-flex justify-content-between align-items-center gap-2">
                <span className="fw-semibold">Payment {index + 1}</span>
                {status(row)}
              </div>
              <div className="small text-muted mb-1">Next paid reminder: {reminder(row)}</div>
              <div className="d-flex align-items-center gap-2">
                <div className="flex-grow-1">{paidDate(row, index)}</div>
                {removeButton(row, index)}
              </div>
            </div>
          )}
        />
      </Card.Body>
      {organization && paidReminder && isReminderPast(paidReminder) && (
        <Card.Footer>
          <ReminderEmail
            // A new date or another organization starts a fresh panel (language, preview).
            key={`${organization._id}-${paidReminder}`}
            service={service}
            reminderDate={paidReminder}
            organization={organization}
          />
        </Card.Footer>
      )}
    </Card>
  );
}

const LANGUAGE_RADIO_LABELS: Record<Language, string> = { fr: 'FR', en: 'EN' };

interface ReminderEmailProps {
  service: Service;
  /** The late paid-reminder, YYYY-MM-DD. */
  reminderDate: string;
  organization: Organization;
}

/**
 * A late payment block offers a reminder e-mail (docs/product/mail.md): template 1 (FR) or 2
 * (EN) to the organization's mail. Name, mail and language are the saved record's: the
 * e-mail goes to the address on record, whatever the form holds unsaved.
 */
function ReminderEmail({ service, reminderDate, organization }: ReminderEmailProps) {
  const [language, setLanguage] = useState<Language>(() =>
    defaultReminderLanguage(organization.language),
  );
  const [preview, setPreview] = useState<(EmailTemplatePreview & { request: string }) | null>(null);
  const [previewTemplate, { isLoading: previewing }] = usePreviewEmailTemplateMutation();
  const [sendEmail, { isLoading: sending }] = useSendOrganizationEmailMutation();

  // Addresses outside the book, typed on purpose under a warning (the server refuses others).
  const [extraText, setExtraText] = useState('');
  const label = SERVICE_LABELS[service];
  const mail = (organization.mail ?? '').trim();
  const extraRecipients = extraText
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
  const extraProblem = extraRecipients.some((address) => !isEmailAddress(address))
    ? 'Each extra recipient must be an e-mail address.'
    : extraRecipients.length > MAIL_EXTRA_RECIPIENTS_MAX
      ? `At most ${MAIL_EXTRA_RECIPIENTS_MAX} extra recipients.`
      : null;
  const templateId = reminderTemplateId(language);
  const params = { organizationName: organization.name, service: label, reminderDate };
  // A preview of another language (or of a renamed organization) is stale: it is not shown.
  const request = JSON.stringify({ templateId, params });
  const shown = preview?.request === request ? preview : null;

  const showPreview = async () => {
    try {
      // The server fills a parameter left out with a sample value, an amount included: the
      // client knows no amount, and an empty one keeps the preview to what Send will say.
      const answer = await previewTemplate({
        templateId,
        params: { ...params, amount: '' },
      }).unwrap();
      setPreview({ ...answer, request });
    } catch {
      toast.error(MESSAGES.emailTemplateFetchFailed);
    }
  };

  const send = async () => {
    try {
      await sendEmail({
        templateId,
        emailTo: mail,
        params,
        organizationId: organization._id,
        ...(extraRecipients.length > 0 ? { extraRecipients } : {}),
      }).unwrap();
      toast.success(emailSentToMessage([mail, ...extraRecipients].join(', ')));
      setExtraText('');
    } catch (failure) {
      // A refusal says why (an address outside the book); anything else, the usual words.
      const refusal =
        isApiError(failure) && failure.status === 400 && failure.details?.length
          ? failure.details.map((detail) => detail.message).join('; ')
          : null;
      toast.error(refusal ?? MESSAGES.emailSendFailed);
    }
  };

  return (
    <section data-testid={`reminder-email-${service}`} aria-label={`${label} reminder e-mail`}>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <h3 className="h6 mb-0">Reminder e-mail</h3>
        <span className="small text-danger">
          Paid reminder {formatDate(reminderDate)}: {reminderState(reminderDate).text}
        </span>
        <div role="radiogroup" aria-label={`${label} e-mail language`}>
          {LANGUAGES.map((value) => (
            <Form.Check
              key={value}
              inline
              type="radio"
              id={`${service}-reminder-${value}`}
              name={`${service}-reminder-language`}
              label={LANGUAGE_RADIO_LABELS[value]}
              checked={language === value}
              onChange={() => setLanguage(value)}
            />
          ))}
        </div>
        <div className="d-flex gap-2 ms-auto">
          <ReasonButton
            size="sm"
            variant="outline-secondary"
            whyDisabled={previewing && 'Loading the preview…'}
            onClick={() => void showPreview()}
          >
            {previewing ? 'Loading...' : 'Preview'}
          </ReasonButton>
          <ReasonButton
            size="sm"
            variant="primary"
            whyDisabled={
              !mail
                ? 'The organization has no mail: add one on the General tab'
                : sending
                  ? 'Sending…'
                  : extraProblem
            }
            onClick={() => void send()}
          >
            {sending ? 'Sending...' : 'Send'}
          </ReasonButton>
        </div>
      </div>
      {mail ? (
        <>
          <div className="small text-muted mt-1">To {mail}</div>
          <Form.Group className="mt-2" controlId={`${service}-reminder-extra`}>
            <Form.Label className="small mb-1">Also send to (outside the book)</Form.Label>
            <Form.Control
              size="sm"
              value={extraText}
              placeholder="accountant@example.ie"
              isInvalid={extraProblem !== null}
              onChange={(event) => setExtraText(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{extraProblem}</Form.Control.Feedback>
            <Form.Text className="small text-muted">
              An administrator may add any address; other staff, addresses of the domains the firm
              lists.
            </Form.Text>
          </Form.Group>
          {extraRecipients.length > 0 && extraProblem === null && (
            <Alert variant="warning" className="py-1 px-2 mt-2 mb-0 small" role="alert">
              {extraRecipients.join(', ')} {extraRecipients.length === 1 ? 'is not' : 'are not'} the
              mail of this organization or of its people: check the address before sending.
            </Alert>
          )}
        </>
      ) : (
        <Alert variant="warning" className="py-1 px-2 mt-2 mb-0 small">
          The organization has no mail: add one on the General tab and Update to send the reminder.
        </Alert>
      )}
      {shown && (
        <div
          className="border rounded mt-2 p-3 bg-white"
          data-testid={`reminder-preview-${service}`}
        >
          <div className="small text-muted border-bottom pb-2 mb-2">
            Subject: <strong>{shown.subject}</strong>
          </div>
          {/* The server escapes the values it fills in; DOMPurify still strips any script or
              event handler before the HTML reaches the page. */}
          <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(shown.htmlContent) }} />
        </div>
      )}
    </section>
  );
}
