import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag } from './CountryFlag.tsx';

describe('CountryFlag', () => {
  it('shows the package’s flag file of a market, the EU flag for EM, and a globe for organisations', () => {
    const us = render(<CountryFlag code="US" />).container.querySelector('img');
    expect(us?.getAttribute('src')).toMatch(/US\.svg/);
    const em = render(<CountryFlag code="EM" />).container.querySelector('img');
    expect(em?.getAttribute('src')).toMatch(/EU\.svg/);
    const wo = render(<CountryFlag code="WO" />).container;
    expect(wo.querySelector('img')).toBeNull();
    expect(wo.querySelector('[aria-hidden]')).not.toBeNull();
  });
});
