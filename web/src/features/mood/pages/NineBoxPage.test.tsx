import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LIVE_QUERIES } from '@/app/live-queries';
import { connectLiveQueries, deliverLive, stopLiveStream } from '@/lib/live-stream';
import { useSessionStore } from '@/lib/session-store';
import { resetAllStores } from '@/lib/store-reset';
import { json, mockFetch, renderWithProviders, testQueryClient } from '@/test/render';
import type { MoodMember, NineBox } from '../api/types';
import { AVATAR_SIZES, MoodAvatar } from '@/components/MoodAvatar';
import { referenceTime } from '../utils/reference-time';
import { NineBoxPage } from './NineBoxPage';

// The page renders a date input and nine boxes of avatars: on a busy machine it takes longer than 5 s.
vi.setConfig({ testTimeout: 30_000 });

const ana: MoodMember = { id: 'e-ana', codigo: '000003', nome: 'Ana Souza', picture: '', title: 'Analista', emo: null };

function nineBox(anaEmo: MoodMember['emo']): NineBox {
  const boxes = [];
  for (let energy = 2; energy >= 0; energy--) for (let humor = 0; humor <= 2; humor++) boxes.push({ humor, energy, members: [] as MoodMember[] });
  if (anaEmo) boxes[2].members.push({ ...ana, emo: anaEmo }); // humor high, energy high
  return { referenceDate: '2024-05-10', teamCount: 1, moodCount: anaEmo ? 1 : 0, boxes, withoutMood: anaEmo ? [] : [ana] };
}

beforeEach(() => {
  useSessionStore.getState().login({
    user: { userName: 'marcos', accessCode: 'DEMOCORP', tenId: 't1', hash: 'h-marcos', displayName: 'Marcos Lima' },
    access_token: 'tok',
  });
});

let disconnect = () => {};

afterEach(() => {
  disconnect();
  stopLiveStream();
  resetAllStores();
  vi.unstubAllGlobals();
});

describe('NineBoxPage (spec portal-business §2 /apps/humorEnergy)', () => {
  it('asks for the reference date and places the team; a check-in push reloads it', async () => {
    let checkedIn = false;
    const spy = mockFetch({
      'GET /api/gen/HumorEnergy/ninebox': () =>
        json(nineBox(checkedIn ? { humor: 4.5, energy: 4, data: '2024-05-10T12:00:00Z' } : null)),
    });
    const queryClient = testQueryClient();
    disconnect = connectLiveQueries(queryClient, LIVE_QUERIES);
    renderWithProviders(<NineBoxPage />, { queryClient });
    await waitFor(() => expect(screen.getAllByTestId('ninebox-cell')).toHaveLength(9));
    expect(within(screen.getByTestId('ninebox-without')).getByLabelText('Ana Souza: sem registro de humor')).toBeInTheDocument();
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('tenId')).toBe('t1');
    expect(url.searchParams.get('time')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);

    checkedIn = true;
    deliverLive('mood.checked_in', { userHash: 'h-ana', employeeId: 'e-ana', humor: 4.5, energy: 4, data: '' });
    const cell = () => screen.getAllByTestId('ninebox-cell')[2];
    await waitFor(() => expect(within(cell()).getByLabelText(/^Ana Souza: humor 4\.5 \(Bem\), energia 4\.0 \(Disposto\)$/)).toBeInTheDocument());
    expect(cell()).toHaveAttribute('data-humor', '2');
    expect(cell()).toHaveAttribute('data-energy', '2');
    expect(screen.getByTestId('ninebox-summary')).toHaveTextContent('1 de 1 pessoas com registro de humor');
    expect(screen.queryByTestId('ninebox-without')).not.toBeInTheDocument();
  });

  it('sends the reference date as local midnight with its UTC offset', () => {
    expect(referenceTime('2024-05-10')).toMatch(/^2024-05-10T00:00:00[+-]\d{2}:\d{2}$/);
  });
});

describe('MoodAvatar sizes (spec §9: 96, 60, 48 default, 36, 24 px)', () => {
  it.each(Object.entries(AVATAR_SIZES))('%s is %s px', (size, px) => {
    renderWithProviders(<MoodAvatar member={{ ...ana, emo: { humor: 2, energy: 2, data: '' } }} size={size as keyof typeof AVATAR_SIZES} />);
    const avatar = screen.getByTestId('mood-avatar').querySelector('.mantine-Avatar-root') as HTMLElement;
    // Mantine writes pixel sizes in rem (16 px each).
    expect(avatar.style.getPropertyValue('--avatar-size')).toBe(`calc(${px / 16}rem * var(--mantine-scale))`);
  });
});
