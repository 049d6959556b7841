/** Query keys of people: team listing, find people, cards, birthdays, hires and the schedule. */
export const peopleKeys = {
  all: ['people'] as const,
};
