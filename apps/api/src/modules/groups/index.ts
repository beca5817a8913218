import type { Database } from '@app/db';
import { createGroupRepository } from './group-repository.js';
import { groupRoutes } from './group-routes.js';

/** Company groups, which organise a company's clients and campaigns. */
export function createGroupsModule(deps: { db: Database }) {
  const repo = createGroupRepository(deps.db);
  return {
    routes: [groupRoutes(repo)],
    /** Whether a group is one of some companies' (a client's campaign setup, decision 0094). */
    belongsTo: repo.belongsTo,
  };
}
