import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '../components/media/use-media-query.ts';
import { stillMediaQuery } from '../test/media-query.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';

/** Shows whether antd animates what it opens under these providers. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'animated' : 'still'}</output>;
}

function renderWithSystemMotion(reduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    stillMediaQuery(query, reduced && query === REDUCED_MOTION_QUERY),
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MotionProbe />
    </AppProviders>,
  );
}

describe('AppProviders', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates dialogs and menus by default', () => {
    renderWithSystemMotion(false);
    expect(screen.getByRole('status')).toHaveTextContent('animated');
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    renderWithSystemMotion(true);
    expect(screen.getByRole('status')).toHaveTextContent('still');
  });
});
