import type { ApplicantDefaults } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';

/** Submissions looked at for the company's other details: recent enough to be current, few enough to be cheap. */
const RECENT_SUBMISSIONS = 20;

const email = z.email();

/** The fields of an applicant another order submitted that describe the company rather than this filing. */
const companyDetails = z.object({
  kind: z.literal('company'),
  nameCn: z.string(),
  nameEn: z.string().optional(),
  addressCn: z.string().optional(),
  addressEn: z.string().optional(),
  idNumber: z.string().optional(),
  contactEmail: z.string().optional(),
});

/**
 * The applicant a customer's materials form starts with: their company's record (name, contact email), completed
 * with what they last submitted for the same company on another order (English name, addresses, registration
 * number), so a customer filing several patents types the company once.
 */
export async function applicantDefaultsOf(db: Kysely<DB>, customerId: number): Promise<ApplicantDefaults> {
  const company = await db
    .selectFrom('customers')
    .select(['name', 'email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!company) return {};
  const submissions = await db
    .selectFrom('patent_materials')
    .innerJoin('patent_orders', 'patent_orders.id', 'patent_materials.order_id')
    .select('patent_materials.submitted')
    .where('patent_orders.customer_id', '=', customerId)
    .where('patent_materials.submitted', 'is not', null)
    .orderBy('patent_materials.submitted_at', 'desc')
    .orderBy('patent_materials.order_id', 'desc')
    .limit(RECENT_SUBMISSIONS)
    .execute();
  const earlier = submissions
    .map((row) => companyDetails.safeParse(JSON.parse(row.submitted ?? 'null')?.applicant))
    .find((parsed) => parsed.success && parsed.data.nameCn === company.name)?.data;
  const contactEmail = [company.email, earlier?.contactEmail].find(
    (value): value is string => !!value && email.safeParse(value).success,
  );
  return {
    ...(earlier ?? {}),
    kind: 'company',
    nameCn: company.name,
    ...(contactEmail ? { contactEmail } : {}),
  };
}
