import type { Database } from '@app/db';
import { createGroupRepository } from './group-repository.js';
import { groupRoutes } from './group-routes.js';

/** Company groups, which organise a company's clients and campaigns. */
export function createGroupsModule(deps: { db: Database }) {
  return { routes: [groupRoutes(createGroupRepository(deps.db))] };
}
