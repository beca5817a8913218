import type { Config } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';

/**
 * The deployment's file storage: `FILE_STORAGE=s3` for several machines, else the local folder. The
 * AWS SDK is loaded only for a bucket: importing it costs about a second and 20+ MB at start.
 */
export async function createFileStorage(settings: Config['fileStorage']): Promise<FileStorage> {
  if (settings.kind === 'local') return createLocalFileStorage(settings.folder);
  const { createS3FileStorage } = await import('./s3-file-storage.js');
  return createS3FileStorage(settings);
}
