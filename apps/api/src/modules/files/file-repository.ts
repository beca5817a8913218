import { type Database, eq, files } from '@app/db';

/** Stored files' metadata (the bytes are the file provider's). */
export function createFileRepository(db: Database) {
  return {
    async find(fileId: string) {
      const [file] = await db.select().from(files).where(eq(files.id, fileId));
      return file;
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
