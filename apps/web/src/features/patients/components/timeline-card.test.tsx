// @vitest-environment happy-dom
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { TimelineEntry } from '@vigil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { timelineQueryKey } from '../api/query-keys.ts';
import { TimelineCard } from './timeline-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const note = (id: string, description: string): TimelineEntry => ({
  id,
  type: 'note',
  category: 'care',
  date: '2026-11-28T09:00:00.000Z',
  title: 'Note added',
  description,
  by: 'ada',
  news2: null,
  correction: null,
});

function renderCard(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <TimelineCard patientId={7} />
    </QueryClientProvider>,
  );
}

describe('a history that could not be refreshed says so above what it last loaded', () => {
  it('keeps the entries it holds and says the refresh failed, with the server’s reason', async () => {
    // The app's own client: no retries, so one failed refresh is the answer.
    const client: QueryClient = createQueryClient();
    client.setQueryData(timelineQueryKey(7), [note('n1', 'Settled on the ward.')]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { error: 'The database is busy; try again', code: 'UNAVAILABLE' })),
    );
    renderCard(client);
    expect(screen.getByText('Settled on the ward.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // A note was saved: the history is read again, and that read fails.
    await client.invalidateQueries({ queryKey: timelineQueryKey(7) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not refresh the history; showing what was last loaded (The database is busy; try again).',
    );
    expect(screen.getByText('Settled on the ward.')).toBeTruthy();

    // The next read succeeds: the notice goes, the new entry shows.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [note('n2', 'Drinking well.'), note('n1', 'Settled on the ward.')])),
    );
    await client.invalidateQueries({ queryKey: timelineQueryKey(7) });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Drinking well.')).toBeTruthy();
  });

  it('says it could not load the history when it holds nothing yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'Internal error', code: 'INTERNAL' })),
    );
    renderCard(createQueryClient());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the history');
  });
});
