// HR marking's reads as TanStack Query options, keyed under hrMarkKeys.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getHRMarks } from './get-hr-marks';
import { hrMarkKeys } from './keys';
import { searchEmployees } from './search-employees';

export const hrMarkQueries = {
  recent: () => queryOptions({ queryKey: hrMarkKeys.recent, queryFn: ({ signal }) => getHRMarks(signal) }),
  employees: (text: string) =>
    queryOptions({
      queryKey: [...hrMarkKeys.all, 'employees', text],
      queryFn: ({ signal }) => searchEmployees(text, signal),
      placeholderData: keepPreviousData,
    }),
};
