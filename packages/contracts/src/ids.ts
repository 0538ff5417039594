import { z } from 'zod';

/** The largest record id: ids are 32-bit integers in both databases, and PostgreSQL refuses to compare a larger one. */
export const ID_MAX = 2_147_483_647;

/** A record's id in a JSON body. */
export const recordId = z.number().int().positive().max(ID_MAX);

/** A record's id in a path or query string. */
export const recordIdParam = z.coerce.number().int().positive().max(ID_MAX);

/** The `:id` of a route that names one record. */
export const idParams = z.object({ id: recordIdParam });
