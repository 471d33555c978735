import type { SfRecord } from '../salesforce-wire';
import { toSfDateTime } from '../salesforce-wire';
import { DAY, demoFaker, Draw, isoDate } from './demo-draw';

/**
 * The demo org's custom fields beyond Storico's screens (sandbox-schema.ts): set on each record's first version and
 * edited in some of its later ones. Drawn from a faker of their own, so that the rest of the demo history stays
 * the same whatever is drawn here.
 */
const TIERS = ['Bronzo', 'Argento', 'Oro', 'Platino'] as const;
const ALLERGENS = ['Glutine', 'Lattosio', 'Frutta a guscio', 'Uova', 'Soia', 'Sesamo'] as const;
const CUSTOMER_NOTES = [
  'Preferisce essere contattata via e-mail, mai al telefono in orario di lavoro.',
  'Cliente storica del punto vendita di via Roma; segnala spesso problemi di confezionamento.',
  'Ha chiesto di non ricevere campioni omaggio contenenti frutta a guscio.',
  'Disponibile a partecipare ai test di assaggio dei nuovi prodotti.',
] as const;
const RESOLUTION_NOTES = [
  'Rimborso accreditato sulla carta fedeltà; il cliente ha confermato la ricezione.',
  'Inviato buono sconto di 10 euro e lettera di scuse del responsabile qualità.',
  'Lotto segnalato al controllo qualità dello stabilimento; in attesa di analisi.',
  'Il cliente ha accettato la sostituzione del prodotto presso il punto vendita.',
] as const;

type CustomEdit = (d: Draw, record: Record<string, unknown>, at: number) => void;

const ACCOUNT_EDITS: CustomEdit[] = [
  (_d, r) => {
    const next = TIERS[Math.min(TIERS.indexOf(r.Loyalty_Tier__c as (typeof TIERS)[number]) + 1, 3)];
    r.Loyalty_Tier__c = next ?? 'Bronzo';
  },
  (d, r) =>
    (r.Lifetime_Spend__c = Math.round(((Number(r.Lifetime_Spend__c) || 0) + d.int(5, 250)) * 100) / 100),
  (_d, r, at) => (r.Last_Store_Visit__c = isoDate(at)),
  (d, r) => (r.Allergens__pc = allergens(d)),
  (d, r) => (r.Customer_Notes__c = d.pick(CUSTOMER_NOTES)),
];

const CASE_EDITS: CustomEdit[] = [
  (d, r) => (r.Refund_Amount__c = d.int(1, Math.max(1, Math.round(Number(r.Total_Value__c) || 10)))),
  (d, r) => (r.Resolution_Notes__c = d.pick(RESOLUTION_NOTES)),
  (_d, r, at) => (r.Store_Visit_Date__c = isoDate(at - 2 * DAY)),
  (_d, r, at) => (r.Follow_Up_At__c = toSfDateTime(at + 3 * DAY)),
  (d, r) => (r.Satisfaction__c = d.int(0, 10) * 10),
];

/** A multi-select picklist's value: the chosen values joined by semicolons, null when none. */
function allergens(d: Draw): string | null {
  const chosen = ALLERGENS.filter(() => d.chance(0.2));
  return chosen.length > 0 ? chosen.join(';') : null;
}

function firstAccountValues(d: Draw, first: SfRecord): Record<string, unknown> {
  const created = Date.parse(String(first.CreatedDate));
  return {
    Loyalty_Tier__c: d.pick(TIERS.slice(0, 2)),
    Allergens__pc: allergens(d),
    Customer_Notes__c: d.chance(0.3) ? d.pick(CUSTOMER_NOTES) : null,
    Last_Store_Visit__c: d.chance(0.7) ? isoDate(created - d.int(1, 300) * DAY) : null,
    Lifetime_Spend__c: d.chance(0.8) ? d.int(0, 90_000) / 100 : null,
  };
}

const FIRST_CASE_VALUES = {
  Refund_Amount__c: null,
  Resolution_Notes__c: null,
  Store_Visit_Date__c: null,
  Follow_Up_At__c: null,
  Satisfaction__c: null,
};

/** Sets the custom fields through every version of each history (its versions oldest first), in place. */
function fill(d: Draw, histories: SfRecord[][], first: (v: SfRecord) => object, edits: CustomEdit[]) {
  for (const versions of histories) {
    let values: Record<string, unknown> = { ...first(versions[0]!) };
    versions.forEach((version, index) => {
      if (index > 0 && d.chance(0.35)) {
        values = { ...values };
        d.pick(edits)(d, values, Date.parse(String(version.SystemModstamp)));
      }
      Object.assign(version, values);
    });
  }
}

export function addCustomFields(data: { accounts: SfRecord[][]; cases: SfRecord[][] }, seed: number): void {
  const d = new Draw(demoFaker(seed + 1));
  fill(d, data.accounts, (first) => firstAccountValues(d, first), ACCOUNT_EDITS);
  fill(d, data.cases, () => FIRST_CASE_VALUES, CASE_EDITS);
}

/**
 * Values for the generated custom fields (sandbox-schema.ts, `generatedFields`) of each record, in place: a short text
 * in each, a paragraph in each Long Text Area, as an org with hundreds of fields in use holds.
 */
export function fillGeneratedFields(
  records: readonly SfRecord[],
  fields: readonly { name: string; length?: number }[],
) {
  records.forEach((record, index) => {
    const values = record as Record<string, unknown>;
    for (const field of fields) {
      values[field.name] =
        (field.length ?? 0) > 255
          ? `Nota ${index} su ${field.name}: ${CUSTOMER_NOTES[index % CUSTOMER_NOTES.length]}`
          : `${field.name.slice(0, 9)}-${index}`;
    }
  });
}
