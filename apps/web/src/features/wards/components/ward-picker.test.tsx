// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wardsQueryKeys } from '../api/query-keys.ts';
import { WardPicker } from './ward-picker.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const W1 = { id: 1, name: 'Ward 1', code: 'W1' };
const W8 = { id: 8, name: 'Ward 8', code: 'W8' };

/** GET /api/account/wards answering these wards; the picker rendered with `props`. */
function renderWith(wards: (typeof W1)[], props: Partial<Parameters<typeof WardPicker>[0]> = {}) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ userId: 5, hospitalWide: false, wards }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onChange = vi.fn();
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <WardPicker ward={undefined} onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  return { queryClient, onChange };
}

describe('the ward picker (decision 035)', () => {
  it('shows a person of one ward no picker', async () => {
    const { queryClient } = renderWith([W1]);
    // Once her wards are known (and the picker rendered with them), there is still nothing to pick.
    await waitFor(() => expect(queryClient.getQueryData(wardsQueryKeys.mine())).toEqual([W1]));
    expect(screen.queryByLabelText('Ward')).toBeNull();
    // The same render with two wards shows one: the check above can fail.
    queryClient.setQueryData(wardsQueryKeys.mine(), [W1, W8]);
    expect(await screen.findByLabelText('Ward')).toBeTruthy();
  });

  it('lists only her wards, her first shown by default, and says which she picks', async () => {
    const { onChange } = renderWith([W1, W8]);
    const select = (await screen.findByLabelText('Ward')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Ward 1 (W1)', 'Ward 8 (W8)']);
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '8' } });
    expect(onChange).toHaveBeenCalledWith(8);
  });

  it('offers all her wards at once where a screen lists them (the alerts), as no ward', async () => {
    const { onChange } = renderWith([W1, W8], { ward: 8, allLabel: 'All my wards' });
    const select = (await screen.findByLabelText('Ward')) as HTMLSelectElement;
    expect(select.value).toBe('8');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
