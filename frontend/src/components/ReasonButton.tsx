import Button from 'react-bootstrap/Button';
import type { ButtonProps } from 'react-bootstrap/Button';

export interface ReasonButtonProps extends Omit<ButtonProps, 'disabled'> {
  /**
   * Why the button cannot be pressed now ("Choose a file first", "Saving…"); the button is
   * disabled exactly when there is one, so a disabled button always says why.
   */
  whyDisabled: string | false | null | undefined;
  /** The wrapper's classes: `d-grid` where the button fills its column. */
  wrapperClassName?: string;
}

/**
 * A button that says why it is disabled: the reason is the tooltip of its wrapper, since Bootstrap
 * gives a disabled button no pointer events, and the button's own title, which assistive
 * technology reads as its description.
 */
export function ReasonButton({
  whyDisabled,
  wrapperClassName = 'd-inline-block',
  ...props
}: ReasonButtonProps) {
  const reason = whyDisabled || undefined;
  return (
    <span className={wrapperClassName} title={reason}>
      <Button {...props} disabled={reason !== undefined} title={reason} />
    </span>
  );
}
