// Types of server-supervisor.mjs, for the tests that import it (backend/test/instances).
export const FIRST_RESTART_DELAY_MS: number;
export const MAX_RESTART_DELAY_MS: number;
export const STABLE_AFTER_MS: number;
export const STOP_SIGNALS: NodeJS.Signals[];
export function restartDelay(attempt: number): number;
export function nextAttempt(previous: number, upMs: number): number;
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string;
export function superviseServer(options: { command: string; args: string[]; cwd: string }): void;
export function superviseBuiltServer(): void;
