import { hostname } from 'node:os';

/** This process among the instances sharing a database, when INSTANCE_ID does not name it. */
export const defaultInstanceId = (): string => `${hostname()}:${process.pid}`;
