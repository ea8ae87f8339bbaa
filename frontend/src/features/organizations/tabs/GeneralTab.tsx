import { useFormikContext } from 'formik';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  CREATION_PACKAGES,
  CREATION_STATUSES,
  LANGUAGES,
  NOT_AVAILABLE,
  RISK_LEVELS,
} from '@registra/domain';
import type { RiskLevel } from '@registra/domain';
import { CountrySelect } from '../../../components/CountrySelect';
import type { OrganizationFormValues } from '../form';
import { Section, SelectField, TextField } from './fields';

const LANGUAGE_LABELS: Record<string, string> = { en: 'English', fr: 'French' };
/** "high red, medium yellow, low green" as Bootstrap badge colours. */
const RISK_BADGES: Record<RiskLevel, { bg: string; text?: 'dark' }> = {
  high: { bg: 'danger' },
  medium: { bg: 'warning', text: 'dark' },
  low: { bg: 'success' },
};

const asOptions = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

const riskLevelOf = (aml: Record<string, unknown> | null | undefined): RiskLevel | null => {
  const level = aml?.appendix2_risk_level;
  return typeof level === 'string' && (RISK_LEVELS as readonly string[]).includes(level)
    ? (level as RiskLevel)
    : null;
};

/** Company details, location and additional information (the signup-app part comes later). */
export function GeneralTab({ aml }: { aml: Record<string, unknown> | null | undefined }) {
  const { values, setFieldValue } = useFormikContext<OrganizationFormValues>();
  const risk = riskLevelOf(aml);

  return (
    <>
      <Section title="Company details">
        <Row className="g-3">
          <TextField name="name" label="Name" />
          <TextField name="mail" label="Mail" type="email" />
          <TextField name="cro" label="CRO" md={4} />
          <SelectField
            name="language"
            label="Language"
            md={4}
            options={asOptions(LANGUAGES, LANGUAGE_LABELS)}
          />
          <SelectField
            name="creationStatus"
            label="Creation status"
            md={4}
            emptyLabel={NOT_AVAILABLE}
            options={asOptions(CREATION_STATUSES)}
          />
          <SelectField
            name="creationPackage"
            label="Creation package"
            md={4}
            options={asOptions(CREATION_PACKAGES)}
          />
        </Row>
      </Section>

      <Section title="Location">
        <Row className="g-3">
          <TextField name="address" label="Address" rows={2} />
          <Form.Group as={Col} md={6}>
            <Form.Label htmlFor="organization-country">Country</Form.Label>
            <CountrySelect
              inputId="organization-country"
              value={values.country}
              onChange={(country) => void setFieldValue('country', country ?? '')}
            />
          </Form.Group>
        </Row>
      </Section>

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
                  {risk.toUpperCase()}
                </Badge>
              ) : (
                <span className="text-muted">{NOT_AVAILABLE}</span>
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
    </>
  );
}
