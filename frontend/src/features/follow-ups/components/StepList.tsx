import { followUpDefinition } from '@registra/domain';
import { ReasonButton } from '../../../components/ReasonButton';

/**
 * The numbered steps of a follow-up: "clicking any step other than the current one moves to it
 * (forward or back)" (moveToStep). Done steps are ticked, the current one is marked.
 */
export function StepList({
  name,
  current,
  whyLocked,
  onMove,
}: {
  name: string;
  current: number;
  /** Why no step can be chosen now (an archived follow-up, a change being saved). */
  whyLocked?: string | false | null;
  onMove: (stepIndex: number) => void;
}) {
  const { steps } = followUpDefinition(name);
  return (
    <ol className="list-unstyled mb-0" aria-label="Steps">
      {steps.map((label, index) => {
        const isCurrent = index === current;
        const done = index < current;
        return (
          <li key={label + index} className="mb-1">
            <ReasonButton
              size="sm"
              variant={isCurrent ? 'primary' : done ? 'outline-success' : 'outline-secondary'}
              className="w-100 text-start"
              wrapperClassName="d-block"
              aria-current={isCurrent ? 'step' : undefined}
              whyDisabled={whyLocked || (isCurrent && 'The follow-up is at this step')}
              onClick={() => onMove(index)}
            >
              <span aria-hidden="true">{done ? '✓ ' : ''}</span>
              {index}. {label}
            </ReasonButton>
          </li>
        );
      })}
    </ol>
  );
}
