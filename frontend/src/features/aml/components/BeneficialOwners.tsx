import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { countryLabel, formatDate } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { useFileTransfers } from '../../../app/files';
import { useBeneficialOwnersQuery } from '../api';

/** The register of beneficial owners (shareholders over 25 %), with its CSV download. */
export function BeneficialOwners({ organizationId }: { organizationId: string }) {
  const { data, isLoading, isError, error } = useBeneficialOwnersQuery(organizationId);
  const transfers = useFileTransfers();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await transfers.download(`/organization/${organizationId}/beneficial-owners`, {
        format: 'csv',
      });
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
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => void download()}
          disabled={busy}
        >
          Download CSV
        </Button>
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
        {data && data.owners.length === 0 && (
          <p className="text-muted mb-0">No shareholder holds over {data.thresholdPercent} %.</p>
        )}
        {data && data.owners.length > 0 && (
          <Table size="sm" responsive className="mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Date of birth</th>
                <th scope="col">Nationality</th>
                <th scope="col">Country</th>
                <th scope="col">Address</th>
                <th scope="col" className="text-end">
                  %
                </th>
              </tr>
            </thead>
            <tbody>
              {data.owners.map((owner) => (
                <tr key={owner.linkId}>
                  <td>
                    {owner.firstName} {owner.lastName}
                  </td>
                  <td>{formatDate(owner.birth)}</td>
                  <td>{owner.nationality}</td>
                  <td>{owner.country ? countryLabel(owner.country) : ''}</td>
                  <td>{owner.address}</td>
                  <td className="text-end">{owner.beneficiaryPercentage.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
