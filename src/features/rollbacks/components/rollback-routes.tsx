import type { RollbacksView } from '../api/get-rollbacks';
import { RollbackPreparePage } from './rollback-prepare-page';
import { RollbacksPage } from './rollbacks-page';

/*
 * The rollback screens share one chunk and one entry in the router's preload map: the first page of the app
 * carries the least for screens few users open.
 */
export const RollbacksRoute = ({ view }: { view: RollbacksView }) => <RollbacksPage view={view} />;
export const RollbackPrepareRoute = () => <RollbackPreparePage />;
