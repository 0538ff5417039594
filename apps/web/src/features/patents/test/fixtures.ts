import type { AdminPatentRow, MaterialsAnswer, PatentRow, PatentStatusCount } from '@kxt/contracts/patents';

/** A customer's patent order row; override what a test is about. */
export function patentRow(overrides: Partial<PatentRow> = {}): PatentRow {
  return {
    id: 1,
    serviceCode: 'PT-0001',
    serviceId: 11,
    orderNo: 'O-0001',
    parentOrderNo: 'PO-0001',
    countryId: 7,
    countryName: '中国',
    countryCode: 'CN',
    serviceName: '外观专利注册',
    applyName: 'enterprise',
    applyTitle: '深圳示例贸易有限公司',
    inventorName: '李明',
    patentType: 1,
    productId: null,
    productCode: null,
    productName: '蓝牙音箱',
    patentNumber: 1,
    registerStatus: 0,
    referenceNumber: null,
    registrationNumber: null,
    createDate: '2026-11-01T08:00:00.000Z',
    submissionTime: null,
    auditTime: null,
    rejectionTime: null,
    oaAbortAnswerTime: null,
    renewalTime: null,
    renewalMissing: null,
    brandOathTime: null,
    status: 1,
    statusName: '待上传资料',
    brandDataInfo: null,
    usFilingInfo: null,
    patentDataInfo: null,
    brandRegisterDataInfo: null,
    oaDataInfo: null,
    orderDataInfo: { isAuthorizationAmout: null, currency: 'CNY', isSpeed: false, expeditedNoticeFiles: [] },
    dataInfo: null,
    answerDataUrl: null,
    recheckReceipt: null,
    recheckReceiptTime: null,
    additionalRulesInfo: [],
    fileDataPathContent: null,
    saleYear: null,
    isSpanishTaxCode: false,
    ...overrides,
  };
}

export function adminRow(overrides: Partial<AdminPatentRow> = {}): AdminPatentRow {
  return { ...patentRow(), customerId: 3, customerName: '深圳示例贸易有限公司', ...overrides };
}

export const PDF = { name: 'receipt.pdf', url: '/api/files/0b7e3f6a-1c2d-4e5f-8a9b-0c1d2e3f4a5b' };

export function listReply<Row>(rows: Row[], obj: PatentStatusCount[] = []) {
  return { status: 200, body: { code: 200, msg: 'OK', rows, total: rows.length, obj } };
}

export function materialsAnswer(overrides: Partial<MaterialsAnswer> = {}): MaterialsAnswer {
  return {
    serviceId: 11,
    serviceCode: 'PT-0001',
    status: 1,
    patentType: 1,
    countryCode: 'CN',
    materials: null,
    draftSavedAt: null,
    submittedAt: null,
    additionalRulesInfo: [],
    rejectReasons: [],
    applicantDefaults: {},
    ...overrides,
  };
}

/** Materials that pass every check of the form except the type-specific files. */
export const completeMaterials = {
  applicant: {
    kind: 'company',
    nameCn: '深圳示例贸易有限公司',
    nameEn: 'Shenzhen Example Trading Co., Ltd.',
    addressCn: '深圳市南山区科技园1号',
    addressEn: '1 Science Park, Nanshan, Shenzhen',
    idNumber: '91440300MA5XXXXX1',
  },
  inventors: [{ nameCn: '李明', nameEn: 'Li Ming' }],
  productNameInfo: {
    productNameCN: '蓝牙音箱',
    productNameEN: 'Bluetooth speaker',
    productClassify: '14-01',
  },
  productSeriesInfo: { pictureInfoList: [] },
  drawings: [],
  specification: [],
};
