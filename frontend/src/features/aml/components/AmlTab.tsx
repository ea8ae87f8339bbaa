import { useEffect, useState } from 'react';
import { Formik, getIn, useFormikContext } from 'formik';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { AML_FIELDS, ErrorCode, MESSAGES, ROUTES, amlValue, sameValues } from '@registra/domain';
import type { AmlField, AmlRecord, OrganizationView } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { DeleteUpdateActions } from '../../../components/DeleteUpdateActions';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { showServerFieldErrors } from '../../../components/fieldErrors';
import type { OrganizationTabProps } from '../../../components/extensions';
import { useDeleteAmlOrganizationMutation, useSaveAmlMutation } from '../api';
import { AmlFieldInput, amlFieldPath } from './AmlFieldInput';
import { AmlReview } from './AmlReview';
import { BeneficialOwners } from './BeneficialOwners';

const APPENDICES = [
  { key: 'appendix2', label: 'Appendix 2', title: 'Client risk assessment & KYC checklist' },
  { key: 'appendix3', label: 'Appendix 3', title: 'Individual client identity forms' },
  { key: 'appendix4', label: 'Appendix 4', title: 'Corporate client identification form' },
  {
    key: 'appendix6',
    label: 'Appendix 6',
    title: 'Identification form for remote or overseas client',
  },
] as const;
type Appendix = (typeof APPENDICES)[number]['key'];

/** Every field with its stored value, or its default when nothing is stored. */
export function toAmlValues(aml: AmlRecord | null | undefined): AmlRecord {
  const values: AmlRecord = { appendix4: {}, appendix6: {} };
  for (const field of AML_FIELDS) {
    const value = amlValue(aml, field);
    if (field.group === 'top') values[field.name] = value;
    else (values[field.group] as Record<string, unknown>)[field.name] = value;
  }
  return values;
}

/**
 * What Update sends: the fields that changed, and all of appendix 2 when it changed or was the
 * sub-tab on screen (saving appendix 2 is the periodic review the server records).
 */
export function amlChanges(initial: AmlRecord, values: AmlRecord, active: Appendix): AmlRecord {
  const changes: AmlRecord = {};
  const changed = (field: AmlField) =>
    !sameValues(getIn(initial, amlFieldPath(field)), getIn(values, amlFieldPath(field)));
  const appendix2 = AML_FIELDS.filter((field) => field.appendix === 'appendix2');
  const reviewing = active === 'appendix2' || appendix2.some(changed);
  for (const field of AML_FIELDS) {
    if (!(changed(field) || (reviewing && field.appendix === 'appendix2'))) continue;
    const value = getIn(values, amlFieldPath(field)) as unknown;
    if (field.group === 'top') changes[field.name] = value;
    else changes[field.group] = { ...(changes[field.group] as object), [field.name]: value };
  }
  return changes;
}

function ReportDirty({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { dirty } = useFormikContext();
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  return null;
}

/**
 * AML_TAB (docs/product/aml.md): appendices 2, 3, 4 and 6, the live score and level, the review
 * dates, the AML file and the beneficial-owner register; Delete (the organization) and Update.
 */
export default function AmlTab({ organization, reload, onDirtyChange }: OrganizationTabProps) {
  const navigate = useNavigate();
  const [active, setActive] = useState<Appendix>('appendix2');
  const [conflict, setConflict] = useState(false);
  const [saveAml] = useSaveAmlMutation();
  const [deleteOrganization, { isLoading: deleting }] = useDeleteAmlOrganizationMutation();
  const stored = (organization.aml ?? {}) as AmlRecord;

  const remove = async () => {
    try {
      await deleteOrganization(organization._id).unwrap();
      onDirtyChange(false);
      toast.success(MESSAGES.deleted);
      navigate(ROUTES.organizations);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    }
  };

  return (
    <Formik<AmlRecord>
      // A newer version of the organization (after a save or a reload) starts a fresh form.
      key={(organization as OrganizationView).updatedAt}
      initialValues={toAmlValues(stored)}
      onSubmit={async (values, helpers) => {
        const { resetForm } = helpers;
        try {
          await saveAml({
            id: organization._id,
            aml: amlChanges(toAmlValues(stored), values, active),
            updatedAt: organization.updatedAt,
          }).unwrap();
          setConflict(false);
          resetForm({ values });
          toast.success(MESSAGES.updated);
        } catch (error) {
          if (isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT) setConflict(true);
          else {
            // A refused field is marked under itself (the API names it `aml.…`).
            showServerFieldErrors(error, values, helpers, {
              rename: (field) => field.replace(/^aml\./, ''),
            });
            // "the server error code … 'Failed to update the organization' … 'An error occurred'"
            toast.error(errorText(error, MESSAGES.organizationUpdateFailed, 'code'));
          }
        }
      }}
    >
      {(formik) => (
        <Form noValidate onSubmit={formik.handleSubmit}>
          <ReportDirty onDirtyChange={onDirtyChange} />
          {conflict && <ConflictAlert onReload={() => reload()} />}
          <AmlReview organizationId={organization._id} values={formik.values} stored={stored} />
          <Nav
            variant="pills"
            activeKey={active}
            onSelect={(key) => key && setActive(key as Appendix)}
            className="mb-3 flex-wrap"
            role="tablist"
          >
            {APPENDICES.map(({ key, label }) => (
              <Nav.Item key={key}>
                <Nav.Link eventKey={key} role="tab" aria-selected={active === key}>
                  {label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          {APPENDICES.filter(({ key }) => key === active).map(({ key, label, title }) => (
            <section key={key} aria-label={`${label}: ${title}`} role="tabpanel">
              <h2 className="h5">
                {label}: {title}
              </h2>
              <Row className="g-3">
                {AML_FIELDS.filter((field) => field.appendix === key).map((field) => (
                  <AmlFieldInput key={amlFieldPath(field)} field={field} />
                ))}
              </Row>
            </section>
          ))}
          <BeneficialOwners organizationId={organization._id} />
          <DeleteUpdateActions
            deleteTitle="Delete organization"
            saving={formik.isSubmitting}
            deleting={deleting}
            onDelete={remove}
            className="d-flex justify-content-end gap-2 border-top pt-3 mt-3"
          />
        </Form>
      )}
    </Formik>
  );
}
