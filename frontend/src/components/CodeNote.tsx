/**
 * A code kept under the sentence that says it in words (an error code, a setting's name), in
 * small print for whoever reports it. `data-shows-code` marks it as a code shown on purpose: the
 * every-screen walk reads every other upper-case code as a word left untranslated.
 */
export function CodeNote({ code, testId }: { code: string; testId?: string }) {
  return (
    <small className="d-block text-muted font-monospace" data-shows-code="" data-testid={testId}>
      {code}
    </small>
  );
}
