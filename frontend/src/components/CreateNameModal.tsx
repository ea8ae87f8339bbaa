import { useId } from 'react';
import { Formik } from 'formik';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import * as yup from 'yup';
import { ModalTitle, SubmitFooter } from './ModalParts';
import { MESSAGES, TEXT_MAX_LENGTHS, textTooLongMessage } from '@registra/domain';
import { ReservedFeedback } from './fieldErrors';
import { EMPTY_ROLES, isRolesValueValid, RolesFields, toRolesPayload } from './RolesFields';
import type { RolesValue } from './RolesFields';

export interface NewOrganizationValues extends RolesValue {
  name: string;
}

export interface NewPeopleValues {
  firstName: string;
  lastName: string;
}

const ORGANIZATION_NAME_MAX = TEXT_MAX_LENGTHS.organization.name;
const PERSON_NAME_MAX = TEXT_MAX_LENGTHS.person.firstName;

/** The name, within what the server takes (the same limit). */
const organizationSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required('Name is required')
    .max(ORGANIZATION_NAME_MAX, textTooLongMessage(ORGANIZATION_NAME_MAX)),
});

const peopleSchema = yup.object({
  firstName: yup
    .string()
    .trim()
    .required('First Name is required')
    .max(PERSON_NAME_MAX, textTooLongMessage(PERSON_NAME_MAX)),
  lastName: yup
    .string()
    .trim()
    .required('Last Name is required')
    .max(PERSON_NAME_MAX, textTooLongMessage(PERSON_NAME_MAX)),
});

export interface NewOrganizationModalProps {
  show: boolean;
  onHide: () => void;
  /**
   * Receives the trimmed name and, with `withRoles`, the API-ready roles (percentage 0 unless
   * shareholder; without `withRoles`, no roles and 0). The caller calls the API and reports.
   */
  onSubmit: (values: NewOrganizationValues) => void | Promise<void>;
  busy?: boolean;
  /** Opened from a person: also asks the person's roles in the new organization. */
  withRoles?: boolean;
}

/**
 * "New Organization": a required name, plus the roles when opened from a person
 * (docs/product/links-and-registers.md).
 */
export function NewOrganizationModal({
  show,
  onHide,
  onSubmit,
  busy = false,
  withRoles = false,
}: NewOrganizationModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? undefined : onHide} centered aria-labelledby={titleId}>
      <Formik<NewOrganizationValues>
        initialValues={{ name: '', ...EMPTY_ROLES }}
        validationSchema={organizationSchema}
        validateOnMount
        onSubmit={(values) =>
          onSubmit({
            name: values.name.trim(),
            ...toRolesPayload(withRoles ? values : EMPTY_ROLES),
          })
        }
      >
        {({
          handleSubmit,
          getFieldProps,
          values,
          setValues,
          errors,
          touched,
          isValid,
          isSubmitting,
        }) => {
          const locked = busy || isSubmitting;
          return (
            <Form noValidate onSubmit={handleSubmit}>
              <ModalTitle id={titleId} locked={locked}>
                New Organization
              </ModalTitle>
              <Modal.Body>
                <Form.Group className="mb-3" controlId="new-organization-name">
                  <Form.Label>Name</Form.Label>
                  <Form.Control
                    autoFocus
                    {...getFieldProps('name')}
                    disabled={locked}
                    isInvalid={touched.name && !!errors.name}
                    aria-describedby={`${titleId}-name-error`}
                  />
                  {/* Its space is kept: "Name is required" appearing as the name is left does
                      not move the role boxes under a click already on its way. */}
                  <ReservedFeedback
                    id={`${titleId}-name-error`}
                    error={touched.name && errors.name}
                  />
                </Form.Group>
                {withRoles && (
                  <RolesFields
                    value={values}
                    disabled={locked}
                    onChange={(roles) => void setValues({ ...values, ...roles })}
                  />
                )}
              </Modal.Body>
              <SubmitFooter
                onCancel={onHide}
                locked={locked}
                whyDisabled={
                  !isValid
                    ? (errors.name ?? MESSAGES.nameRequired)
                    : withRoles && !isRolesValueValid(values) && MESSAGES.beneficiaryOutOfRange
                }
                label="Create"
                busyLabel="Creating..."
              />
            </Form>
          );
        }}
      </Formik>
    </Modal>
  );
}

export interface NewPeopleModalProps {
  show: boolean;
  onHide: () => void;
  /** Receives the trimmed names; the caller calls the API and reports. */
  onSubmit: (values: NewPeopleValues) => void | Promise<void>;
  busy?: boolean;
}

/** "New People": First Name and Last Name, both required (newPersonSchema). */
export function NewPeopleModal({ show, onHide, onSubmit, busy = false }: NewPeopleModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? undefined : onHide} centered aria-labelledby={titleId}>
      <Formik<NewPeopleValues>
        initialValues={{ firstName: '', lastName: '' }}
        validationSchema={peopleSchema}
        validateOnMount
        onSubmit={(values) =>
          onSubmit({ firstName: values.firstName.trim(), lastName: values.lastName.trim() })
        }
      >
        {({ handleSubmit, getFieldProps, errors, touched, isValid, isSubmitting }) => {
          const locked = busy || isSubmitting;
          return (
            <Form noValidate onSubmit={handleSubmit}>
              <ModalTitle id={titleId} locked={locked}>
                New People
              </ModalTitle>
              <Modal.Body>
                <Form.Group className="mb-3" controlId="new-people-first-name">
                  <Form.Label>First Name</Form.Label>
                  <Form.Control
                    autoFocus
                    {...getFieldProps('firstName')}
                    disabled={locked}
                    isInvalid={touched.firstName && !!errors.firstName}
                  />
                  <ReservedFeedback error={touched.firstName && errors.firstName} />
                </Form.Group>
                <Form.Group controlId="new-people-last-name">
                  <Form.Label>Last Name</Form.Label>
                  <Form.Control
                    {...getFieldProps('lastName')}
                    disabled={locked}
                    isInvalid={touched.lastName && !!errors.lastName}
                  />
                  <ReservedFeedback error={touched.lastName && errors.lastName} />
                </Form.Group>
              </Modal.Body>
              <SubmitFooter
                onCancel={onHide}
                locked={locked}
                whyDisabled={
                  !isValid &&
                  (errors.firstName ?? errors.lastName ?? 'Enter the first and last names')
                }
                label="Create"
                busyLabel="Creating..."
              />
            </Form>
          );
        }}
      </Formik>
    </Modal>
  );
}
