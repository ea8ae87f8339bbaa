import { Toaster, ToastBar } from 'react-hot-toast';
import type { ToasterProps } from 'react-hot-toast';
import { splitCode } from '../lib/errors';
import { CodeNote } from './CodeNote';

/** A toast's words; an error code kept after the sentence is shown in small print below it. */
export function ToastText({ text }: { text: string }) {
  const { sentence, code } = splitCode(text);
  if (!code) return <>{text}</>;
  return (
    <span>
      {sentence}
      <CodeNote code={code} testId="error-code" />
    </span>
  );
}

/** The one toast outlet: react-hot-toast's, with error codes in small print. */
export function AppToaster(props: ToasterProps) {
  return (
    <Toaster {...props}>
      {(shown) => (
        <ToastBar toast={shown}>
          {({ icon, message }) => (
            <>
              {icon}
              {typeof shown.message === 'string' ? (
                <div role="status" aria-live="polite" className="mx-2 my-1">
                  <ToastText text={shown.message} />
                </div>
              ) : (
                message
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
