import { useRef, useState } from 'react';
import { FieldArray, Formik, setNestedObjectValues } from 'formik';
import type { FormikProps, FormikTouched } from 'formik';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import {
  PUBLIC_FORM_DESCRIPTION_MAX,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_FORM_PEOPLE_MAX,
  PUBLIC_FORM_TEXT_MAX,
  ROUTES,
  emptyPublicForm,
  emptyPublicFormPerson,
  publicFormGuidance,
  publicFormSchema,
  publicFormSubmitErrors,
  publicFormTransition,
} from '@registra/domain';
import type { PublicForm, PublicFormStep } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { publicFormFieldName } from '../fieldLabels';
import { ReasonButton } from '../../../components/ReasonButton';
import {
  fieldErrorOf,
  focusField,
  serverFieldMessages,
  showServerFieldErrors,
} from '../../../components/fieldErrors';
import { useSubmitPublicFormMutation } from '../api';
import { PersonCard } from '../components/PersonCard';
import { PublicLayout } from '../components/PublicLayout';
import { RequestSummary } from '../components/RequestSummary';
import { RequiredPeopleSummary } from '../components/RequiredPeopleSummary';

/** What the thank-you page receives: the request as sent. */
export interface SubmittedState {
  form: PublicForm;
}

/** Why the review's buttons wait while the request is sent. */
const SENDING = 'Envoi de votre demande en cours…';

/** One problem of a refused send: where it is, and what is wrong. */
export interface SendProblem {
  field: string;
  message: string;
}

/** Formik's nested errors → one problem per field, in the form's order. */
function problemsOf(errors: unknown, path = ''): SendProblem[] {
  if (typeof errors === 'string') return [{ field: path, message: errors }];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([key, value]) =>
    problemsOf(value, path ? `${path}.${key}` : key),
  );
}

/** The role and IDPAL checks as problems: the roles under "Personnes requises", IDPAL under its box. */
const submitProblems = (values: PublicForm): SendProblem[] =>
  publicFormSubmitErrors(values).map((message) => ({
    field: message === PUBLIC_FORM_MESSAGES.idpalRequired ? 'IDPAL' : 'peoples',
    message,
  }));

/** Where a problem's link takes the focus: its field, or the section the check is about. */
function focusProblem(field: string) {
  if (field === 'peoples') {
    document.getElementById('required-people-section')?.focus();
    return;
  }
  if (field === 'IDPAL') {
    document.getElementById('idpal')?.focus();
    return;
  }
  focusField(field);
}

/**
 * Above the form after a refused send: every problem at once, each a link to its field (where
 * the same message shows under the field), so one Soumettre says all there is to fix.
 */
function ProblemsSummary({
  problems,
  summaryRef,
}: {
  problems: readonly SendProblem[];
  summaryRef: React.RefObject<HTMLDivElement | null>;
}) {
  if (problems.length === 0) return null;
  return (
    <Alert
      variant="danger"
      ref={summaryRef}
      tabIndex={-1}
      aria-labelledby="send-problems-title"
      data-testid="send-problems"
    >
      <p id="send-problems-title" className="fw-semibold mb-2">
        {PUBLIC_FORM_MESSAGES.problemsTitle}
      </p>
      <ul className="mb-0 ps-3">
        {problems.map((problem) => (
          <li key={`${problem.field}:${problem.message}`}>
            <button
              type="button"
              className="btn btn-link p-0 text-start align-baseline text-danger-emphasis"
              onClick={() => focusProblem(problem.field)}
            >
              {publicFormFieldName(problem.field)}
            </button>
            {'\u00a0: '}
            {problem.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The body sent: text trimmed, an emptied percentage as 0, the offers as any person asked. */
export function toPublicFormBody(values: PublicForm): PublicForm {
  const peoples = values.peoples.map((person) => ({
    ...person,
    beneficiaryPercentage: Number(person.beneficiaryPercentage) || 0,
  }));
  return {
    ...values,
    secretaryCompany: values.secretaryCompany || peoples.some((person) => person.secretaryCompany),
    anonymeShareholder:
      values.anonymeShareholder || peoples.some((person) => person.anonymeShareholder),
    peoples,
  };
}

/**
 * /publicform (docs/product/forms.md): a prospect's company-creation request, in French, without
 * signing in. Soumettre runs the role checks and the field checks together: every problem is
 * listed at once above the form and each shows under its field; with none, the review modal
 * opens, and 'Confirmer et envoyer' posts and opens the thank-you page.
 */
export function PublicFormPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<PublicFormStep>('filling');
  const [submitPublicForm] = useSubmitPublicFormMutation();
  // The honeypot: people never see it; a bot that fills it is dropped by the server.
  const honeypot = useRef<HTMLInputElement>(null);
  const refusedFields = useRef<string[]>([]);
  const [problems, setProblems] = useState<SendProblem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);

  /** Shows the problems above the form, and takes the reader there (on a phone, far up). */
  const showProblems = (list: SendProblem[]) => {
    setProblems(list);
    window.setTimeout(() => {
      summaryRef.current?.focus();
      summaryRef.current?.scrollIntoView?.({ block: 'start' });
    }, 0);
  };

  const review = async (formik: FormikProps<PublicForm>) => {
    // Every check at once: the roles and IDPAL (in PUBLIC_FORM_SUBMIT_CHECKS's order), then
    // each field's, as the server refuses them.
    const fieldErrors = await formik.validateForm();
    const list = [...submitProblems(formik.values), ...problemsOf(fieldErrors)];
    if (list.length > 0) {
      void formik.setTouched(setNestedObjectValues<FormikTouched<PublicForm>>(fieldErrors, true));
      setStep((current) => publicFormTransition(current, 'submitInvalid'));
      showProblems(list);
      return;
    }
    setProblems([]);
    setStep((current) => publicFormTransition(current, 'submitValid'));
  };

  const confirm = async (formik: FormikProps<PublicForm>) => {
    setStep((current) => publicFormTransition(current, 'confirm'));
    const body = toPublicFormBody(formik.values);
    try {
      await submitPublicForm({ ...body, website: honeypot.current?.value ?? '' }).unwrap();
      setStep((current) => publicFormTransition(current, 'posted'));
      toast.success(PUBLIC_FORM_MESSAGES.submitted);
      navigate(ROUTES.publicFormValidate, { state: { form: body } satisfies SubmittedState });
    } catch (error) {
      setStep((current) => publicFormTransition(current, 'failed'));
      // Refused fields are shown under themselves and listed above the form: back to the form,
      // the list focused once the review has closed (closing gives the focus back to Soumettre).
      if (showServerFieldErrors(error, formik.values, formik, { focus: false }) > 0) {
        const refused = isApiError(error) ? (error.details ?? []) : [];
        refusedFields.current = Object.keys(serverFieldMessages(error));
        setProblems(refused.map(({ field, message }) => ({ field, message })));
        setStep((current) => publicFormTransition(current, 'edit'));
        return;
      }
      // In French like the form: the server's own message, or the code's French sentence.
      toast.error(errorText(error, PUBLIC_FORM_MESSAGES.failed, 'message', 'fr'));
    }
  };

  return (
    <PublicLayout>
      <h1 className="h3">{PUBLIC_FORM_MESSAGES.title}</h1>
      <p className="text-muted">
        Remplissez ce formulaire pour nous confier la création de votre société en Irlande. Notre
        équipe étudiera votre dossier afin de valider la création et reviendra vers vous.
      </p>
      <Formik<PublicForm>
        initialValues={emptyPublicForm()}
        validationSchema={publicFormSchema}
        validateOnBlur
        validateOnChange={false}
        onSubmit={() => undefined}
      >
        {(formik) => {
          const guidance = publicFormGuidance(formik.values.peoples);
          const companyField = (name: keyof PublicForm, label: string) => {
            const error = fieldErrorOf(formik, name);
            return (
              <Col xs={12} md={4}>
                <Form.Group controlId={`company-${name}`}>
                  <Form.Label>
                    {label}
                    <span aria-hidden="true"> *</span>
                  </Form.Label>
                  <Form.Control
                    required
                    maxLength={PUBLIC_FORM_TEXT_MAX}
                    isInvalid={Boolean(error)}
                    {...formik.getFieldProps(name)}
                  />
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              </Col>
            );
          };
          const descriptionError = fieldErrorOf(formik, 'description');
          // Said under the box after a refused send, until it is ticked.
          const idpalProblem =
            !formik.values.IDPAL && problems.some((problem) => problem.field === 'IDPAL');
          return (
            <Form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void review(formik);
              }}
            >
              <ProblemsSummary problems={problems} summaryRef={summaryRef} />
              <section className="border rounded bg-white p-3 mb-3" aria-labelledby="company">
                <h2 id="company" className="h5">
                  Informations sur la société
                </h2>
                <p className="small text-muted">
                  Choisissez 3 noms bien différents, classés par ordre de préférence&nbsp;: les
                  autorités irlandaises peuvent en refuser un. Le nom commercial peut différer du
                  nom légal.
                </p>
                <Row className="g-3">
                  {companyField('organizationName1', 'Nom de la société 1')}
                  {companyField('organizationName2', 'Nom de la société 2')}
                  {companyField('organizationName3', 'Nom de la société 3')}
                  <Col xs={12}>
                    <Form.Group controlId="company-description">
                      <Form.Label>
                        Description de l’activité<span aria-hidden="true"> *</span>
                      </Form.Label>
                      <Form.Control
                        as="textarea"
                        rows={3}
                        required
                        maxLength={PUBLIC_FORM_DESCRIPTION_MAX}
                        isInvalid={Boolean(descriptionError)}
                        {...formik.getFieldProps('description')}
                      />
                      <Form.Control.Feedback type="invalid">
                        {descriptionError}
                      </Form.Control.Feedback>
                    </Form.Group>
                  </Col>
                </Row>
              </section>

              <FieldArray name="peoples">
                {(people) => (
                  <>
                    {formik.values.peoples.map((_, index) => (
                      <PersonCard key={index} index={index} onRemove={() => people.remove(index)} />
                    ))}
                    <ReasonButton
                      variant="outline-primary"
                      className="mb-3"
                      whyDisabled={
                        formik.values.peoples.length >= PUBLIC_FORM_PEOPLE_MAX &&
                        PUBLIC_FORM_MESSAGES.peopleMaxReached
                      }
                      onClick={() => people.push(emptyPublicFormPerson())}
                    >
                      {PUBLIC_FORM_MESSAGES.addPerson}
                    </ReasonButton>
                  </>
                )}
              </FieldArray>

              <RequiredPeopleSummary
                peoples={formik.values.peoples}
                problems={problems
                  .filter((problem) => problem.field === 'peoples')
                  .filter(({ message }) => publicFormSubmitErrors(formik.values).includes(message))
                  .map((problem) => problem.message)}
              />

              {guidance.length > 0 && (
                <Alert variant="warning" className="small" data-testid="guidance">
                  <ul className="mb-0 ps-3">
                    {guidance.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                </Alert>
              )}

              <section className="border rounded bg-white p-3 mb-3">
                <Form.Check
                  id="idpal"
                  label="Je certifie que chaque personne ci-dessus effectuera la vérification d’identité IDPAL."
                  checked={formik.values.IDPAL}
                  isInvalid={idpalProblem}
                  feedback={idpalProblem ? PUBLIC_FORM_MESSAGES.idpalRequired : undefined}
                  feedbackType="invalid"
                  onChange={(event) => void formik.setFieldValue('IDPAL', event.target.checked)}
                />
              </section>

              <div className="visually-hidden" aria-hidden="true">
                <label htmlFor="website">Ne pas remplir</label>
                <input
                  ref={honeypot}
                  id="website"
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </div>

              <div className="d-grid d-sm-flex justify-content-sm-end">
                <Button type="submit" size="lg">
                  {PUBLIC_FORM_MESSAGES.submit}
                </Button>
              </div>

              <Modal
                show={step === 'review' || step === 'submitting'}
                onHide={() => setStep((current) => publicFormTransition(current, 'edit'))}
                size="lg"
                onExited={() => {
                  // After the modal has given the focus back to Soumettre.
                  if (refusedFields.current.length > 0)
                    window.setTimeout(() => summaryRef.current?.focus(), 0);
                  refusedFields.current = [];
                }}
                fullscreen="sm-down"
                backdrop={step === 'submitting' ? 'static' : true}
                aria-labelledby="review-title"
              >
                <Modal.Header
                  closeButton={step !== 'submitting'}
                  closeLabel={PUBLIC_FORM_MESSAGES.close}
                >
                  <Modal.Title id="review-title">Vérifiez votre demande</Modal.Title>
                </Modal.Header>
                <Modal.Body>
                  <RequestSummary form={toPublicFormBody(formik.values)} />
                </Modal.Body>
                <Modal.Footer>
                  <ReasonButton
                    variant="outline-secondary"
                    whyDisabled={step === 'submitting' && SENDING}
                    onClick={() => setStep((current) => publicFormTransition(current, 'edit'))}
                  >
                    {PUBLIC_FORM_MESSAGES.edit}
                  </ReasonButton>
                  <ReasonButton
                    variant="primary"
                    whyDisabled={step === 'submitting' && SENDING}
                    onClick={() => void confirm(formik)}
                  >
                    {step === 'submitting'
                      ? PUBLIC_FORM_MESSAGES.sending
                      : PUBLIC_FORM_MESSAGES.confirmSubmit}
                  </ReasonButton>
                </Modal.Footer>
              </Modal>
            </Form>
          );
        }}
      </Formik>
    </PublicLayout>
  );
}
