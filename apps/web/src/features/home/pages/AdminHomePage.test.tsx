import type { CurrentUser } from '@kxt/contracts/auth';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { reviewer } from '../../../test/fixtures.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import AdminHomePage from './AdminHomePage.tsx';

const finance: CurrentUser = { ...reviewer, id: 4, username: 'finance', role: 'finance' };

describe('工作台', () => {
  it('shows a reviewer the queue counts, each a link into its view', async () => {
    mockApi({
      'GET /api/admin/patents/queue/summary': ok({ staff: 5, dueSoon: 2, overdue: 1, customer: 7 }),
    });
    renderWithApp(<AdminHomePage />, { path: '/admin', user: reviewer });
    const expected = [
      ['待我处理', '5', 'staff'],
      ['7天内OA到期', '2', 'dueSoon'],
      ['OA已逾期', '1', 'overdue'],
      ['等待客户', '7', 'customer'],
    ];
    for (const [label, count, view] of expected) {
      const link = (await screen.findByText(label as string)).closest('a') as HTMLElement;
      expect(link).toHaveAttribute('href', `/admin/patents?tab=queue&view=${view}`);
      expect(await within(link).findByText(count as string)).toBeInTheDocument();
    }
  });

  it('shows no queue to staff who do not review patents', async () => {
    const server = mockApi({});
    renderWithApp(<AdminHomePage />, { path: '/admin', user: finance });
    await screen.findByText('您好，王审核');
    expect(screen.queryByText('待我处理')).toBeNull();
    expect(server.callsTo('GET /api/admin/patents/queue/summary')).toHaveLength(0);
  });
});
