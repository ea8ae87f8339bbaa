import Badge from 'react-bootstrap/Badge';
import { PUBLIC_FORM_MESSAGES, requiredPeopleSummary } from '@registra/domain';
import type { PublicFormPerson } from '@registra/domain';
import { OfferLink } from './PublicLayout';

/**
 * 'Personnes requises' (requiredPeopleSummary): a green OK or an orange missing badge per required
 * role, OK as soon as any person holds it; a missing secretary brings the secretary-company offer.
 * After a refused send, the role checks still failing are said under the badges.
 */
export function RequiredPeopleSummary({
  peoples,
  problems = [],
}: {
  peoples: readonly PublicFormPerson[];
  /** The role checks a send failed and the form still fails, said under the badges. */
  problems?: readonly string[];
}) {
  const summary = requiredPeopleSummary(peoples);
  return (
    <section
      id="required-people-section"
      tabIndex={-1}
      className={`border rounded bg-white p-3 mb-3${problems.length > 0 ? ' border-danger' : ''}`}
      aria-labelledby="required-people"
    >
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
      {problems.map((problem) => (
        <div key={problem} className="invalid-feedback d-block">
          {problem}
        </div>
      ))}
      {summary.secretaryCompanyHint && (
        <p className="small text-muted mt-2 mb-0" data-testid="secretary-hint">
          {PUBLIC_FORM_MESSAGES.secretaryCompanyOffer} <OfferLink>Voir l’offre</OfferLink>
        </p>
      )}
    </section>
  );
}
