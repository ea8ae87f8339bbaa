import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/errors';
import { useKeepFormMutation } from '../api';
import type { FormView } from '../api';

/**
 * Keep a request that never became a client (docs/privacy.md): the daily retention job erases
 * such a request once unchanged for the prospect period, unless staff keep it; a kept one is
 * listed in the retention review for an administrator instead.
 */
export function KeepRequest({ form }: { form: FormView }) {
  const [keep, keeping] = useKeepFormMutation();
  if (form.organizationId) return null;
  const change = async (kept: boolean) => {
    try {
      await keep({ id: form._id, kept }).unwrap();
      toast.success(kept ? 'The request is kept.' : 'The request is no longer kept.');
    } catch (error) {
      toast.error(errorText(error, 'The request could not be changed.', 'code'));
    }
  };
  return (
    <Form.Group className="mb-3" controlId="form-kept">
      <Form.Check
        type="switch"
        role="switch"
        label="Keep this request"
        checked={form.kept}
        disabled={keeping.isLoading}
        onChange={(event) => void change(event.target.checked)}
        aria-describedby="form-kept-help"
      />
      <Form.Text id="form-kept-help" muted>
        A request that never became a client is erased by itself once unchanged for the prospect
        period (the retention settings); a kept one is listed in the retention review instead.
      </Form.Text>
    </Form.Group>
  );
}
