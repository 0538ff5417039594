import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type RowAction, RowActions } from './RowActions.tsx';
import { renderWithApp } from './test-helpers.tsx';

const actions = (count: number, onClick = vi.fn()): RowAction[] =>
  Array.from({ length: count }, (_, index) => ({
    key: `a${index + 1}`,
    label: `动作${index + 1}`,
    onClick: () => onClick(index + 1),
  }));

const buttonNames = () =>
  screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''));

describe('row actions', () => {
  it('shows up to two actions as buttons and no 更多', () => {
    renderWithApp(<RowActions actions={actions(2)} />);
    expect(buttonNames()).toEqual(['动作1', '动作2']);
  });

  it('puts the actions beyond the first two under 更多, in order, and runs the chosen one', async () => {
    const onClick = vi.fn();
    const { user } = renderWithApp(<RowActions actions={actions(4, onClick)} />);
    expect(buttonNames()).toEqual(['动作1', '动作2', '更多']);
    await user.click(screen.getByRole('button', { name: /更多/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['动作3', '动作4']);
    await user.click(items[1] as HTMLElement);
    expect(onClick).toHaveBeenCalledWith(4);
  });

  it('keeps a download link a link inside the menu', async () => {
    const { user } = renderWithApp(
      <RowActions
        actions={[...actions(2), { key: 'file', label: '下载', href: '/api/files/x', download: true }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: /更多/ }));
    const link = await screen.findByRole('link', { name: '下载' });
    expect(link).toHaveAttribute('href', '/api/files/x');
    expect(link).toHaveAttribute('download');
  });
});
