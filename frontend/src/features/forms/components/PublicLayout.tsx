import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

/**
 * The public form's own light layout: no navigation, no session, French, narrow
 * enough to read on a phone.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div lang="fr" className="public-form min-vh-100 bg-light">
      <header className="bg-white border-bottom">
        <Container className="py-3" style={{ maxWidth: '56rem' }}>
          <span className="fw-semibold fs-5">Registra</span>
        </Container>
      </header>
      <main>
        <Container className="py-4" style={{ maxWidth: '56rem' }}>
          {children}
        </Container>
      </main>
    </div>
  );
}

/** The firm's services page the offers link to (read at build time); unset: no link is shown. */
export const servicesUrl = (): string | undefined => {
  const value = String(import.meta.env.VITE_PUBLIC_FORM_SERVICES_URL ?? '').trim();
  return /^https?:\/\//.test(value) ? value : undefined;
};

/** An offer's external link, or a word to contact the firm when no address is configured. */
export function OfferLink({ children }: { children: ReactNode }) {
  const url = servicesUrl();
  return url ? (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ) : (
    <span>Contactez-nous pour en savoir plus.</span>
  );
}
