// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvironmentBadge } from './environment-badge.tsx';

afterEach(cleanup);

describe('EnvironmentBadge', () => {
  it('is calm for sandbox and test', () => {
    render(<EnvironmentBadge environment="test" />);
    expect(screen.getByTestId('environment').textContent).toBe('Environment: test');
    expect(screen.getByTestId('environment').className).toBe('environment environment--test');
  });

  it('says in words, not only colour, that production changes are real', () => {
    render(<EnvironmentBadge environment="production" />);
    expect(screen.getByTestId('environment').textContent).toBe('PRODUCTION — changes are real');
    expect(screen.getByTestId('environment').className).toContain('environment--production');
  });
});
