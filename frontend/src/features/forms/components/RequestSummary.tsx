import {
  PUBLIC_FORM_ROLE_LABELS,
  countryLabel,
  formatDate,
  personCardTitle,
} from '@registra/domain';
import type { PublicForm } from '@registra/domain';

/** The request as the prospect sent it: the review modal and the thank-you page show it. */
export function RequestSummary({ form }: { form: PublicForm }) {
  const names = [form.organizationName1, form.organizationName2, form.organizationName3].filter(
    Boolean,
  );
  return (
    <div className="request-summary">
      <h2 className="h6 text-uppercase text-muted">Société</h2>
      <ol className="mb-2">
        {names.map((name, index) => (
          <li key={index}>{name}</li>
        ))}
      </ol>
      <p className="mb-3" style={{ whiteSpace: 'pre-line' }}>
        {form.description}
      </p>
      <h2 className="h6 text-uppercase text-muted">Personnes</h2>
      <ul className="list-unstyled mb-3">
        {form.peoples.map((person, index) => (
          <li key={index} className="mb-2">
            <div className="fw-semibold">{personCardTitle(index, person.roles)}</div>
            <div>
              {person.firstName} {person.lastName}
              {person.mail ? ` · ${person.mail}` : ''}
              {/* Day first, as the whole form writes dates. */}
              {person.birth ? ` · né(e) le ${formatDate(person.birth)}` : ''}
              {person.roles.includes('shareholder')
                ? ` · ${PUBLIC_FORM_ROLE_LABELS.shareholder} ${person.beneficiaryPercentage}\u00a0%`
                : ''}
            </div>
            <div className="text-muted small">
              {[person.street, person.zip, person.city, person.state, countryLabel(person.country)]
                .filter(Boolean)
                .join(', ')}
            </div>
          </li>
        ))}
      </ul>
      <ul className="list-unstyled small text-muted mb-0">
        <li>Certification IDPAL&nbsp;: {form.IDPAL ? 'oui' : 'non'}</li>
        {form.secretaryCompany && <li>Service de société secrétaire souhaité</li>}
        {form.anonymeShareholder && <li>Actionnaire anonyme souhaité</li>}
      </ul>
    </div>
  );
}
