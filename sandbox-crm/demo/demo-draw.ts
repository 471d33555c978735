import { Faker, base, en, it } from '@faker-js/faker';
import { EMAIL_DOMAINS, MOBILE_PREFIXES, type City } from './demo-catalog';

export const DAY = 86_400_000;

/** A seeded Italian faker: the same seed gives the same data on every machine. */
export const demoFaker = (seed: number): Faker => {
  const faker = new Faker({ locale: [it, en, base] });
  faker.seed(seed);
  return faker;
};

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** Random values in the shapes an Italian customer-care CRM holds. */
export class Draw {
  constructor(readonly f: Faker) {}
  pick = <T>(items: readonly T[]): T => this.f.helpers.arrayElement(items);
  weighted = <T>(items: readonly { value: T; weight: number }[]): T =>
    this.f.helpers.weightedArrayElement(items.map((i) => ({ value: i.value, weight: i.weight })));
  chance = (probability: number) => this.f.datatype.boolean({ probability });
  int = (min: number, max: number) => this.f.number.int({ min, max });
  /** A whole second between two times. */
  time = (from: number, to: number) => this.int(Math.ceil(from / 1000), Math.floor(to / 1000)) * 1000;
  digits = (n: number) => this.f.string.numeric({ length: n, allowLeadingZeros: true });
  mobile = () => `+39 ${this.pick(MOBILE_PREFIXES)} ${this.digits(3)} ${this.digits(4)}`;
  landline = (city: City) => `+39 ${city.prefix} ${this.digits(10 - city.prefix.length)}`;
  email = (first: string, last: string) =>
    `${slug(first)}.${slug(last)}${this.chance(0.4) ? this.int(1, 99) : ''}@${this.pick(EMAIL_DOMAINS)}`;
  street = () => `${this.f.location.street()} ${this.int(1, 180)}`;
  lot = (at: number) => {
    const d = new Date(at - this.int(10, 60) * DAY);
    const day = Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY) + 1;
    return `L${String(d.getUTCFullYear()).slice(2)}${String(day).padStart(3, '0')}${this.pick(['A', 'B', 'C'])}`;
  };
  /** Sorted times of `count` edits after `from`. */
  editTimes = (count: number, from: number, to: number) =>
    Array.from({ length: count }, () => this.time(from + 60_000, to)).sort((a, b) => a - b);
}

/** The components of an address in Italy (state and country picklists on: ISO codes beside the names). */
export function setAddress(
  record: Record<string, unknown>,
  prefix: 'Billing' | 'Shipping',
  city: City,
  street: string,
) {
  Object.assign(record, {
    [`${prefix}Street`]: street,
    [`${prefix}City`]: city.city,
    [`${prefix}State`]: city.province,
    [`${prefix}PostalCode`]: city.cap,
    [`${prefix}Country`]: 'Italia',
    [`${prefix}StateCode`]: city.province,
    [`${prefix}CountryCode`]: 'IT',
    [`${prefix}Latitude`]: null,
    [`${prefix}Longitude`]: null,
    [`${prefix}GeocodeAccuracy`]: null,
  });
}

export function setBilling(d: Draw, record: Record<string, unknown>, city: City) {
  setAddress(record, 'Billing', city, d.street());
  Object.assign(record, { ZIP_CODE__c: city.cap, PV__pc: city.province });
}

export function setShipping(record: Record<string, unknown>, city: City, street: string) {
  setAddress(record, 'Shipping', city, street);
}
