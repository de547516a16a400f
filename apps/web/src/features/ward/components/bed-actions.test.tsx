// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePatient } from '@/test/patient-factory.ts';
import { ChooseBedButton } from './bed-actions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FREE = [
  { id: 11, label: 'A1', bayName: 'Bay A' },
  { id: 12, label: 'A2', bayName: 'Bay A' },
];

describe('"Give a bed" preselects the first free bed (issue 40 item 9)', () => {
  it('chooses no bed until the nurse does, and says so rather than give the first', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChooseBedButton patient={makePatient({ name: 'Ada Bedless' })} freeBeds={FREE} isMove={false} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Give Ada Bedless a bed/ }));
    const select = screen.getByLabelText('Bed') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('Choose a bed');
    fireEvent.click(screen.getByRole('button', { name: 'Give bed' }));
    expect(screen.getByText('Choose a bed first.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
