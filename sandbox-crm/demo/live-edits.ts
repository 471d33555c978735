import type { FastifyBaseLogger } from 'fastify';
import type { SandboxRecords } from '../records/sandbox-records';
import { demoFaker } from './demo-draw';
import { editRecord } from './demo-edits';

/**
 * Every `seconds` a few records are edited, as users of a live CRM would, and now and then one is deleted
 * (`deletionShare` of the edits). Answers the timer, for the org to stop when it closes.
 */
export function startLiveEdits(
  records: SandboxRecords,
  seconds: number,
  deletionShare: number,
  log: FastifyBaseLogger,
): NodeJS.Timeout {
  const faker = demoFaker(Date.now() % 2 ** 31);
  return setInterval(() => {
    for (let i = faker.number.int({ min: 1, max: 3 }); i > 0; i--) {
      const object = faker.datatype.boolean({ probability: 0.3 }) ? 'Account' : 'Case';
      const all = records.all(object).filter((r) => object === 'Case' || r.IsPersonAccount === true);
      if (all.length === 0) continue;
      // Users of a live CRM also delete records now and then: a person account's cases first, as Salesforce
      // refuses an account a case is related to.
      if (faker.datatype.boolean({ probability: deletionShare })) {
        const victim = faker.helpers.arrayElement(all);
        const userId = faker.helpers.arrayElement(records.all('User')).Id;
        if (object === 'Account') records.removeWithCases(victim.Id, userId);
        else records.remove(object, victim.Id, userId);
        log.debug({ object, id: victim.Id }, 'sandbox CRM deleted a record');
        continue;
      }
      const edited = records.save(
        object,
        editRecord(faker, object, faker.helpers.arrayElement(all), records.now(), records.all('User')),
      );
      log.debug({ object, id: edited.Id }, 'sandbox CRM edited a record');
    }
  }, seconds * 1000);
}
