import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { checkFileKey } from './file-keys.js';
import type { FileStorage } from './file-storage.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The default file storage: a folder under DATA_DIR, for one machine. The folder keeps no content
 * type; the rows that name a file hold it.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkFileKey(key));
    // The key check already keeps paths inside; this guards the folder against any later change to it.
    if (!path.startsWith(base + sep)) throw new Error(`file key escapes the storage folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async open(key) {
      // One open file for the size and the stream, so both describe the same file.
      const handle = await open(pathOf(key)).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
  };
}
