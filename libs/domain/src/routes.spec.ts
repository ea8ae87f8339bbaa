import { describe, expect, it } from 'vitest';
import { ROUTES, formPath, orderPath, organizationPath, peoplePath, taskPath } from './routes';

describe('routes the rules lead to', () => {
  it.each([
    // 02-4.9 "Order creation: on success the modal closes and the user goes to /order/{id}."
    [orderPath('o1'), '/order/o1'],
    [orderPath('o1', 'RAW_DATA'), '/order/o1/RAW_DATA'],
    // "After creation the user goes to /task/{id}."
    [taskPath('t1'), '/task/t1'],
    // The dashboard's follow-ups link to /organization/{id}/FOLLOW_UP_TAB
    [organizationPath('42', 'FOLLOW_UP_TAB'), '/organization/42/FOLLOW_UP_TAB'],
    [organizationPath('42'), '/organization/42'],
    [peoplePath('7', 'INFORMATION'), '/people/7/INFORMATION'],
    [peoplePath('7'), '/people/7'],
    [formPath('f1', 'INFORMATION'), '/form/f1/INFORMATION'],
  ])('%s', (path, expected) => {
    expect(path).toBe(expected);
  });

  it('signs in at /auth/signin and serves the public form at /publicform', () => {
    expect(ROUTES.signIn).toBe('/auth/signin');
    expect(ROUTES.publicForm).toBe('/publicform');
    expect(ROUTES.publicFormValidate).toBe('/publicform/validate');
    // The links the server mails: APP_URL/signup?invite=… and APP_URL/reset-password?token=….
    expect(ROUTES.resetPassword).toBe('/reset-password');
    expect(ROUTES.users).toBe('/users');
  });
});
