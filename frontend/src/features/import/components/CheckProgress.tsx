import { useEffect } from 'react';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { ImportView } from '@registra/domain';
import { useImportJob } from './ImportJob';

export interface CheckProgressProps {
  id: string;
  fileName: string;
  /** When the check was started (ms): a status read before it is an earlier check's. */
  since: number;
  /** The import once its check is over (`checked`, or `check_failed` with its `failure`). */
  onOver: (view: ImportView) => void;
}

/** A check's progress bar, its status asked for every second until the check is over. */
export function CheckProgress({ id, fileName, since, onOver }: CheckProgressProps) {
  const { view, goingOn } = useImportJob(id, since);
  const over = view !== undefined && !goingOn;
  useEffect(() => {
    if (over) onOver(view);
  }, [over, view, onOver]);
  const percent = view ? Math.round(view.progress * 100) : 0;
  return (
    <section aria-label="Check" className="mb-3">
      <p className="mb-1">
        Checking {fileName}: every row against the rules and the book. Nothing is written.
      </p>
      <ProgressBar now={percent} label={`${percent} %`} animated aria-label="Check progress" />
    </section>
  );
}
