import { queryOptions } from '@tanstack/react-query';
import { fenceTargets } from './fence-targets';
import { listFences } from './list-fences';
import { myFences } from './my-fences';

/** Query keys and options of the fence area. */
export const fenceKeys = {
  all: ['fences'] as const,
};

export const fenceQueries = {
  list: () => queryOptions({ queryKey: [...fenceKeys.all, 'list'], queryFn: ({ signal }) => listFences(signal) }),
  mine: () => queryOptions({ queryKey: [...fenceKeys.all, 'mine'], queryFn: ({ signal }) => myFences(signal) }),
  targets: (search: string) =>
    queryOptions({ queryKey: [...fenceKeys.all, 'targets', search], queryFn: ({ signal }) => fenceTargets(search, signal) }),
};
