// Fails the test whose requests met answers the OpenAPI document does not describe
// (test/support/api-contract.ts), and the file when a hook's requests did.
import { formatViolations, takeViolations } from './api-contract';

function failOnViolations(where: string): void {
  const violations = takeViolations();
  if (violations.length === 0) return;
  throw new Error(
    `${violations.length} answer(s) ${where} differ from the OpenAPI document:\n${formatViolations(violations)}`,
  );
}

afterEach(() => failOnViolations('of this test'));
afterAll(() => failOnViolations('of this file’s hooks'));
