import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import toast from 'react-hot-toast';
import { countryLabel, formatDate, nationalityLabel } from '@registra/domain';
import type { BeneficialOwner } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { savedWords, useFileTransfers } from '../../../lib/files';
import { useBeneficialOwnersQuery } from '../api';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { ReasonButton } from '../../../components/ReasonButton';

/** The register's columns: who, born, nationality, residence, address, share. */
const OWNER_COLUMNS: DataColumn<BeneficialOwner>[] = [
  { label: 'Name', cell: (owner) => `${owner.firstName} ${owner.lastName}` },
  { label: 'Date of birth', cell: (owner) => formatDate(owner.birth) },
  { label: 'Nationality', cell: (owner) => nationalityLabel(owner.nationality) },
  { label: 'Country', cell: (owner) => countryLabel(owner.country) },
  { label: 'Address', cell: (owner) => owner.address },
  {
    label: '%',
    className: 'text-end',
    headerClassName: 'text-end',
    cell: (owner) => owner.beneficiaryPercentage.toFixed(2),
  },
];

/** The register of beneficial owners (shareholders over 25 %), with its CSV download. */
export function BeneficialOwners({ organizationId }: { organizationId: string }) {
  const { data, isLoading, isError, error } = useBeneficialOwnersQuery(organizationId);
  const transfers = useFileTransfers();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      toast.success(
        savedWords(
          await transfers.download(`/organization/${organizationId}/beneficial-owners`, {
            format: 'csv',
          }),
        ),
      );
    } catch (failure) {
      toast.error(errorText(failure, 'The register could not be downloaded.', 'code'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mt-3" as="section" aria-labelledby="beneficial-owners">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 id="beneficial-owners" className="h6 mb-0">
          Beneficial owners{data ? ` (over ${data.thresholdPercent} %)` : ''}
        </h2>
        <ReasonButton
          size="sm"
          variant="outline-secondary"
          onClick={() => void download()}
          whyDisabled={busy && 'Downloading…'}
        >
          Download CSV
        </ReasonButton>
      </Card.Header>
      <Card.Body>
        {isLoading && <p className="text-muted mb-0">Loading...</p>}
        {isError && (
          <p className="text-danger mb-0">{errorText(error, 'An error occurred', 'code')}</p>
        )}
        {data && !data.shareholdingComplete && data.shareholders > 0 && (
          <Alert variant="warning" data-testid="shareholding-incomplete">
            The shareholders&apos; percentages sum to {data.shareholdingTotal} %, not 100 %.
          </Alert>
        )}
        {data && (
          <DataTable
            label="Beneficial owners"
            columns={OWNER_COLUMNS}
            rows={data.owners}
            rowKey={(owner) => owner.linkId}
            empty={`No shareholder holds over ${data.thresholdPercent} %.`}
            size="sm"
            className="mb-0"
            card={(owner) => ({
              id: owner.linkId,
              title: `${owner.firstName} ${owner.lastName}`,
              href: `/people/${owner.personId}`,
              detail: `${owner.beneficiaryPercentage.toFixed(2)} %${owner.country ? ` · ${countryLabel(owner.country)}` : ''}`,
              date: { label: 'Born', value: owner.birth },
            })}
          />
        )}
      </Card.Body>
    </Card>
  );
}
