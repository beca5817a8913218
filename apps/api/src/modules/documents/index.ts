import type { Database } from '@app/db';
import type { DomainService } from '../domains/index.js';
import { documentRoutes } from './document-routes.js';
import { createDocumentService } from './document-service.js';

export type { DocumentService } from './document-service.js';

/** Legal documents, per system where a system has its own version. */
export function createDocumentsModule(deps: { db: Database; domains: DomainService }) {
  const documents = createDocumentService(deps.db, deps.domains);
  return { documents, routes: [documentRoutes(documents)] };
}
