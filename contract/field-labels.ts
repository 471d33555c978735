/**
 * The Italian names of the CRM fields Storico keeps, as the app and its e-mails show them (the UI is Italian only).
 * Shared by the client (detail screens, restore lists, alerts, audit) and the server (e-mails).
 */
import { ownEntry } from './own-entry';

/** A contact's (person account's) fields, as the detail screen labels them. */
export const CONTACT_FIELD_LABELS = {
  CreatedDate: 'Data di creazione',
  LastModifiedDate: 'Data ultima modifica',
  OwnerName: 'Proprietario',
  Name: 'Nome',
  LastName: 'Cognome',
  Date_of_birth__c: 'Data di nascita',
  Gender__c: 'Genere',
  ZIP_CODE__c: 'CAP',
  PV__pc: 'PV',
  PersonEmail: 'Email',
  Phone: 'Telefono',
  PersonHomePhone: 'Telefono di casa',
  Fax: 'Fax',
  Website: 'Sito web',
  BillingAddress: 'Indirizzo di fatturazione',
  ShippingAddress: 'Indirizzo di spedizione',
  Description: 'Descrizione',
  Consent_Newsletter__pc: 'Consenso newsletter',
  Last_Marketing_Contact_Date__c: 'Data ultimo contatto marketing',
  Last_Newsletter_Update__pc: 'Data ultimo aggiornamento newsletter',
  Type: 'Tipo di organizzazione',
  Industry: 'Settore',
} as const;

/** A case's fields, as the detail screen labels them. */
export const CASE_FIELD_LABELS = {
  CaseNumber: 'Numero caso',
  CreatedDate: 'Data di creazione',
  CaseOwnerName__c: 'Proprietario del caso',
  Reason: 'Motivo',
  Status: 'Stato',
  Priority: 'Priorità',
  Origin: 'Origine',
  Agent__c: 'Agente',
  Subject: 'Oggetto',
  Description: 'Descrizione',
  Type_of_Complaint__c: 'Tipo di reclamo',
  Related__c: 'Correlato a',
  Brand__c: 'Marchio',
  Is_restaurant__c: 'Ristorante',
  Recall__c: 'Richiamo',
  Email_From_Contact_Us__c: 'Email dal modulo Contattaci',
  Modifica_Caso_oltre_limite__c: 'Modifica caso oltre il limite',
  Web_Address__c: 'Indirizzo',
  Web_City__c: 'Città',
  Web_State__c: 'Provincia',
  Web_Zip_Code__c: 'CAP',
  Web_Country__c: 'Paese',
  SuppliedName: 'Nome del cliente',
  SuppliedEmail: 'Email del cliente',
  SuppliedPhone: 'Telefono del cliente',
  ContactName: 'Nome del contatto',
  ContactEmail: 'Email del contatto',
  ContactPhone: 'Telefono del contatto',
  Photo_Link_1__c: 'Link foto 1',
  Dont_notify__c: 'Non notificare',
  Product__c: 'Prodotto',
  Product_Description__c: 'Descrizione prodotto',
  SKU_Webform__c: 'SKU (modulo web)',
  Lot_Number__c: 'Numero di lotto',
  Expiration_Date__c: 'Data di scadenza',
  Number_of_Pieces__c: 'Numero di pezzi',
  Total_Value__c: 'Valore coupon',
  Feedback_Agent__c: 'Feedback agente',
  Secondary_Feedback_Agent__c: 'Feedback agente secondario',
  Classify__c: 'Classificazione',
  SKU__c: 'SKU',
  SKU_Agent1__c: 'SKU agente',
  SKU_Agent1_Name__c: 'Nome SKU agente',
  Lot_Number_Agent__c: 'Numero di lotto agente',
  Missed_lot__c: 'Lotto mancante',
  CS_Time_prod__c: 'Ora di produzione',
  CS_Packaging_Machine__c: 'Macchina confezionatrice',
  line__c: 'Linea',
  Internal_comments__c: 'Commenti interni',
} as const;

/** Fields with no label of their own on the detail screens. */
export const OTHER_FIELD_LABELS = {
  OwnerId: 'Proprietario',
  AccountId: 'Contatto',
  ContactId: 'Contatto (persona)',
  FirstName: 'Nome proprio',
  RecordTypeId: 'Tipo di record',
} as const;

/**
 * A snapshot field's Italian label, as the detail screens show it (or as they show the field it stands for,
 * `shownAs`), else the restore screens' own, else its name in the CRM.
 */
export function fieldLabel(object: 'Account' | 'Case', field: string, shownAs?: string): string {
  const labels: Readonly<Record<string, string>> =
    object === 'Account' ? CONTACT_FIELD_LABELS : CASE_FIELD_LABELS;
  return (
    ownEntry(labels, field) ??
    (shownAs === undefined ? undefined : ownEntry(labels, shownAs)) ??
    ownEntry<string>(OTHER_FIELD_LABELS, field) ??
    field
  );
}

/**
 * Fields that change with another and read as it does: a name read from a related record follows its id, and a
 * case's person contact follows its account. Listed next to the one they follow, they would say the same thing twice.
 */
const FOLLOWS: Readonly<Record<string, readonly string[]>> = {
  OwnerName: ['OwnerId'],
  ContactName: ['ContactId', 'AccountId'],
  ContactId: ['AccountId'],
};

/** `items` (each naming a field) without those whose field follows another field named in the list. */
export function withoutFollowers<T>(items: readonly T[], fieldOf: (item: T) => string): T[] {
  const named = new Set(items.map(fieldOf));
  return items.filter(
    (item) => !(ownEntry(FOLLOWS, fieldOf(item)) ?? []).some((leader) => named.has(leader)),
  );
}
