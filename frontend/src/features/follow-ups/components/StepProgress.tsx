import ProgressBar from 'react-bootstrap/ProgressBar';
import { followUpProgress, stepCounterText, stepLabel } from '@registra/domain';

/** A follow-up's progress bar with "Step i/last" and the step's name (followUpProgress). */
export function StepProgress({ name, stepIndex }: { name: string; stepIndex: number }) {
  const progress = followUpProgress(name, stepIndex);
  return (
    <div style={{ minWidth: '10rem' }}>
      {/* The bar inside its frame: the name goes on the element that has the progressbar role
          (on a lone ProgressBar it would land on the frame, where ARIA does not allow it). */}
      <ProgressBar style={{ height: '0.5rem' }}>
        <ProgressBar
          now={progress}
          variant={progress === 100 ? 'success' : 'primary'}
          aria-label={`${stepCounterText(name, stepIndex)}: ${progress}%`}
        />
      </ProgressBar>
      <div className="small mt-1">
        <span className="text-muted">{stepCounterText(name, stepIndex)}</span>{' '}
        {stepLabel(name, stepIndex)}
      </div>
    </div>
  );
}
