import { HttpError } from '../http-error.ts';

/** Whether a failed write broke a unique constraint, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * For an insert whose key is computed from other rows (the next version number), where there is no row to lock:
 * the unique constraint decides who got the key, and the loser runs its transaction again on a fresh read. Each
 * round has a winner, so `attempts` concurrent writers all get through; past that the caller gets a 409.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= attempts) throw new HttpError(409, 'conflict');
    }
  }
}
