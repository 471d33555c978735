import { ConfigError } from '../config/config';
import { NoSuchAgentError, runBurst, type BurstSpec, type SandboxRecords } from '../../sandbox-crm';

/**
 * SANDBOX_CRM_BURST (or the sandbox CLI's --burst) on the demo's sandbox CRM: an agent the org does not have is a
 * setting found wrong, which stops the start with its message alone.
 */
export function runSandboxBurst(records: SandboxRecords, spec: BurstSpec): ReturnType<typeof runBurst> {
  try {
    return runBurst(records, spec);
  } catch (error) {
    if (error instanceof NoSuchAgentError) throw new ConfigError([`SANDBOX_CRM_BURST: ${error.message}`]);
    throw error;
  }
}
