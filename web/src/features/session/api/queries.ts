import { queryOptions } from '@tanstack/react-query';
import { getUserInfo } from './get-user-info';
import { sessionKeys } from './keys';

export const sessionQueries = {
  /** The signed-in user (by hash) with the permission rule's results. */
  userInfo: (hash: string) => queryOptions({ queryKey: [...sessionKeys.userInfo, hash], queryFn: ({ signal }) => getUserInfo(signal) }),
};
