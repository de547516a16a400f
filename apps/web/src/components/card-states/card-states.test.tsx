// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardReadProblem } from './card-states.tsx';

afterEach(cleanup);

const failed = new Error('The database is busy; try again');

describe('what a card says about a failed read', () => {
  it('says nothing when the read did not fail', () => {
    const { container } = render(<CardReadProblem what="notes" error={null} hasData={false} />);
    expect(container.textContent).toBe('');
  });

  it('says it could not load when the card holds nothing, and could not refresh above what it holds', () => {
    render(<CardReadProblem what="notes" error={failed} hasData={false} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not load notes: The database is busy; try again',
    );
    cleanup();
    render(<CardReadProblem what="notes" error={failed} hasData />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not refresh notes; showing what was last loaded (The database is busy; try again).',
    );
  });
});
