import type { SectionDef } from '@/components/compare/fields';
import { it } from '@/i18n/it';

const f = it.contacts.fields;
const s = it.contacts.sections;

/** A search row's expansion: the fields SPEC.md section 3 names for contacts. */
export const contactExpansionSections: readonly SectionDef[] = [
  {
    id: 'expansion',
    title: '',
    fields: [
      { key: 'CreatedDate', label: f.CreatedDate, kind: 'dateTime' },
      { key: 'LastModifiedDate', label: f.LastModifiedDate, kind: 'dateTime' },
      { key: 'Name', label: f.Name },
      { key: 'LastName', label: f.LastName },
      { key: 'PersonEmail', label: f.PersonEmail },
    ],
  },
];

/** 'Dettaglio Contatto': the sections and fields of SPEC.md section 2. */
export const contactDetailSections: readonly SectionDef[] = [
  {
    id: 'details',
    title: s.details,
    fields: [
      { key: 'OwnerName', label: f.OwnerName },
      { key: 'Name', label: f.Name },
      { key: 'Date_of_birth__c', label: f.Date_of_birth__c, kind: 'date' },
      { key: 'Gender__c', label: f.Gender__c },
      { key: 'ZIP_CODE__c', label: f.ZIP_CODE__c },
      { key: 'PV__pc', label: f.PV__pc },
      { key: 'PersonEmail', label: f.PersonEmail },
      { key: 'Phone', label: f.Phone },
      { key: 'PersonHomePhone', label: f.PersonHomePhone },
      { key: 'Fax', label: f.Fax },
      { key: 'Website', label: f.Website },
    ],
  },
  {
    id: 'address',
    title: s.address,
    fields: [
      { key: 'BillingAddress', label: f.BillingAddress, kind: 'address' },
      { key: 'ShippingAddress', label: f.ShippingAddress, kind: 'address' },
      { key: 'Description', label: f.Description, kind: 'longText' },
    ],
  },
  {
    id: 'newsletter',
    title: s.newsletter,
    fields: [
      { key: 'Consent_Newsletter__pc', label: f.Consent_Newsletter__pc, kind: 'boolean' },
      { key: 'Last_Marketing_Contact_Date__c', label: f.Last_Marketing_Contact_Date__c, kind: 'date' },
      { key: 'Last_Newsletter_Update__pc', label: f.Last_Newsletter_Update__pc, kind: 'date' },
    ],
  },
  {
    id: 'additional',
    title: s.additional,
    fields: [
      { key: 'Type', label: f.Type },
      { key: 'Industry', label: f.Industry },
    ],
  },
];
