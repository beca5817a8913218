import type { Database } from '@app/db';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { createFileLinks } from './file-links.js';
import { createFileRepository } from './file-repository.js';
import { fileRoutes } from './file-routes.js';

export type { FileLinks } from './file-links.js';

/** Stored files: public branding images, and signed links for the rest. */
export function createFilesModule(deps: {
  db: Database;
  storage: FileStorage;
  linkKey: string;
  filesBaseUrl: string;
}) {
  const fileLinks = createFileLinks(deps.linkKey, deps.filesBaseUrl);
  return { fileLinks, routes: [fileRoutes(createFileRepository(deps.db), deps.storage, fileLinks)] };
}
