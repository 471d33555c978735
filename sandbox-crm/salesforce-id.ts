const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHECKSUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 3-character suffix Salesforce appends to a 15-character id: one bit per upper-case letter of each 5-character chunk. */
function checksum(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const c = id15.charCodeAt(chunk * 5 + i);
      if (c >= 65 && c <= 90) bits |= 1 << i;
    }
    suffix += CHECKSUM[bits];
  }
  return suffix;
}

/** An 18-character id shaped like Salesforce's: key prefix (001 Account, 500 Case, 005 User), instance, sequence, checksum. */
export function salesforceId(keyPrefix: string, sequence: number): string {
  let digits = '';
  let rest = sequence;
  for (let i = 0; i < 9; i++) {
    digits = BASE62[rest % 62] + digits;
    rest = Math.floor(rest / 62);
  }
  const id15 = `${keyPrefix}5g0${digits}`;
  return id15 + checksum(id15);
}
