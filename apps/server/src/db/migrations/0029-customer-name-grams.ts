import { type Migration, sql } from 'kysely';
import { type AnyDb, databaseKindOf } from '../columns.ts';

/** Longest customer name (customers.name is varchar(200)): a name has one pair of characters fewer. */
const MAX_NAME_LENGTH = 200;

/** The pairs of characters of a new customer's lower-cased name, one row each (the trigger body, both dialects). */
const INSERT_GRAMS = `insert into customer_name_grams (gram, customer_id)
  select distinct substr(lower(new.name), p.position, 2), new.id
  from customer_name_gram_positions p
  where p.position < length(new.name)
  on conflict do nothing`;

/**
 * Customer name search by pairs of characters (issue #19, lists at a million rows). Every list's keyword also
 * matches the customer's name, which read every customer name with `like '%…%'` (13 ms at 50,000 customers, on
 * each search). Each name's pairs of consecutive characters are listed here; a keyword of two or more characters
 * reads the customers holding all its pairs and checks only those with `like` (`customerIdsNamedLike`). Triggers
 * keep the list, so no write path can forget it; the positions table gives the triggers the character positions
 * of a name (SQLite triggers cannot hold a recursive query).
 */
export const customerNameGrams: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('customer_name_gram_positions')
      .addColumn('position', 'integer', (c) => c.primaryKey())
      .execute();
    await db
      .insertInto('customer_name_gram_positions')
      .values(Array.from({ length: MAX_NAME_LENGTH }, (_, i) => ({ position: i + 1 })))
      .execute();
    await db.schema
      .createTable('customer_name_grams')
      .addColumn('gram', 'varchar(8)', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('customer_name_grams_pk', ['gram', 'customer_id'])
      .execute();
    await db.schema
      .createIndex('customer_name_grams_customer_idx')
      .on('customer_name_grams')
      .column('customer_id')
      .execute();
    await sql
      .raw(
        INSERT_GRAMS.replaceAll('new.name', 'c.name')
          .replaceAll('new.id', 'c.id')
          .replace(
            'from customer_name_gram_positions p',
            'from customers c join customer_name_gram_positions p on 1 = 1',
          ),
      )
      .execute(db);
    if (databaseKindOf(db) === 'postgres') {
      await sql
        .raw(`create function customer_name_grams_sync() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then
              delete from customer_name_grams where customer_id = old.id;
            end if;
            ${INSERT_GRAMS};
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(`create trigger customer_name_grams_insert after insert on customers
          for each row execute function customer_name_grams_sync()`)
        .execute(db);
      await sql
        .raw(`create trigger customer_name_grams_update after update of name on customers
          for each row execute function customer_name_grams_sync()`)
        .execute(db);
      return;
    }
    await sql
      .raw(`create trigger customer_name_grams_insert after insert on customers begin ${INSERT_GRAMS}; end`)
      .execute(db);
    await sql
      .raw(`create trigger customer_name_grams_update after update of name on customers begin
          delete from customer_name_grams where customer_id = old.id;
          ${INSERT_GRAMS};
        end`)
      .execute(db);
  },
};
