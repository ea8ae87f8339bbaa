import Badge from 'react-bootstrap/Badge';
import { PUBLIC_FORM_MESSAGES, requiredPeopleSummary } from '@registra/domain';
import type { PublicFormPerson } from '@registra/domain';
import { OfferLink } from './PublicLayout';

/**
 * 'Personnes requises' (requiredPeopleSummary): a green OK or an orange missing badge per required
 * role, OK as soon as any person holds it; a missing secretary brings the secretary-company offer.
 */
export function RequiredPeopleSummary({ peoples }: { peoples: readonly PublicFormPerson[] }) {
  const summary = requiredPeopleSummary(peoples);
  return (
    <section className="border rounded bg-white p-3 mb-3" aria-labelledby="required-people">
      <h2 id="required-people" className="h6 mb-2">
        {PUBLIC_FORM_MESSAGES.requiredPeople}
      </h2>
      <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
        {summary.roles.map(({ role, label, ok }) => (
          <li key={role} data-testid={`required-${role}`}>
            {label}{' '}
            <Badge bg={ok ? 'success' : 'warning'} text={ok ? undefined : 'dark'}>
              {ok ? PUBLIC_FORM_MESSAGES.ok : PUBLIC_FORM_MESSAGES.missing}
            </Badge>
          </li>
        ))}
      </ul>
      {summary.secretaryCompanyHint && (
        <p className="small text-muted mt-2 mb-0" data-testid="secretary-hint">
          {PUBLIC_FORM_MESSAGES.secretaryCompanyOffer} <OfferLink>Voir l&apos;offre</OfferLink>
        </p>
      )}
    </section>
  );
}
