import { useFormikContext } from 'formik';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  BIRTH_DATE_MIN,
  DEFAULT_SHARE_COUNT,
  DEFAULT_SHARE_NOMINAL_EUROS,
  DIRECTOR_MIN_AGE_YEARS,
  PROOF_OF_ADDRESS_MAX_AGE_MONTHS,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_FORM_ROLES,
  PUBLIC_FORM_ROLE_LABELS,
  SHAREHOLDERS_MAX,
  SHAREHOLDERS_MIN,
  canRemovePersonCard,
  personCardTitle,
} from '@registra/domain';
import type { PublicForm, PublicFormPerson, PublicFormRole } from '@registra/domain';
import { FormikDateField } from '../../../components/DateField';
import { fieldErrorOf } from '../../../components/fieldErrors';
import { OfferLink } from './PublicLayout';
import { PUBLIC_FORM_FIELD_LABELS as L } from '../fieldLabels';

/** What each role's info box says (docs/product/forms.md), in French like the rest of the form. */
const ROLE_INFO: Partial<Record<PublicFormRole, string>> = {
  director: `Le directeur doit avoir plus de ${DIRECTOR_MIN_AGE_YEARS} ans. Un directeur unique doit résider dans l’Union européenne\u00a0; avec plusieurs directeurs, au moins l’un d’eux doit y résider. Il faut au moins 1 directeur, et un directeur est toujours une personne physique.`,
  secretary:
    'Le secrétaire peut être une personne physique ou morale. Il doit être différent du directeur lorsqu’il n’y a qu’un seul directeur.',
  shareholder: `L’actionnaire peut être une personne physique ou morale\u00a0: ${SHAREHOLDERS_MIN} au minimum, ${SHAREHOLDERS_MAX} au maximum. Les pourcentages se répartissent sur une base de 100\u00a0%\u00a0; un actionnaire unique détient 100\u00a0%. Aucun capital à verser\u00a0: par défaut ${DEFAULT_SHARE_COUNT} actions de ${DEFAULT_SHARE_NOMINAL_EUROS} euro, non libérées.`,
  nomineeDirector:
    'Le directeur nominé assure la confidentialité des bénéficiaires\u00a0: il n’a aucun pouvoir de décision, et une convention formalise cet accord.',
  nonExecutiveDirector:
    'Le directeur non exécutif assure la confidentialité des bénéficiaires\u00a0: il n’a aucun pouvoir de décision, et une convention formalise cet accord.',
};

const roleLabel = (role: PublicFormRole) =>
  role === 'secretary' || role === 'shareholder'
    ? `${PUBLIC_FORM_ROLE_LABELS[role]} (${PUBLIC_FORM_MESSAGES.mandatory})`
    : PUBLIC_FORM_ROLE_LABELS[role];

type PersonTextField = Extract<
  keyof PublicFormPerson,
  | 'firstName'
  | 'lastName'
  | 'mail'
  | 'phone'
  | 'birth'
  | 'nationality'
  | 'street'
  | 'city'
  | 'state'
  | 'country'
  | 'zip'
  | 'KBIS'
  | 'authorizedPerson_name'
  | 'authorizedPerson_address'
>;

export interface PersonCardProps {
  index: number;
  onRemove: () => void;
}

/** One person of the request: 'Personne n - roles', roles with their info, identity, address. */
export function PersonCard({ index, onRemove }: PersonCardProps) {
  const formik = useFormikContext<PublicForm>();
  const fieldError = (name: string) => fieldErrorOf(formik, name);
  const person = formik.values.peoples[index];
  const base = `peoples.${index}`;
  const id = (field: string) => `person-${index}-${field}`;

  const text = (field: PersonTextField, label: string, options: TextOptions = {}) => {
    const name = `${base}.${field}`;
    const error = fieldError(name);
    return (
      <Col xs={12} md={options.md ?? 6} key={field}>
        <Form.Group controlId={id(field)}>
          <Form.Label>
            {label}
            {options.required !== false && <span aria-hidden="true"> *</span>}
          </Form.Label>
          <Form.Control
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            required={options.required !== false}
            isInvalid={Boolean(error)}
            {...formik.getFieldProps(name)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </Col>
    );
  };

  const toggleRole = (role: PublicFormRole, on: boolean) => {
    const roles = on
      ? PUBLIC_FORM_ROLES.filter((known) => known === role || person.roles.includes(known))
      : person.roles.filter((held) => held !== role);
    void formik.setFieldValue(`${base}.roles`, roles);
  };

  const beneficiaryName = `${base}.beneficiaryPercentage`;
  const beneficiaryError = fieldError(beneficiaryName);

  return (
    <Card className="mb-3" as="section" aria-labelledby={id('title')}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 id={id('title')} className="h6 mb-0">
          {personCardTitle(index, person.roles)}
        </h2>
        {canRemovePersonCard(index) && (
          <Button variant="outline-danger" size="sm" onClick={onRemove}>
            {PUBLIC_FORM_MESSAGES.removePerson}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">Rôles</legend>
          <div className="d-flex flex-wrap gap-3">
            {PUBLIC_FORM_ROLES.map((role) => (
              <Form.Check
                key={role}
                type="checkbox"
                id={id(`role-${role}`)}
                label={roleLabel(role)}
                checked={person.roles.includes(role)}
                onChange={(event) => toggleRole(role, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>

        {person.roles.map((role) =>
          ROLE_INFO[role] ? (
            <Alert key={role} variant="info" className="small" data-testid={`info-${role}`}>
              <div>{ROLE_INFO[role]}</div>
              {role === 'secretary' && (
                <>
                  <Form.Check
                    className="mt-2"
                    id={id('secretaryCompany')}
                    label={PUBLIC_FORM_MESSAGES.noSecretary}
                    checked={person.secretaryCompany}
                    onChange={(event) =>
                      void formik.setFieldValue(`${base}.secretaryCompany`, event.target.checked)
                    }
                  />
                  {person.secretaryCompany && (
                    <p className="mb-0 mt-1">
                      {PUBLIC_FORM_MESSAGES.secretaryCompanyOffer}{' '}
                      <OfferLink>Voir l’offre</OfferLink>
                    </p>
                  )}
                </>
              )}
              {role === 'shareholder' && (
                <>
                  <Form.Check
                    className="mt-2"
                    id={id('anonymeShareholder')}
                    label={PUBLIC_FORM_MESSAGES.anonymousShareholder}
                    checked={person.anonymeShareholder}
                    onChange={(event) =>
                      void formik.setFieldValue(`${base}.anonymeShareholder`, event.target.checked)
                    }
                  />
                  {person.anonymeShareholder && (
                    <p className="mb-0 mt-1">
                      Nous proposons un service d’actionnaire anonyme (nominee shareholder).{' '}
                      <OfferLink>Voir l’offre</OfferLink>
                    </p>
                  )}
                </>
              )}
              {(role === 'nomineeDirector' || role === 'nonExecutiveDirector') && (
                <p className="mb-0 mt-1">
                  <OfferLink>En savoir plus</OfferLink>
                </p>
              )}
            </Alert>
          ) : null,
        )}

        {person.roles.includes('shareholder') && (
          <Row className="mb-3">
            <Col xs={12} md={6}>
              <Form.Group controlId={id('beneficiaryPercentage')}>
                <Form.Label>{L.beneficiaryPercentage}</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="decimal"
                  min={BENEFICIARY_PERCENTAGE_MIN}
                  max={BENEFICIARY_PERCENTAGE_MAX}
                  step="0.01"
                  name={beneficiaryName}
                  value={person.beneficiaryPercentage}
                  isInvalid={Boolean(beneficiaryError)}
                  onBlur={formik.handleBlur}
                  onChange={(event) =>
                    void formik.setFieldValue(
                      beneficiaryName,
                      event.target.value === '' ? '' : Number(event.target.value),
                    )
                  }
                />
                <Form.Control.Feedback type="invalid">{beneficiaryError}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
        )}

        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">Informations personnelles</legend>
          <div className="d-flex flex-wrap gap-3 mb-2">
            {(['naturalPerson', 'legalPerson'] as const).map((type) => (
              <Form.Check
                key={type}
                type="radio"
                id={id(type)}
                name={`${base}.personType`}
                label={PUBLIC_FORM_MESSAGES[type]}
                checked={person.personType === type}
                onChange={() => void formik.setFieldValue(`${base}.personType`, type)}
              />
            ))}
          </div>
          <Row className="g-3">
            {person.personType === 'legalPerson' && (
              <>
                {text('KBIS', L.KBIS, { required: false })}
                {text('authorizedPerson_name', L.authorizedPerson_name, {
                  required: false,
                })}
                {text('authorizedPerson_address', L.authorizedPerson_address, {
                  required: false,
                  md: 12,
                })}
              </>
            )}
            {text('firstName', L.firstName, { autoComplete: 'given-name' })}
            {text('lastName', L.lastName, { autoComplete: 'family-name' })}
            {text('mail', L.mail, { type: 'email', autoComplete: 'email' })}
            {text('phone', L.phone, { type: 'tel', autoComplete: 'tel' })}
            <Col xs={12} md={6}>
              {/* Day first whatever the browser's language (a native date input shows
                  mm/dd/yyyy in an English browser). */}
              <Form.Group controlId={id('birth')}>
                <Form.Label>
                  {L.birth}
                  <span aria-hidden="true"> *</span>
                </Form.Label>
                <FormikDateField
                  name={`${base}.birth`}
                  label={L.birth}
                  language="fr"
                  min={BIRTH_DATE_MIN}
                  required
                />
              </Form.Group>
            </Col>
            {text('nationality', L.nationality)}
          </Row>
        </fieldset>

        <fieldset>
          <legend className="fs-6 fw-semibold">Adresse de résidence</legend>
          <p className="small text-muted">
            L’adresse doit correspondre à un justificatif de domicile de moins de{' '}
            {PROOF_OF_ADDRESS_MAX_AGE_MONTHS} mois.
          </p>
          <Row className="g-3">
            {text('street', L.street, { md: 12, autoComplete: 'street-address' })}
            {text('city', L.city, { autoComplete: 'address-level2' })}
            {text('state', L.state, { autoComplete: 'address-level1' })}
            {text('country', L.country, { autoComplete: 'country-name' })}
            {text('zip', L.zip, { autoComplete: 'postal-code' })}
          </Row>
        </fieldset>
      </Card.Body>
    </Card>
  );
}

interface TextOptions {
  type?: string;
  md?: number;
  required?: boolean;
  autoComplete?: string;
}
