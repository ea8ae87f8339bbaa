import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router-dom';
import { PUBLIC_FORM_MESSAGES, ROUTES } from '@registra/domain';
import { PublicLayout } from '../components/PublicLayout';
import { RequestSummary } from '../components/RequestSummary';
import type { SubmittedState } from './PublicFormPage';

const hasForm = (state: unknown): state is SubmittedState =>
  typeof state === 'object' &&
  state !== null &&
  Array.isArray((state as SubmittedState).form?.peoples);

/**
 * /publicform/validate: 'Merci !' and the request as sent; opened without one
 * (a reload, a shared link), it asks to send the form again.
 */
export function PublicFormThankYouPage() {
  const { state } = useLocation();
  const back = (
    <Link className="btn btn-primary" to={ROUTES.publicForm}>
      Retour au formulaire
    </Link>
  );
  if (!hasForm(state)) {
    return (
      <PublicLayout>
        <Alert variant="danger">
          Aucune demande à afficher&nbsp;: veuillez remplir et soumettre le formulaire à nouveau.
        </Alert>
        {back}
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <h1 className="h3">{PUBLIC_FORM_MESSAGES.thankYou}</h1>
      <p>
        Votre demande de création de société a bien été envoyée. Notre équipe l’étudie et revient
        vers vous rapidement.
      </p>
      <div className="border rounded bg-white p-3 mb-3">
        <RequestSummary form={state.form} />
      </div>
      {back}
    </PublicLayout>
  );
}
