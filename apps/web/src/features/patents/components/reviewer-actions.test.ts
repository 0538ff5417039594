import { type AdminPatentRow, PATENT_STATUS } from '@kxt/contracts/patents';
import { describe, expect, it } from 'vitest';
import { reviewerActions, reviewerNextStep } from './reviewer-actions.ts';

// Only the fields the action rules read.
const row = (status: number, countryCode = 'DE') =>
  ({ status, countryCode, oaDataInfo: null, orderDataInfo: { isSpeed: false } }) as unknown as AdminPatentRow;

describe('reviewerNextStep', () => {
  it('names no staff step while the customer owes the authorization fee, though registration may be entered', () => {
    expect(reviewerActions(row(PATENT_STATUS.feePayable), 'reviewer')).toContain('registration');
    expect(reviewerNextStep(row(PATENT_STATUS.feePayable), 'reviewer')).toBeUndefined();
    expect(reviewerNextStep(row(PATENT_STATUS.pendingMaterials), 'admin')).toBeUndefined();
  });

  it('is the first action when the order waits on staff', () => {
    expect(reviewerNextStep(row(PATENT_STATUS.materialsInReview), 'reviewer')).toBe('reviewMaterials');
    expect(reviewerNextStep(row(PATENT_STATUS.filing, 'US'), 'reviewer')).toBe('usFiling');
    expect(reviewerNextStep(row(PATENT_STATUS.awaitingCertificate), 'reviewer')).toBe('registration');
  });
});
