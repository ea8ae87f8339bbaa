import { ORGANIZATION_MERGE_FIELDS } from '@registra/domain';
import { DuplicatesDialog } from '../../../components/DuplicatesDialog';
import type { DuplicatesMerge } from '../../../components/DuplicatesDialog';
import {
  useGetOrganizationQuery,
  useMergeOrganizationsMutation,
  useOrganizationDuplicatesQuery,
} from '../api';
import type { Organization } from '../types';

/** Groups of organizations whose names differ only by case, accents, spacing or legal suffix. */
function useOrganizationGroups() {
  const { data, isFetching, isError } = useOrganizationDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const groups = data?.map((group) => ({
    key: group._id,
    count: group.count,
    title: group.organizations[0] ?? group._id,
    members: group.organizations.map((name, index) => ({
      id: group.organizationIds[index],
      name,
      href: `/organization/${group.organizationIds[index]}`,
    })),
  }));
  return { groups, isFetching, isError };
}

function useMergeOrganizations() {
  const [mergeOrganizations, { isLoading }] = useMergeOrganizationsMutation();
  return {
    merge: (args: Parameters<typeof mergeOrganizations>[0]) => mergeOrganizations(args).unwrap(),
    busy: isLoading,
  };
}

const MERGE_ORGANIZATIONS: DuplicatesMerge<Organization> = {
  title: 'Merge organizations',
  fields: ORGANIZATION_MERGE_FIELDS,
  nameOf: (organization) => organization.name,
  whatMoves:
    'Its members, notes, files, assigned users and everything else attached to it move to the kept organization.',
  useRecord: useGetOrganizationQuery,
  useMerge: useMergeOrganizations,
};

/** The organization list's duplicates dialog. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <DuplicatesDialog
      show={show}
      onHide={onHide}
      title="Duplicate organizations"
      useGroups={useOrganizationGroups}
      errorToastId="organization-duplicates"
      merge={MERGE_ORGANIZATIONS}
    />
  );
}
