import { useState } from 'react';
import { FieldArray, Formik, getIn } from 'formik';
import type { FormikProps } from 'formik';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import {
  ErrorCode,
  MESSAGES,
  PERSON_ROLE_LABELS,
  PUBLIC_FORM_ROLES,
  ROUTES,
  emptyPublicFormPerson,
  formRequestSchema,
  organizationPath,
} from '@registra/domain';
import type { FormPersonView, PublicFormRole } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { FormSection } from '../../../components/FormSection';
import { ReasonButton } from '../../../components/ReasonButton';
import { DeleteUpdateActions } from '../../../components/DeleteUpdateActions';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { FormikDateField } from '../../../components/DateField';
import {
  FocusFirstError,
  showServerFieldErrors,
  useFieldError,
} from '../../../components/fieldErrors';
import { ConversionDialog } from './ConversionDialog';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useConvertFormMutation, useDeleteFormMutation, useUpdateFormMutation } from '../api';
import type { FormUpdate, FormView } from '../api';

export type FormRequestValues = Omit<FormUpdate, 'updatedAt'>;

export const toEditorValues = (form: FormView): FormRequestValues => ({
  organizationName1: form.organizationName1,
  organizationName2: form.organizationName2,
  organizationName3: form.organizationName3,
  description: form.description,
  IDPAL: form.IDPAL,
  secretaryCompany: form.secretaryCompany,
  anonymeShareholder: form.anonymeShareholder,
  peoples: form.peoples,
});

/** The whole request for PUT: an emptied percentage is 0. */
export const toUpdateBody = (values: FormRequestValues, updatedAt: string): FormUpdate => ({
  ...values,
  peoples: values.peoples.map((person) => ({
    ...person,
    beneficiaryPercentage: Number(person.beneficiaryPercentage) || 0,
  })),
  updatedAt,
});

/**
 * The INFORMATION tab of /form/{id} (docs/product/forms.md): the editable request, Delete ('Are you
 * sure?'), Update ('Updating...') and 'Create the organization', which turns the request into a
 * client and then links to it.
 */
export function FormRequestEditor({
  form,
  onReload,
  reloading,
}: {
  form: FormView;
  onReload: () => void;
  reloading: boolean;
}) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(form);
  const [conflict, setConflict] = useState(false);
  const [confirmConvert, setConfirmConvert] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [updateForm] = useUpdateFormMutation();
  const [deleteForm, { isLoading: deleting }] = useDeleteFormMutation();
  const [convertForm, { isLoading: converting }] = useConvertFormMutation();
  const organizationId = form.organizationId ?? loaded.organizationId;

  const remove = async () => {
    try {
      await deleteForm(form._id).unwrap();
      setLeaving(true);
      toast.success(MESSAGES.formDeleted);
      navigate(ROUTES.forms);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  };

  const convert = async () => {
    try {
      const conversion = await convertForm(form._id).unwrap();
      setConfirmConvert(false);
      setLoaded((current) => ({ ...current, organizationId: conversion.organizationId }));
      const reused = conversion.people.filter((person) => person.reused).length;
      toast.success(
        `Organization created${reused > 0 ? `; ${reused} existing ${reused === 1 ? 'person' : 'people'} reused` : ''}`,
      );
    } catch (error) {
      setConfirmConvert(false);
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  };

  return (
    <Formik<FormRequestValues>
      initialValues={toEditorValues(loaded)}
      enableReinitialize={false}
      validationSchema={formRequestSchema}
      onSubmit={async (values, helpers) => {
        const { resetForm } = helpers;
        try {
          const saved = await updateForm({
            id: form._id,
            body: toUpdateBody(values, loaded.updatedAt),
          }).unwrap();
          setConflict(false);
          setLoaded(saved);
          resetForm({ values: toEditorValues(saved) });
          toast.success(MESSAGES.formUpdated);
        } catch (error) {
          if (isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT) setConflict(true);
          else {
            // A refused field is marked under itself; the toast keeps "server message, else
            // error code, else 'An error occurred'".
            showServerFieldErrors(error, values, helpers);
            toast.error(errorText(error, MESSAGES.anErrorOccurred));
          }
        }
      }}
    >
      {(formik) => (
        <Form noValidate onSubmit={formik.handleSubmit}>
          <UnsavedChangesPrompt when={formik.dirty && !leaving} basePath={`/form/${form._id}`} />
          <FocusFirstError />
          {conflict && (
            <ConflictAlert
              busy={reloading}
              onReload={() => {
                onReload();
                setLoaded(form);
                formik.resetForm({ values: toEditorValues(form) });
                setConflict(false);
              }}
            />
          )}
          {organizationId ? (
            <Alert variant="success" className="d-flex flex-wrap align-items-center gap-2">
              This request is now a client.
              <Link to={organizationPath(organizationId)} className="alert-link">
                Open the organization
              </Link>
            </Alert>
          ) : null}

          <FormSection title="Company">
            <TextField
              formik={formik}
              name="organizationName1"
              label="Organization name 1"
              required
            />
            <TextField formik={formik} name="organizationName2" label="Organization name 2" />
            <TextField formik={formik} name="organizationName3" label="Organization name 3" />
            <TextField
              formik={formik}
              name="description"
              label="Description"
              required
              md={12}
              textarea
            />
            <Col xs={12} className="d-flex flex-wrap gap-4">
              {(
                [
                  ['IDPAL', 'IDPAL certified'],
                  ['secretaryCompany', 'Secretary company wanted'],
                  ['anonymeShareholder', 'Anonymous shareholder wanted'],
                ] as const
              ).map(([name, label]) => (
                <Form.Check
                  key={name}
                  type="switch"
                  id={`form-${name}`}
                  label={label}
                  checked={formik.values[name]}
                  onChange={(event) => void formik.setFieldValue(name, event.target.checked)}
                />
              ))}
            </Col>
          </FormSection>

          <FieldArray name="peoples">
            {(people) => (
              <>
                {formik.values.peoples.map((person, index) => (
                  <PersonFields
                    key={index}
                    formik={formik}
                    index={index}
                    person={person}
                    onRemove={() => people.remove(index)}
                  />
                ))}
                <Button
                  variant="outline-secondary"
                  className="mb-3"
                  onClick={() => people.push(emptyPublicFormPerson())}
                >
                  Add a person
                </Button>
              </>
            )}
          </FieldArray>

          <DeleteUpdateActions
            deleteTitle="Delete request"
            saving={formik.isSubmitting}
            deleting={deleting}
            onDelete={remove}
            className="d-flex flex-wrap justify-content-end gap-2 mt-2"
          >
            {!organizationId && (
              <ReasonButton
                variant="success"
                onClick={() => setConfirmConvert(true)}
                whyDisabled={
                  formik.dirty
                    ? 'Update the request first: the organization is made from the saved request'
                    : converting
                      ? 'Creating…'
                      : formik.isSubmitting && 'Saving…'
                }
              >
                {converting ? 'Creating...' : 'Create the organization'}
              </ReasonButton>
            )}
          </DeleteUpdateActions>
          <ConversionDialog
            formId={form._id}
            show={confirmConvert}
            busy={converting}
            onConfirm={() => void convert()}
            onCancel={() => setConfirmConvert(false)}
          />
        </Form>
      )}
    </Formik>
  );
}

function TextField({
  formik,
  name,
  label,
  required = false,
  md = 4,
  type = 'text',
  textarea = false,
}: {
  formik: FormikProps<FormRequestValues>;
  name: string;
  label: string;
  required?: boolean;
  md?: number;
  type?: string;
  textarea?: boolean;
}) {
  const error = useFieldError(name);
  return (
    <Col xs={12} md={md}>
      <Form.Group controlId={`form-${name}`}>
        <Form.Label>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </Form.Label>
        <Form.Control
          {...(textarea ? { as: 'textarea' as const, rows: 3 } : { type })}
          isInvalid={Boolean(error)}
          {...formik.getFieldProps(name)}
          value={(getIn(formik.values, name) as string | number | undefined) ?? ''}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
    </Col>
  );
}

function PersonFields({
  formik,
  index,
  person,
  onRemove,
}: {
  formik: FormikProps<FormRequestValues>;
  index: number;
  person: FormPersonView;
  onRemove: () => void;
}) {
  const base = `peoples.${index}`;
  const name = `${person.firstName} ${person.lastName}`.trim() || `Person ${index + 1}`;
  const toggleRole = (role: PublicFormRole, on: boolean) =>
    void formik.setFieldValue(
      `${base}.roles`,
      on
        ? PUBLIC_FORM_ROLES.filter((known) => known === role || person.roles.includes(known))
        : person.roles.filter((held) => held !== role),
    );
  return (
    <Card className="mb-3" as="section" aria-label={name}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">{name}</h2>
        <Button variant="outline-danger" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </Card.Header>
      <Card.Body>
        <div className="d-flex flex-wrap gap-3 mb-3" role="group" aria-label="Roles">
          {PUBLIC_FORM_ROLES.map((role) => (
            <Form.Check
              key={role}
              id={`${base}-role-${role}`}
              label={PERSON_ROLE_LABELS[role]}
              checked={person.roles.includes(role)}
              onChange={(event) => toggleRole(role, event.target.checked)}
            />
          ))}
        </div>
        <Row className="g-3">
          <TextField formik={formik} name={`${base}.firstName`} label="First name" />
          <TextField formik={formik} name={`${base}.lastName`} label="Last name" />
          <TextField formik={formik} name={`${base}.mail`} label="Email" type="email" />
          <TextField formik={formik} name={`${base}.phone`} label="Phone" type="tel" />
          <Col xs={12} md={4}>
            <Form.Group controlId={`form-${base}.birth`}>
              <Form.Label>Date of birth</Form.Label>
              <FormikDateField name={`${base}.birth`} label="Date of birth" min="1900-01-01" />
            </Form.Group>
          </Col>
          <TextField formik={formik} name={`${base}.nationality`} label="Nationality" />
          <TextField formik={formik} name={`${base}.street`} label="Street" md={8} />
          <TextField formik={formik} name={`${base}.city`} label="City" />
          <TextField formik={formik} name={`${base}.state`} label="State" />
          <TextField formik={formik} name={`${base}.zip`} label="Zip" />
          <TextField formik={formik} name={`${base}.country`} label="Country" />
          {person.roles.includes('shareholder') && (
            <TextField
              formik={formik}
              name={`${base}.beneficiaryPercentage`}
              label="Beneficiary percentage"
              type="number"
            />
          )}
          <TextField formik={formik} name={`${base}.KBIS`} label="KBIS" />
          <TextField
            formik={formik}
            name={`${base}.authorizedPerson_name`}
            label="Authorized person name"
          />
        </Row>
      </Card.Body>
    </Card>
  );
}
