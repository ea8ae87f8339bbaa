import { mailedLink } from './smtp-receiver';
import type { SmtpReceiver } from './smtp-receiver';
import { TEST_SIGNUP_CODE } from './test-app';
import type { TestApp } from './test-app';

/** The password of the accounts signed up below. */
export const STAFF_PASSWORD = 'a long staff passphrase';

let counter = 0;
/** An address no other account of the run has. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now()}.${(counter += 1)}@firm.test`;

/**
 * Staff accounts made and used as people do, over HTTP: sign-up with the firm's code, sign-in, an
 * administrator's invitation, the link a mail carries. `of` answers the app, the mail receiver
 * and the administrator at each call, since a beforeAll makes them.
 */
export function accountsOverHttp(
  of: () => { app: TestApp; smtp: SmtpReceiver; admin: { auth: string } },
) {
  const signUp = (overrides: Record<string, unknown> = {}) =>
    of()
      .app.http.post('/api/user/signup')
      .send({
        firstName: 'Aoife',
        lastName: 'Murphy',
        email: uniqueEmail('signup'),
        password: STAFF_PASSWORD,
        secretCode: TEST_SIGNUP_CODE,
        ...overrides,
      });
  return {
    signUp,
    signIn: (email: string, password = STAFF_PASSWORD) =>
      of().app.http.post('/api/user/signin').send({ email, password }),
    /** A staff account with a session, signed up with the code. */
    staffAccount: async () => {
      const email = uniqueEmail('staff');
      const res = await signUp({ email });
      expect(res.status).toBe(200);
      return { auth: `JWT ${res.body.token}`, id: res.body.data._id as string, email };
    },
    /** The link of the latest mail to `to`, as its recipient reads it. */
    mailedLink: (to: string): Promise<string> => mailedLink(of().smtp, to),
    invite: (body: Record<string, unknown>, auth = of().admin.auth) =>
      of().app.http.post('/api/user/invite').set('Authorization', auth).send(body),
    /** Sign-up through an invitation's link: its token instead of the code. */
    acceptInvitation: (
      token: string,
      person: { firstName: string; lastName: string; email: string },
      password = STAFF_PASSWORD,
    ) =>
      of()
        .app.http.post('/api/user/signup')
        .send({ ...person, password, invite: token }),
  };
}
