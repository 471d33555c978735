/**
 * The sandbox CRM's public entry: what Storico's server may use of it (the lint zones refuse any other file). The
 * demo starts the sandbox with the demo data, its life events and a burst; the demo history is answered by the
 * sandbox's own records and query engine, as the org would have answered each earlier version.
 */
export { startSandboxCrm, currentState, type SandboxCrm, type SandboxCrmOptions } from './sandbox-crm';
export { generateDemoData, type DemoCounts, type DemoData } from './demo/demo-data';
export { applyDemoLifeEvents } from './demo/demo-life-events';
export { NoSuchAgentError, runBurst, type BurstSpec } from './demo/burst';
export { SandboxRecords } from './records/sandbox-records';
export { compileSoql } from './soql';
