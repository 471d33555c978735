import { fieldLabel, withoutFollowers } from '../../contract/field-labels';
import { formatDateTime } from '../../contract/rome-time';
import { crmUserNames } from '../store/crm-user-names';
import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { FieldCount } from '../db/tables/alerts.table';

/** The alert e-mail goes to staff as it is, so it is written in Italian like the app. */
export async function alertMail(
  deps: { db: Db; crm: CrmConnector | undefined; now: () => Date; maxApiUsage?: number | undefined },
  alert: {
    id: number;
    agent: string;
    object: 'Account' | 'Case';
    windowStart: Date;
    windowEnd: Date;
    changed: number;
    deleted: number;
    topFields: FieldCount[];
  },
  publicUrl: string,
): Promise<{ subject: string; text: string }> {
  const name = (await crmUserNames(deps, [alert.agent])).get(alert.agent) ?? alert.agent;
  const records = alert.object === 'Account' ? 'contatti' : 'casi';
  return {
    subject: `Storico: modifiche massive di ${name} (${records})`,
    text: [
      `${name} ha modificato ${alert.changed} ${records} e ne ha eliminati ${alert.deleted}`,
      `tra il ${formatDateTime(alert.windowStart)} e il ${formatDateTime(alert.windowEnd)}.`,
      ...(alert.topFields.length > 0
        ? [
            '',
            `Campi modificati più spesso: ${withoutFollowers(alert.topFields, (f) => f.field)
              .map((f) => `${fieldLabel(alert.object, f.field)} (${f.count})`)
              .join(', ')}.`,
          ]
        : []),
      '',
      `Controlla e conferma la presa visione in Storico: ${publicUrl}/avvisi`,
    ].join('\n'),
  };
}
