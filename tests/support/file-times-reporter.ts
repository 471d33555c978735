import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { TEST_TIMES_FILE } from '../../scripts/test-times';

/**
 * Records how long each test file took (import, setup and tests), one JSON line a file, so that `npm test` can end
 * with the slowest files of all its runs (scripts/test-times.ts).
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    mkdirSync(path.dirname(TEST_TIMES_FILE), { recursive: true });
    const lines = testModules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return JSON.stringify({
        project: module.project.name,
        file: module.relativeModuleId,
        ms: Math.round(ms),
      });
    });
    appendFileSync(TEST_TIMES_FILE, `${lines.join('\n')}\n`);
  }
}
