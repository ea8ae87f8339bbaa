import { useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import {
  CREATION_PACKAGES,
  CREATION_PACKAGE_LABELS,
  CREATION_STATUSES,
  CREATION_STATUS_LABELS,
  FINOTOR_STATUSES,
  FINOTOR_STATUS_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  MESSAGES,
  NOT_SET,
  inWords,
  RISK_LEVELS,
  afterSignupEmailSent,
  labelledOptions,
  riskLevelInWords,
  buildSignupLink,
  signupEmailParams,
  storedEmailNote,
  signupLinkMissing,
  signupTemplateId,
} from '@registra/domain';
import type { FinotorStatus, RiskLevel, SignupLinkSource } from '@registra/domain';
import { CodeNote } from '../../../components/CodeNote';
import { CountrySelect } from '../../../components/CountrySelect';
import { ReasonButton } from '../../../components/ReasonButton';
import { FormattedDate } from '../../../components/FormattedDate';
import { useFieldError } from '../../../components/fieldErrors';
import { useGetOrganizationQuery, useUpdateOrganizationMutation } from '../api';
import type { OrganizationFormValues } from '../form';
import { useOrganizationDirectorsQuery, useSendOrganizationEmailMutation } from '../mailApi';
import type { Organization } from '../types';
import { Section, SelectField, TextField } from './fields';

/** "high red, medium yellow, low green" as Bootstrap badge colours. */
const RISK_BADGES: Record<RiskLevel, { bg: string; text?: 'dark' }> = {
  high: { bg: 'danger' },
  medium: { bg: 'warning', text: 'dark' },
  low: { bg: 'success' },
};

const riskLevelOf = (aml: Record<string, unknown> | null | undefined): RiskLevel | null => {
  const level = aml?.appendix2_risk_level;
  return typeof level === 'string' && (RISK_LEVELS as readonly string[]).includes(level)
    ? (level as RiskLevel)
    : null;
};

/** Company details, location, the signup-app invitation and additional information. */
export function GeneralTab({ aml }: { aml: Record<string, unknown> | null | undefined }) {
  const { values, initialValues, setFieldValue } = useFormikContext<OrganizationFormValues>();
  const countryError = useFieldError('country');
  const risk = riskLevelOf(aml);

  return (
    <>
      <Section title="Company details">
        <Row className="g-3">
          <TextField name="name" label="Name" />
          <TextField
            name="mail"
            label="Mail"
            type="email"
            help={storedEmailNote(initialValues.mail, values.mail) ?? undefined}
          />
          <TextField name="cro" label="CRO" md={4} />
          <SelectField
            name="language"
            label="Language"
            md={4}
            options={labelledOptions(LANGUAGES, LANGUAGE_LABELS)}
          />
          <SelectField
            name="creationStatus"
            label="Creation status"
            md={4}
            emptyLabel={NOT_SET}
            options={labelledOptions(CREATION_STATUSES, CREATION_STATUS_LABELS)}
          />
          <SelectField
            name="creationPackage"
            label="Creation package"
            md={4}
            options={labelledOptions(CREATION_PACKAGES, CREATION_PACKAGE_LABELS)}
          />
        </Row>
      </Section>

      <Section title="Location">
        <Row className="g-3">
          <TextField name="address" label="Address" rows={2} />
          {values.address.trim() !== initialValues.address.trim() && (
            // A new registered office starts the CRO's B2 follow-up on save, unless filed.
            <Col xs={12} className="order-md-last">
              <Form.Check
                id="organization-alreadyFiled"
                type="checkbox"
                label="Registered-office change already filed with the CRO (no B2 follow-up is started)"
                checked={values.alreadyFiled}
                onChange={(event) => void setFieldValue('alreadyFiled', event.target.checked)}
              />
            </Col>
          )}
          <Form.Group as={Col} md={6}>
            <Form.Label htmlFor="organization-country">Country</Form.Label>
            <CountrySelect
              inputId="organization-country"
              name="country"
              error={countryError}
              value={values.country}
              onChange={(country) => void setFieldValue('country', country ?? '')}
            />
          </Form.Group>
        </Row>
      </Section>

      <SignupAppSection />

      <Section title="Additional information">
        <Row className="g-3">
          <TextField name="businessActivity" label="Business activity" rows={2} />
          <Col md={6}>
            <Form.Label as="div">AML risk level</Form.Label>
            <div>
              {risk ? (
                <Badge
                  bg={RISK_BADGES[risk].bg}
                  text={RISK_BADGES[risk].text}
                  data-testid="aml-risk-level"
                >
                  {riskLevelInWords(risk)}
                </Badge>
              ) : (
                <span className="text-muted" data-testid="aml-risk-level">
                  {riskLevelInWords(null)}
                </span>
              )}
            </div>
          </Col>
          <Col md={12}>
            <Form.Check
              id="organization-rbo"
              type="switch"
              label="RBO"
              checked={values.rbo}
              onChange={(event) => void setFieldValue('rbo', event.target.checked)}
            />
          </Col>
          <TextField name="comments" label="Comments" rows={3} md={12} />
        </Row>
      </Section>

      <Section title="Client relationship">
        <Row className="g-3">
          {/* The AML retention of the company's people runs from it (docs/privacy.md). */}
          <TextField
            name="relationshipEndedOn"
            label="Relationship ended on"
            type="date"
            help="Set when the company is struck off or the firm stops acting for it; its people are kept five years after it (AML law), then may be erased."
          />
        </Row>
      </Section>
    </>
  );
}

const FINOTOR_BADGES: Record<FinotorStatus, string> = {
  not_sent: 'secondary',
  sent: 'info',
  registered: 'success',
  stopped: 'danger',
};

const isFinotorStatus = (value: string | null | undefined): value is FinotorStatus =>
  (FINOTOR_STATUSES as readonly string[]).includes(value ?? '');

/**
 * The signup app's address. Its host is configuration, set at build time; read on
 * each render so that a test can stub it. Unset or unreadable, no link is built: an invitation
 * pointing at a made-up host would reach the customer broken.
 */
function signupAppUrl(): string | null {
  const value = String(import.meta.env.VITE_SIGNUP_APP_URL ?? '').trim();
  if (!value) return null;
  try {
    return new URL(value).toString();
  } catch {
    return null;
  }
}

/** The fields the link and the e-mail read, saved or not yet. */
const unsavedIdentity = (values: OrganizationFormValues, organization: Organization) =>
  values.name.trim() !== organization.name.trim() ||
  values.mail.trim() !== (organization.mail ?? '').trim() ||
  values.language !== (organization.language ?? '');

/**
 * The signup-app (Finotor) invitation: status, prerequisites, link and Send
 * (docs/product/organizations-and-people.md, "The sign-up app"). It reads the saved organization,
 * not the form: the e-mail goes to the mail on record and the status is written by its own PUT,
 * apart from the form's Update.
 */
function SignupAppSection() {
  const { id = '' } = useParams();
  const { values } = useFormikContext<OrganizationFormValues>();
  // The detail page's own query: the cached record, no second request.
  const { data: organization } = useGetOrganizationQuery(id);
  const directors = useOrganizationDirectorsQuery(id);
  const [sendEmail, { isLoading: sending }] = useSendOrganizationEmailMutation();
  const [updateOrganization, { isLoading: recording }] = useUpdateOrganizationMutation();
  const [copied, setCopied] = useState(false);
  const linkInput = useRef<HTMLInputElement>(null);

  if (!organization) return null;

  const director = directors.data?.[0]?.peopleId ?? null;
  const source: SignupLinkSource = {
    director,
    organizationName: organization.name,
    organizationMail: organization.mail,
  };
  const missing = directors.isSuccess ? signupLinkMissing(source) : [];
  const baseUrl = signupAppUrl();
  const link =
    directors.isSuccess && missing.length === 0 && baseUrl
      ? buildSignupLink(baseUrl, source)
      : null;
  const busy = sending || recording;
  // Why there is no link to copy or send; the hints below the field say it at length.
  const whyNoLink = directors.isLoading
    ? 'Loading the directors…'
    : directors.isError
      ? 'The directors could not be loaded'
      : missing.length > 0
        ? `Missing: ${missing.join('; ')}`
        : !baseUrl
          ? 'The signup app address is not configured'
          : null;
  const status = isFinotorStatus(organization.finotor)
    ? {
        label: FINOTOR_STATUS_LABELS[organization.finotor],
        bg: FINOTOR_BADGES[organization.finotor],
      }
    : { label: inWords(FINOTOR_STATUS_LABELS, organization.finotor), bg: 'secondary' };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (a page served over plain http): select the link for Ctrl+C instead.
      linkInput.current?.select();
    }
  };

  const send = async () => {
    if (!link || !director) return;
    try {
      await sendEmail({
        templateId: signupTemplateId(organization.language),
        emailTo: (organization.mail ?? '').trim(),
        params: signupEmailParams((director.firstName ?? '').trim(), link),
        organizationId: id,
      }).unwrap();
    } catch {
      toast.error(MESSAGES.signupEmailSendFailed);
      return;
    }
    try {
      // Partial PUT: the form's unsaved edits stay in the form for its own Update.
      await updateOrganization({ id, body: afterSignupEmailSent() }).unwrap();
      toast.success(MESSAGES.signupEmailSent);
    } catch {
      toast.error(MESSAGES.signupEmailSentAtUpdateFailed);
    }
  };

  return (
    <Section title="Signup app">
      <Row className="g-3" data-testid="signup-app">
        <Col md={4}>
          <Form.Label as="div">Status</Form.Label>
          <Badge bg={status.bg} data-testid="signup-app-status">
            {status.label}
          </Badge>
        </Col>
        <Col md={4}>
          <Form.Label as="div">E-mail sent at</Form.Label>
          <div data-testid="signup-app-sent-at">
            <FormattedDate value={organization.finotorEmailSentAt} withTime empty="—" />
          </div>
        </Col>
        {organization.finotorRegisteredAt && (
          <Col md={4}>
            <Form.Label as="div">Registered at</Form.Label>
            <div>
              <FormattedDate value={organization.finotorRegisteredAt} withTime />
            </div>
          </Col>
        )}
        <Form.Group as={Col} md={12} controlId="organization-signup-link">
          <Form.Label>Signup link</Form.Label>
          <InputGroup>
            <Form.Control ref={linkInput} readOnly value={link ?? ''} disabled={!link} />
            <ReasonButton
              variant="outline-secondary"
              className="rounded-0"
              wrapperClassName="d-flex"
              whyDisabled={whyNoLink}
              onClick={() => void copy()}
            >
              {copied ? 'Copied' : 'Copy'}
            </ReasonButton>
            <ReasonButton
              variant="primary"
              className="rounded-start-0"
              wrapperClassName="d-flex"
              whyDisabled={whyNoLink ?? (busy && 'Sending…')}
              onClick={() => void send()}
            >
              {busy ? 'Sending...' : 'Send'}
            </ReasonButton>
          </InputGroup>
          {directors.isLoading && <Form.Text>Loading the directors...</Form.Text>}
          {directors.isError && (
            <Form.Text className="text-danger">The directors could not be loaded.</Form.Text>
          )}
          {missing.length > 0 && (
            <div className="form-text text-danger" data-testid="signup-link-missing">
              Missing:
              <ul className="mb-0">
                {missing.map((hint) => (
                  <li key={hint}>{hint}</li>
                ))}
              </ul>
            </div>
          )}
          {directors.isSuccess && missing.length === 0 && !baseUrl && (
            <Form.Text className="text-danger">
              The signup app address is not configured: an administrator sets it when the product is
              built.
              <CodeNote code="VITE_SIGNUP_APP_URL" />
            </Form.Text>
          )}
          {unsavedIdentity(values, organization) && (
            <Form.Text className="d-block">
              The link and the e-mail use the saved name, mail and language: Update to use your
              changes.
            </Form.Text>
          )}
        </Form.Group>
      </Row>
    </Section>
  );
}
