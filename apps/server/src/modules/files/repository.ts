import type { Insertable, Kysely } from 'kysely';
import type { DB, FileRow, FilesTable } from '../../db/schema.ts';

export async function insertFile(db: Kysely<DB>, file: Insertable<FilesTable>) {
  await db.insertInto('files').values(file).execute();
}

export function findFile(db: Kysely<DB>, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
