import type { CurrentUser } from '@kxt/contracts/auth';

export const reviewer: CurrentUser = {
  id: 2,
  username: 'reviewer',
  displayName: '王审核',
  role: 'reviewer',
  phone: null,
  email: 'reviewer@example.com',
  customerId: null,
  customerName: null,
  companyPending: false,
  locale: 'zh-CN',
};

export const customer: CurrentUser = {
  id: 7,
  username: 'customer1',
  displayName: '李明',
  role: 'customer',
  phone: '13800000001',
  email: 'li.ming@example.com',
  customerId: 3,
  customerName: '深圳示例贸易有限公司',
  companyPending: false,
  locale: 'zh-CN',
};
