import Button from 'react-bootstrap/Button';
import { followUpDefinition } from '@registra/domain';

/**
 * The numbered steps of a follow-up: "clicking any step other than the current one moves to it
 * (forward or back)" (moveToStep). Done steps are ticked, the current one is marked.
 */
export function StepList({
  name,
  current,
  disabled,
  onMove,
}: {
  name: string;
  current: number;
  disabled?: boolean;
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
            <Button
              size="sm"
              variant={isCurrent ? 'primary' : done ? 'outline-success' : 'outline-secondary'}
              className="w-100 text-start"
              aria-current={isCurrent ? 'step' : undefined}
              disabled={disabled || isCurrent}
              onClick={() => onMove(index)}
            >
              <span aria-hidden="true">{done ? '✓ ' : ''}</span>
              {index}. {label}
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
