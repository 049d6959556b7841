/** Query keys of the audit area; `audit.replay` carries a replay job's progress. */
export const auditKeys = {
  all: ['audit'] as const,
  replays: ['audit', 'replays'] as const,
  /** The replay job on screen, written by each `audit.replay` push. */
  replayJob: ['audit', 'replays', 'job'] as const,
};
