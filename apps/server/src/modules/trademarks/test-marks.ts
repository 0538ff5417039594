import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';

let serial = 0;
/** A valid import record with sensible defaults, for tests. */
export function markRecord(
  name: string,
  overrides: Partial<TrademarkImportRecord> = {},
): TrademarkImportRecord {
  serial += 1;
  return {
    name,
    applicationNumber: `T${String(serial).padStart(8, '0')}`,
    applicationDate: '2024-03-01',
    registrationDate: null,
    niceClass: [9],
    owner: 'Owner Ltd',
    dataset: 'US',
    status: 'registered',
    goodsAndServices: { '9': 'Computer software' },
    goodsAndServicesTranslation: null,
    attorney: null,
    imageUrl: null,
    ...overrides,
  };
}
