import { canSubmitSignIn, canSubmitSignUp } from '@registra/domain';
import { describe, expect, it } from 'vitest';

// The forms take their disabled rules from the shared library; this also proves the Vite alias
// to its source resolves under Vitest.
describe('@registra/domain session rules, as the auth forms use them', () => {
  it('allows sign-in only with e-mail and password and while not busy', () => {
    expect(canSubmitSignIn({ email: 'a@firm.test', password: 'x', busy: false })).toBe(true);
    expect(canSubmitSignIn({ email: 'a@firm.test', password: '', busy: false })).toBe(false);
    expect(canSubmitSignIn({ email: 'a@firm.test', password: 'x', busy: true })).toBe(false);
  });

  it('allows sign-up only with e-mail, password and secret code and while not busy', () => {
    const filled = { email: 'a@firm.test', password: 'x', secretCode: 'c', busy: false };
    expect(canSubmitSignUp(filled)).toBe(true);
    expect(canSubmitSignUp({ ...filled, secretCode: '' })).toBe(false);
    expect(canSubmitSignUp({ ...filled, busy: true })).toBe(false);
  });
});
