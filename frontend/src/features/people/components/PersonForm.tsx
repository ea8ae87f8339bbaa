import { useCallback, useEffect, useState } from 'react';
import { Formik, useFormikContext } from 'formik';
import type { FormikProps } from 'formik';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import {
  amlReminderDate,
  DATE_MAX,
  DATE_MIN,
  emailFieldSchema,
  ErrorCode,
  formatDate,
  isIsoDate,
  MESSAGES,
  nationalityLabel,
  personInformationSchema,
  storedEmailNote,
  TEXT_MAX_LENGTHS,
} from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { FormSection } from '../../../components/FormSection';
import { DeleteUpdateActions } from '../../../components/DeleteUpdateActions';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { CountrySelect } from '../../../components/CountrySelect';
import {
  FieldFeedback,
  FocusFirstError,
  showServerFieldErrors,
  useFieldError,
} from '../../../components/fieldErrors';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useDeletePersonMutation, useUpdatePersonMutation } from '../api';
import type { PersonUpdate } from '../api';
import { errorText } from '../../../lib/errors';
import type { Person } from '../../../types/records';
import { FormikDateField } from '../../../components/DateField';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'mail',
  'birth',
  'nationality',
  'country',
  'ipn',
  'pps',
  'companyForm',
  'dateAml',
  'addressStreet1',
  'addressZip1',
  'addressCity1',
  'addressState1',
  'addressCountry1',
  'comments',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The Information tab's values: inputs hold strings ('' for none) and the three switches. */
export type PersonFormValues = Record<TextField, string> & {
  vif: boolean;
  idPal: boolean;
  pep: boolean;
};

export function toFormValues(person: Person): PersonFormValues {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, person[field] ?? '']),
  ) as Record<TextField, string>;
  // Shown as a name ("irish" → "Irish"), and saved as shown: what the field reads is what is kept.
  text.nationality = nationalityLabel(person.nationality);
  return { ...text, vif: person.vif, idPal: person.idPal, pep: person.pep };
}

/** The whole form for PUT: an emptied input is sent as null ("not given"). */
export function toUpdateBody(values: PersonFormValues, updatedAt: string): PersonUpdate {
  const body: Record<string, unknown> = { vif: values.vif, idPal: values.idPal, pep: values.pep };
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    // The names are required by the record; an emptied one is sent as typed and the server says why.
    body[field] =
      field === 'firstName' || field === 'lastName' ? value : value === '' ? null : value;
  }
  return { ...(body as PersonUpdate), updatedAt };
}

export interface PersonFormProps {
  person: Person;
  /** Loads the person again (after a version conflict). */
  onReload: () => void;
  reloading?: boolean;
}

/**
 * Takes a newer version of the person (an upload or a delete on the Files tab bumps updatedAt)
 * into the form while it holds no edits, or when the user asked for it with Reload. A form with
 * edits keeps the version it was filled from, so its Update answers 409 instead of overwriting
 * what changed meanwhile.
 */
function AdoptNewerVersion({
  latest,
  loaded,
  force,
  onAdopt,
}: {
  latest: Person;
  loaded: Person;
  force: boolean;
  onAdopt: (person: Person) => void;
}) {
  const { dirty, resetForm } = useFormikContext<PersonFormValues>();
  useEffect(() => {
    // Only forward: right after a save the cache still holds the version before it.
    const newer = Date.parse(latest.updatedAt) > Date.parse(loaded.updatedAt);
    if (!newer || (dirty && !force)) return;
    resetForm({ values: toFormValues(latest) });
    onAdopt(latest);
  }, [latest, loaded.updatedAt, dirty, force, resetForm, onAdopt]);
  return null;
}

/**
 * The Information tab (docs/product/organizations-and-people.md): Personal details, AML, Address
 * and Additional information, with Delete and Update. No required or format checks
 * (personInformationSchema).
 */
export function PersonForm({ person, onReload, reloading = false }: PersonFormProps) {
  const navigate = useNavigate();
  // The version the form was filled from: its updatedAt goes with Update.
  const [loaded, setLoaded] = useState(person);
  const [reloadAsked, setReloadAsked] = useState(false);
  const [updatePerson] = useUpdatePersonMutation();
  const [deletePerson, { isLoading: deleting }] = useDeletePersonMutation();
  const [conflict, setConflict] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const adopt = useCallback((version: Person) => {
    setLoaded(version);
    setConflict(false);
    setReloadAsked(false);
  }, []);

  const remove = async () => {
    try {
      await deletePerson(person._id).unwrap();
      setLeaving(true);
      toast.success(MESSAGES.deleted);
      navigate('/people');
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  };

  return (
    <Formik<PersonFormValues>
      initialValues={toFormValues(loaded)}
      validationSchema={personInformationSchema.shape({
        // Checked by the one address rule when it differs from the one saved (ADR 0134).
        mail: emailFieldSchema(loaded.mail, TEXT_MAX_LENGTHS.person.mail),
      })}
      onSubmit={async (values, helpers) => {
        const { resetForm } = helpers;
        try {
          const saved = await updatePerson({
            id: person._id,
            body: toUpdateBody(values, loaded.updatedAt),
          }).unwrap();
          setConflict(false);
          // The saved record is the form's version at once: leaving right after saving does not
          // ask, and typing on before the refetch lands does not answer 409.
          setLoaded(saved);
          resetForm({ values: toFormValues(saved) });
          toast.success(MESSAGES.updated);
        } catch (error) {
          if (isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT) {
            // Nothing was written; the form keeps the user's edits until they choose Reload.
            setConflict(true);
          } else {
            // A refused field is marked under itself; the toast says the rest.
            showServerFieldErrors(error, values, helpers);
            toast.error(errorText(error, MESSAGES.anErrorOccurred));
          }
        }
      }}
    >
      {(formik) => (
        <Form noValidate onSubmit={formik.handleSubmit}>
          <UnsavedChangesPrompt
            when={formik.dirty && !leaving}
            basePath={`/people/${person._id}`}
          />
          <AdoptNewerVersion latest={person} loaded={loaded} force={reloadAsked} onAdopt={adopt} />
          {conflict && (
            <ConflictAlert
              onReload={() => {
                setReloadAsked(true);
                onReload();
              }}
              busy={reloading}
            />
          )}
          <FocusFirstError />
          <PersonFields formik={formik} />
          <DeleteUpdateActions
            deleteTitle="Delete person"
            saving={formik.isSubmitting}
            deleting={deleting}
            onDelete={remove}
            className="d-flex justify-content-end gap-2 mt-4"
          />
        </Form>
      )}
    </Formik>
  );
}

function TextInput({
  formik,
  name,
  label,
  type = 'text',
  md = 4,
}: {
  formik: FormikProps<PersonFormValues>;
  name: TextField;
  label: string;
  type?: string;
  md?: number;
}) {
  const error = useFieldError(name);
  return (
    <Col md={md}>
      <Form.Group controlId={`person-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control type={type} {...formik.getFieldProps(name)} isInvalid={Boolean(error)} />
        <FieldFeedback name={name} />
        {name === 'mail' && (
          <StoredEmailText note={storedEmailNote(formik.initialValues.mail, formik.values.mail)} />
        )}
      </Form.Group>
    </Col>
  );
}

/** Why a saved bad address is still there, under the field that holds it. */
function StoredEmailText({ note }: { note: string | null }) {
  return note ? <Form.Text className="d-block text-warning-emphasis">{note}</Form.Text> : null;
}

function Switch({
  formik,
  name,
  label,
}: {
  formik: FormikProps<PersonFormValues>;
  name: 'vif' | 'idPal' | 'pep';
  label: string;
}) {
  return (
    <Col xs="auto">
      <Form.Check
        type="switch"
        role="switch"
        id={`person-${name}`}
        label={label}
        checked={formik.values[name]}
        onChange={(event) => void formik.setFieldValue(name, event.target.checked)}
      />
    </Col>
  );
}

function PersonFields({ formik }: { formik: FormikProps<PersonFormValues> }) {
  const { values, setFieldValue } = formik;
  const commentsError = useFieldError('comments');
  const countryError = useFieldError('country');
  const addressCountry1Error = useFieldError('addressCountry1');
  const reminder = isIsoDate(values.dateAml) ? formatDate(amlReminderDate(values.dateAml)) : '';
  return (
    <>
      <FormSection title="Personal details">
        <TextInput formik={formik} name="firstName" label="First Name" />
        <TextInput formik={formik} name="lastName" label="Last Name" />
        <TextInput formik={formik} name="phone" label="Phone" type="tel" />
        <TextInput formik={formik} name="mail" label="Email" type="email" />
        <Col md={4}>
          <Form.Group controlId="person-birth">
            <Form.Label>Date of birth</Form.Label>
            <FormikDateField name="birth" label="Date of birth" min="1900-01-01" />
          </Form.Group>
        </Col>
        <TextInput formik={formik} name="nationality" label="Nationality" />
        <Col md={4}>
          <Form.Label htmlFor="person-country">Country</Form.Label>
          <CountrySelect
            inputId="person-country"
            name="country"
            error={countryError}
            value={values.country}
            onChange={(country) => void setFieldValue('country', country ?? '')}
          />
        </Col>
        <TextInput formik={formik} name="ipn" label="IPN" />
        <TextInput formik={formik} name="pps" label="PPS" />
        <TextInput formik={formik} name="companyForm" label="Company Form" />
      </FormSection>

      <FormSection title="AML">
        <Col xs={12} className="d-flex flex-wrap gap-4">
          <Switch formik={formik} name="vif" label="VIF" />
          <Switch formik={formik} name="idPal" label="ID-Pal" />
          <Switch formik={formik} name="pep" label="PEP" />
        </Col>
        <Col md={4}>
          <Form.Group controlId="person-dateAml">
            <Form.Label>AML date</Form.Label>
            <FormikDateField name="dateAml" label="AML date" min={DATE_MIN} max={DATE_MAX} />
          </Form.Group>
        </Col>
        <Col md={4}>
          <Form.Group controlId="person-aml-reminder">
            <Form.Label>AML reminder</Form.Label>
            <Form.Control value={reminder} readOnly plaintext placeholder="—" />
          </Form.Group>
        </Col>
      </FormSection>

      <FormSection title="Address">
        <TextInput formik={formik} name="addressStreet1" label="Street" md={8} />
        <TextInput formik={formik} name="addressZip1" label="Zip code" />
        <TextInput formik={formik} name="addressCity1" label="City" />
        <TextInput formik={formik} name="addressState1" label="State" />
        <Col md={4}>
          <Form.Label htmlFor="person-addressCountry1">Address country</Form.Label>
          <CountrySelect
            inputId="person-addressCountry1"
            name="addressCountry1"
            error={addressCountry1Error}
            value={values.addressCountry1}
            onChange={(country) => void setFieldValue('addressCountry1', country ?? '')}
          />
        </Col>
      </FormSection>

      <FormSection title="Additional information">
        <Col xs={12}>
          <Form.Group controlId="person-comments">
            <Form.Label>Comments</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              {...formik.getFieldProps('comments')}
              isInvalid={Boolean(commentsError)}
            />
            <FieldFeedback name="comments" />
          </Form.Group>
        </Col>
      </FormSection>
    </>
  );
}
