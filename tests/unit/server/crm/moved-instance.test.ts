import { describe, expect, it } from 'vitest';
import { movedInstance } from '../../../../server/crm/salesforce/moved-instance';

const PATH = '/services/data/v62.0/sobjects/Account/001D000000IqhSLIAZ';
const OLD = `https://acme.my.salesforce.com${PATH}`;

describe('the instance a redirected write moves to', () => {
  it('is the new host of a My Domain change: the same resource, over https, under the same domain', () => {
    expect(movedInstance(OLD, `https://acme-italia.my.salesforce.com${PATH}`)).toBe(
      'https://acme-italia.my.salesforce.com',
    );
    expect(
      movedInstance(
        `https://acme--uat.cs42.my.salesforce.com${PATH}`,
        `https://acme--uat.sandbox.my.salesforce.com${PATH}`,
      ),
    ).toBe('https://acme--uat.sandbox.my.salesforce.com');
    // The sandbox CRM over http, on another port.
    expect(movedInstance(`http://127.0.0.1:8090${PATH}`, `http://127.0.0.1:8091${PATH}`)).toBe(
      'http://127.0.0.1:8091',
    );
  });

  it('is none for any other redirect', () => {
    expect(movedInstance(OLD, undefined)).toBeNull();
    expect(movedInstance(OLD, OLD)).toBeNull();
    expect(movedInstance(OLD, `https://acme-italia.my.salesforce.com/secur/frontdoor.jsp`)).toBeNull();
    expect(movedInstance(OLD, `https://acme-italia.my.salesforce.com${PATH}?x=1`)).toBeNull();
    expect(movedInstance(OLD, `http://acme-italia.my.salesforce.com${PATH}`)).toBeNull();
    expect(movedInstance(OLD, `https://acme.example.com${PATH}`)).toBeNull();
    expect(movedInstance(OLD, `https://user:secret@acme-italia.my.salesforce.com${PATH}`)).toBeNull();
    expect(movedInstance(`http://127.0.0.1:8090${PATH}`, `http://localhost:8090${PATH}`)).toBeNull();
    expect(movedInstance(`http://127.0.0.1:8090${PATH}`, `http://10.0.0.1:8090${PATH}`)).toBeNull();
  });
});
