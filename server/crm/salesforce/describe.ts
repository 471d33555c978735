import { CRM_OBJECTS, type CrmObject, type SyncedObject } from '../crm-connector';

const isCrmObject = (object: SyncedObject): object is CrmObject => object === 'Account' || object === 'Case';
import type { SalesforceConnection } from './connection';
import { planFields, type DescribeField, type FieldPlan } from './field-plan';

/** The field plan of each object, from the org's describe, made on first use and again on refreshSchema. */
export class FieldPlans {
  private plans = new Map<SyncedObject, FieldPlan>();
  private reportedMissing = new Set<string>();

  constructor(
    private readonly connection: SalesforceConnection,
    /** The API name of the org's re-create key field (SF_RECREATE_KEY_FIELD), when one is set. */
    private readonly recreateKeyField: string | undefined,
  ) {}

  /** Describes contacts and cases again, and the related objects already planned (they are planned on first use). */
  async refresh(): Promise<void> {
    const related = [...this.plans.keys()].filter((o) => !isCrmObject(o));
    for (const object of [...CRM_OBJECTS, ...related]) await this.describe(object);
  }

  private async describe(object: SyncedObject): Promise<void> {
    const describe = await this.connection.call<{ fields: DescribeField[] }>(
      { method: 'GET', url: `/sobjects/${object}/describe` },
      `Describing ${object}`,
    );
    // The re-create key is a field of contacts and cases only.
    const keyed = isCrmObject(object);
    const plan = planFields(object, describe.fields, keyed ? this.recreateKeyField : undefined);
    this.plans.set(object, plan);
    if (keyed) this.reportUnusableKey(plan);
    const unseen = plan.missing.filter((f) => !this.reportedMissing.has(`${object}.${f}`));
    if (unseen.length > 0) {
      for (const f of unseen) this.reportedMissing.add(`${object}.${f}`);
      this.connection.logger?.warn(
        { object, fields: unseen },
        'CRM fields missing or hidden from the integration user: left out of every snapshot',
      );
    }
  }

  /** Whether `object`'s plan is at hand, without a describe call. */
  known(object: SyncedObject): boolean {
    return this.plans.has(object);
  }

  async plan(object: SyncedObject): Promise<FieldPlan> {
    if (!this.plans.has(object)) {
      if (isCrmObject(object)) await this.refresh();
      else await this.describe(object);
    }
    return this.plans.get(object)!;
  }

  missing(): Partial<Record<CrmObject, string[]>> {
    return this.byObject((plan) => plan.missing);
  }

  binary(): Partial<Record<CrmObject, string[]>> {
    return this.byObject((plan) => plan.binary);
  }

  /** A list of each planned object's, where it is not empty. */
  private byObject(list: (plan: FieldPlan) => string[]): Partial<Record<CrmObject, string[]>> {
    const out: Partial<Record<CrmObject, string[]>> = {};
    for (const [object, plan] of this.plans)
      if (isCrmObject(object) && list(plan).length > 0) out[object] = list(plan);
    return out;
  }

  /** Tells once per object that the re-create key is set but the org has no field a re-create can go by. */
  private reportUnusableKey(plan: FieldPlan): void {
    const field = this.recreateKeyField;
    const reported = `${plan.object}:recreate-key`;
    if (!field || plan.recreateKey || this.reportedMissing.has(reported)) return;
    this.reportedMissing.add(reported);
    this.connection.logger?.warn(
      { object: plan.object, field },
      'The re-create key field is missing, hidden from the integration user, or not a Text External ID field it can ' +
        'create and edit: a purged record is created again without it, and a create whose answer was lost is ' +
        'looked for by its values',
    );
  }
}
