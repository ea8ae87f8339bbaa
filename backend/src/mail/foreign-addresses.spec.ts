import { defangForeignAddresses, foreignAddresses, hostsOf } from './foreign-addresses';

const OWN = hostsOf(['https://registra.firm.ie', 'https://signup.partner.ie/start', 'not a url']);

describe('addresses a mail must not carry', () => {
  it('takes the hosts of the firm from its configured addresses', () => {
    expect(OWN).toEqual(['registra.firm.ie', 'signup.partner.ie']);
  });

  it.each<[string, string, string[]]>([
    ['a scheme URL of elsewhere', 'pay via https://evil.test/pay now', ['https://evil.test/pay']],
    ['a bare host with a path', 'pay at evil.test/pay', ['evil.test']],
    ['a host behind www', 'see www.example.com', ['www.example.com']],
    ['a mail address', 'write to billing@evil.test', ['evil.test']],
    ['an IP address after a scheme', 'http://10.0.0.1/x', ['http://10.0.0.1/x']],
    [
      'a look-alike of the firm',
      'https://registra.firm.ie.evil.test/x',
      ['https://registra.firm.ie.evil.test/x'],
    ],
    ['an address of the firm', 'https://registra.firm.ie/organization/1', []],
    ['a name under the firm', 'docs.registra.firm.ie', []],
    ['the sign-up app', 'https://signup.partner.ie/start?x=1', []],
    ['abbreviations and amounts', 'e.g. 250.00 for Acme Ltd. (i.e. the B1)', []],
    ['a date', '01.12.2026', []],
    ['Irish words with fadas', 'Seán Ó Briain, Teoranta', []],
  ])('%s', (_label, text, found) => {
    expect(foreignAddresses(text, OWN)).toEqual(found);
  });

  it.each([
    ['https://evil.test/pay', 'https[:]//evil[.]test/pay'],
    ['mail billing@evil.test', 'mail billing@evil[.]test'],
    ['Emerald.ie Trading', 'Emerald[.]ie Trading'],
    ['https://registra.firm.ie/form/1', 'https://registra.firm.ie/form/1'],
  ])('makes %s inert for a mail reader', (text, inert) => {
    expect(defangForeignAddresses(text, OWN)).toBe(inert);
  });
});
