import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customer } from '../test/fixtures.ts';
import { mockApi, ok } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { RouteErrorPage } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('error boundary', () => {
  it('shows a friendly error with a reload button when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/me': ok(customer) });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const { user } = renderApp('/broken', [
      { path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> },
    ]);

    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalled();
  });
});
