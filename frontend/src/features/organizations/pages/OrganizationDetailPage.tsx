import { Formik } from 'formik';
import type { FormikProps } from 'formik';
import { startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import toast from 'react-hot-toast';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  ErrorCode,
  emailFieldSchema,
  MESSAGES,
  ORGANIZATION_TABS,
  TEXT_MAX_LENGTHS,
  failureText,
  organizationInformationSchema,
} from '@registra/domain';
import { DeletedRecord, isDeletedRecordError } from '../../../components/DeletedRecord';
import { focusField, showServerFieldErrors } from '../../../components/fieldErrors';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ConflictAlert } from '../../../components/ConflictAlert';
import { extensionTitle, orderTabs, useExtensions } from '../../../components/extensions';
import { FormattedDate } from '../../../components/FormattedDate';
import { RawDataTab } from '../../../components/RawDataTab';
import { RecordLoading } from '../../../components/RecordLoading';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useActiveTabIntoView } from '../../../components/useActiveTabIntoView';
import { TabPicker } from '../../../components/TabPicker';
import {
  useDeleteOrganizationMutation,
  useGetOrganizationQuery,
  useMembersOfOrganizationQuery,
  useUpdateOrganizationMutation,
} from '../api';
import { AssignedUsersSelect } from '../../../components/UserSelects';
import { liveWarnings, toFormValues, toUpdateBody } from '../form';
import type { OrganizationFormValues } from '../form';
import { AccountingTab } from '../tabs/AccountingTab';
import { FilesTab } from '../tabs/FilesTab';
import { GeneralTab } from '../tabs/GeneralTab';
import { MembersTab } from '../tabs/MembersTab';
import { NotesTab } from '../tabs/NotesTab';
import { PaymentsTab } from '../tabs/PaymentsTab';
import { RegistersTab } from '../tabs/RegistersTab';
import { ServicesTab } from '../tabs/ServicesTab';
import type { AssignedUser, Organization } from '../types';
import { ReasonButton } from '../../../components/ReasonButton';

/**
 * The tabs of this module. AML, follow-ups, services, orders and the history are contributed by
 * their own features (components/extensions.tsx); all are shown in ORGANIZATION_TABS' order. An
 * unknown tab in the URL shows General.
 */
export const ORGANIZATION_DETAIL_TABS = [
  'GENERAL_TAB',
  'ACCOUNTING_TAB',
  'SERVICE_TAB',
  'PEOPLE_TAB',
  'REGISTERS_TAB',
  'PAYMENT_TAB',
  'ATTACHEDFILES_ORGANIZATION_TAB',
  'NOTES_TAB',
  'RAW_DATA',
] as const;
type BuiltInTab = (typeof ORGANIZATION_DETAIL_TABS)[number];

/** The tabs that edit the one organization form, under which Delete and Update show. */
const FORM_TABS: readonly string[] = [
  'GENERAL_TAB',
  'ACCOUNTING_TAB',
  'SERVICE_TAB',
  'PAYMENT_TAB',
];

const isBuiltInTab = (value: string | undefined): value is BuiltInTab =>
  (ORGANIZATION_DETAIL_TABS as readonly string[]).includes(value ?? '');

/**
 * Each text within what the server takes (one limit for both); the mail checked by the one
 * address rule when it differs from the one saved (ADR 0134): an organization imported with a
 * bad address is still saved on its other fields.
 */
const schemaFor = (savedMail: string | null | undefined) =>
  organizationInformationSchema.shape({
    mail: emailFieldSchema(savedMail, TEXT_MAX_LENGTHS.organization.mail),
  });

const isVersionConflict = (error: unknown) =>
  isApiError(error) && error.code === ErrorCode.VERSION_CONFLICT;

/** /organization/:id/:tab? — loads the organization, then shows it. */
export function OrganizationDetailPage() {
  const { id = '' } = useParams();
  const { data, isUninitialized, isFetching, error, refetch } = useGetOrganizationQuery(id);
  // The record's tabs are a large tree: when a record arrives, it is built at a transition's
  // priority, React yielding to the browser every few milliseconds, so a phone's main thread is
  // never held for long (the answer's own update is synchronous); the loading state shows
  // meanwhile. The page mounts with the loading state even when the answer is already in the
  // cache (asked for with the page's chunk, ADR 0120): the record is then built in a transition
  // started after the mount, never inside the render that mounts the page. Once shown, the
  // record follows each change at once (a save shows its values).
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const deferred = useDeferredValue(data);
  const shown = deferred && data && deferred._id === data._id ? data : deferred;
  // `data` outlives an id change until the new one loads: never show one organization's record
  // under another's address. A failed refetch (Reload) keeps the record on screen.
  const organization = mounted && shown && shown._id === id ? shown : undefined;

  if (!organization && (isUninitialized || isFetching || (data && data._id === id))) {
    return <RecordLoading />;
  }
  if (!organization) {
    const notFound = isApiError(error) && error.status === 404;
    // An organization merged into another: its old address leads to the kept one.
    if (notFound && error.mergedInto) {
      return <Navigate to={`/organization/${error.mergedInto}`} replace />;
    }
    if (isDeletedRecordError(error)) {
      return (
        <DeletedRecord
          kind="organization"
          listPath="/organization"
          listLabel="Back to the organizations"
        />
      );
    }
    return (
      <Alert variant={notFound ? 'warning' : 'danger'}>
        {/* Not a toast: the client's own wording ("could not be reached") says more here. */}
        {notFound
          ? 'This organization does not exist.'
          : failureText(isApiError(error) ? error : undefined, MESSAGES.error)}{' '}
        <Link to="/organization">Back to the organizations</Link>
      </Alert>
    );
  }
  // Keyed by id: another organization starts a fresh form.
  return <OrganizationDetail key={id} organization={organization} reload={refetch} />;
}

function WarningIcon() {
  return (
    <span className="text-danger ms-1" role="img" aria-label="Warning" title="A reminder is past">
      ⚠
    </span>
  );
}

interface OrganizationDetailProps {
  /** The latest organization the client holds (partial saves replace it). */
  organization: Organization;
  reload: () => { unwrap: () => Promise<Organization> };
}

function OrganizationDetail({ organization, reload }: OrganizationDetailProps) {
  const id = organization._id;
  const { tab } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { organizationTabs } = useExtensions();
  const contributed = organizationTabs.find(
    (extension) => extension.key === tab || extension.aliases?.includes(tab ?? ''),
  );
  const activeTab: string = isBuiltInTab(tab) ? tab : (contributed?.key ?? 'GENERAL_TAB');
  useActiveTabIntoView('organization-tabs', activeTab);
  const from = (location.state as { from?: string } | null)?.from;
  const [extensionDirty, setExtensionDirty] = useState(false);
  const onExtensionDirtyChange = useCallback((dirty: boolean) => setExtensionDirty(dirty), []);

  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [notesDirty, setNotesDirty] = useState(false);
  const onNotesDirtyChange = useCallback((dirty: boolean) => setNotesDirty(dirty), []);

  const [updateOrganization] = useUpdateOrganizationMutation();
  const [updateUsers, { isLoading: savingUsers }] = useUpdateOrganizationMutation();
  const [deleteOrganization, { isLoading: deleting }] = useDeleteOrganizationMutation();
  const members = useMembersOfOrganizationQuery(id);

  /** This module's own tabs, as title and body. */
  const builtInTabs = (
    form: FormikProps<OrganizationFormValues>,
    warnings: ReturnType<typeof liveWarnings>,
    title: (label: string, extra?: ReactNode) => ReactNode,
  ): { key: string; title: ReactNode; body: ReactNode }[] => [
    { key: 'GENERAL_TAB', title: 'General', body: <GeneralTab aml={organization.aml} /> },
    {
      key: 'ACCOUNTING_TAB',
      title: title('Accounting', warnings.accounting && <WarningIcon />),
      body: <AccountingTab onRemovePaidDate={(change) => removePaidDate(form, change)} />,
    },
    {
      key: 'SERVICE_TAB',
      title: title('Services', warnings.services && <WarningIcon />),
      body: <ServicesTab />,
    },
    {
      key: 'PEOPLE_TAB',
      title: title(
        'Members',
        <Badge bg="secondary" pill className="ms-1">
          {members.data?.length ?? 0}
        </Badge>,
      ),
      body: <MembersTab organizationId={id} members={members.data} isLoading={members.isLoading} />,
    },
    {
      key: 'REGISTERS_TAB',
      title: 'Registers',
      body: <RegistersTab organization={organization} members={members.data} />,
    },
    { key: 'PAYMENT_TAB', title: 'Payments', body: <PaymentsTab /> },
    {
      key: 'ATTACHEDFILES_ORGANIZATION_TAB',
      title: title(
        'Files',
        <Badge bg="secondary" pill className="ms-1">
          {organization.files.length}
        </Badge>,
      ),
      // Uploads refetch the organization: its updatedAt and attachedFiles then travel with the
      // next whole Update (toUpdateBody), so the new file is kept.
      body: <FilesTab organizationId={id} files={organization.files} />,
    },
    {
      key: 'NOTES_TAB',
      title: 'Notes',
      body: (
        <NotesTab
          organizationId={id}
          notes={organization.notes}
          onDirtyChange={onNotesDirtyChange}
        />
      ),
    },
    { key: 'RAW_DATA', title: 'Raw data', body: <RawDataTab data={organization} /> },
  ];

  /** Every tab, this module's and the contributed ones, in the domain's order. */
  const tabs = (
    form: FormikProps<OrganizationFormValues>,
    warnings: ReturnType<typeof liveWarnings>,
    title: (label: string, extra?: ReactNode) => ReactNode,
  ) =>
    orderTabs(
      [
        ...builtInTabs(form, warnings, title),
        ...organizationTabs.map((extension) => {
          const props = {
            organization,
            reload: () => void reload(),
            onDirtyChange: onExtensionDirtyChange,
          };
          return {
            key: extension.key,
            title: extensionTitle(extension, props),
            body: <extension.Component {...props} />,
          };
        }),
      ],
      ORGANIZATION_TABS,
    );

  const selectTab = (key: string | null) => {
    if (!key || key === activeTab) return;
    // Replaces the entry, keeping where the user came from for the back arrow.
    navigate(`/organization/${id}/${key}`, { replace: true, state: location.state });
  };

  const saveUsers = async (users: AssignedUser[]) => {
    try {
      await updateUsers({ id, body: { users } }).unwrap();
      toast.success(MESSAGES.updated);
    } catch {
      toast.error(MESSAGES.organizationUpdateFailed);
    }
  };

  const submit = async (
    values: OrganizationFormValues,
    form: Pick<FormikProps<OrganizationFormValues>, 'resetForm' | 'setStatus' | 'setFieldTouched'>,
  ) => {
    try {
      const saved = await updateOrganization({
        id,
        body: toUpdateBody(organization, values),
      }).unwrap();
      // The server's record (its derived dates) replaces what the form held.
      form.resetForm({ values: toFormValues(saved) });
      setConflict(false);
      toast.success(MESSAGES.updated);
    } catch (error) {
      if (isVersionConflict(error)) setConflict(true);
      else if (showServerFieldErrors(error, values, form) > 0 && isApiError(error)) {
        // The field may sit on another tab: the toast names what is wrong wherever the user is.
        toast.error(`${MESSAGES.organizationUpdateFailed}: ${error.details?.[0]?.message ?? ''}`);
      } else toast.error(MESSAGES.organizationUpdateFailed);
    }
  };

  const update = async (form: FormikProps<OrganizationFormValues>) => {
    // The invalid field may sit on another tab: say what is wrong wherever the user is.
    const errors = await form.validateForm();
    const firstError = Object.values(errors).find((message) => typeof message === 'string');
    if (firstError) toast.error(firstError);
    await form.submitForm();
    // On the tab shown, the first marked field takes the focus.
    if (Object.keys(errors).length > 0) focusField(Object.keys(errors));
  };

  const reloadAfterConflict = async (form: FormikProps<OrganizationFormValues>) => {
    setReloading(true);
    try {
      const fresh = await reload().unwrap();
      form.resetForm({ values: toFormValues(fresh) });
      setConflict(false);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.error));
    } finally {
      setReloading(false);
    }
  };

  const removePaidDate = async (
    form: FormikProps<OrganizationFormValues>,
    change: { corporationTaxPaid: string[]; financialYearEnd: string | null },
  ) => {
    try {
      const saved = await updateOrganization({
        id,
        body: { ...change, updatedAt: organization.updatedAt },
      }).unwrap();
      const fresh = toFormValues(saved);
      const edits = form.values;
      // The removal is saved: it becomes the form's starting point, other edits stay unsaved.
      form.resetForm({ values: fresh });
      await form.setValues({
        ...edits,
        corporationTaxPaid: fresh.corporationTaxPaid,
        financialYearEnd: fresh.financialYearEnd,
      });
      toast.success(MESSAGES.deleted);
    } catch (error) {
      if (isVersionConflict(error)) setConflict(true);
      toast.error(MESSAGES.corporationTaxPaidDeleteFailed);
    }
  };

  const remove = async () => {
    try {
      await deleteOrganization(id).unwrap();
      setLeaving(true);
      toast.success(MESSAGES.deleted);
      navigate('/organization');
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    } finally {
      setConfirmDelete(false);
    }
  };

  return (
    <Formik<OrganizationFormValues>
      initialValues={toFormValues(organization)}
      validationSchema={schemaFor(organization.mail)}
      onSubmit={submit}
    >
      {(form) => {
        const warnings = liveWarnings(form.values);
        const title = (label: string, extra?: ReactNode) => (
          <>
            {label}
            {extra}
          </>
        );
        const allTabs = tabs(form, warnings, title);
        return (
          <>
            <UnsavedChangesPrompt
              when={(form.dirty || notesDirty || extensionDirty) && !leaving}
              basePath={`/organization/${id}`}
            />

            <header className="d-flex flex-wrap align-items-center gap-3 mb-3">
              <Button
                variant="outline-secondary"
                aria-label="Back"
                onClick={() => navigate(from ?? '/organization')}
              >
                ←
              </Button>
              <h1 className="record-title h3 mb-0 me-auto" style={{ minWidth: 0 }}>
                {organization.name}
              </h1>
              <div style={{ minWidth: '18rem' }}>
                <AssignedUsersSelect
                  value={organization.users}
                  isDisabled={savingUsers}
                  onChange={(users) => void saveUsers(users)}
                />
              </div>
              <div className="small text-muted text-end">
                <div>
                  Last updated: <FormattedDate value={organization.updatedAt} />
                </div>
                <div>
                  Created at: <FormattedDate value={organization.createdAt} />
                </div>
              </div>
            </header>

            {conflict && (
              <ConflictAlert busy={reloading} onReload={() => void reloadAfterConflict(form)} />
            )}

            <TabPicker
              id="organization-tab-picker"
              tabs={allTabs}
              active={activeTab}
              onSelect={selectTab}
            />
            <Tabs
              id="organization-tabs"
              activeKey={activeTab}
              onSelect={selectTab}
              mountOnEnter
              className="mb-3"
              // A phone scrolls the row of tabs sideways (app.css).
              data-scroll-frame=""
            >
              {allTabs.map(({ key, title: tabTitle, body }) => (
                <Tab key={key} eventKey={key} title={tabTitle}>
                  {body}
                </Tab>
              ))}
            </Tabs>

            {FORM_TABS.includes(activeTab) && (
              <div className="d-flex justify-content-end gap-2 border-top pt-3 mt-3">
                <ReasonButton
                  variant="outline-danger"
                  whyDisabled={deleting ? 'Deleting…' : form.isSubmitting && 'Updating…'}
                  onClick={() => setConfirmDelete(true)}
                >
                  Delete
                </ReasonButton>
                <ReasonButton
                  variant="primary"
                  whyDisabled={form.isSubmitting && 'Updating…'}
                  onClick={() => void update(form)}
                >
                  {form.isSubmitting ? 'Updating...' : 'Update'}
                </ReasonButton>
              </div>
            )}

            <ConfirmDialog
              show={confirmDelete}
              title="Delete organization"
              message={MESSAGES.confirmDelete}
              confirmLabel="Delete"
              busy={deleting}
              onConfirm={() => void remove()}
              onCancel={() => setConfirmDelete(false)}
            />
          </>
        );
      }}
    </Formik>
  );
}
