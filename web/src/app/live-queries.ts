// The one table from push topic to the queries it makes stale (docs/api.md, each area's "Live
// push"). A screen showing a stale query reloads it by itself; `resync` (a gap the channel's
// history could not cover) marks every query stale (lib/live-stream connectLiveQueries).
import type { LiveQueryRule } from '@/lib/live-stream';
import { LIVE_TOPICS } from '@/lib/live-stream';
import { attendanceKeys } from '@/features/attendance/api/api';
import { auditKeys } from '@/features/audit/api/keys';
import { clockKeys } from '@/features/clock/api/keys';
import { faqKeys } from '@/features/faq/api/faq';
import { homeKeys } from '@/features/home/api/keys';
import { hrMarkKeys } from '@/features/hr-marks/api/keys';
import { moodKeys } from '@/features/mood/api/keys';
import { ombudsmanKeys } from '@/features/ombudsman/api/ombudsman';
import { payrollKeys } from '@/features/payroll/api/payroll';
import { followCheckIn } from '@/features/mood/utils/checked-in';
import { followNotificationChanges, receiveNotification } from '@/features/notifications/utils/notification-list';
import { toastOnce } from '@/features/notifications/utils/toaster';
import { peopleKeys } from '@/features/people/api/keys';
import { adjustmentKeys } from '@/features/punch-adjustments/api/keys';
import { reportKeys } from '@/features/reports/api/keys';
import { requestKeys } from '@/features/requests/api/keys';
import { surveyKeys } from '@/features/surveys/api/keys';
import { timesheetKeys } from '@/features/timesheet/api/timesheet';
import { settingsKeys } from '@/features/tenant-admin/api/keys';
import { vacationKeys } from '@/features/vacations/api/keys';

const field = (data: unknown, name: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;

export const LIVE_QUERIES: Readonly<Record<string, LiveQueryRule>> = {
  // A new or moved mark: the clock's history, the home's last marks, the day being adjusted,
  // today's timesheet row (computed when read).
  [LIVE_TOPICS.clockMark]: { stale: () => [clockKeys.all, homeKeys.marks, adjustmentKeys.all, timesheetKeys.all] },
  // A day changed by an adjustment or an abono.
  'clock.day': { stale: () => [clockKeys.all, homeKeys.marks, adjustmentKeys.all, timesheetKeys.all] },
  // Timesheet rows written (days became final, adjustments, abonos, vacations), the rule, a
  // closing or a signature: the timesheets, the hour bank and absenteeism, a second after a burst.
  'timesheet.changed': { debounceMs: 1000, stale: () => [timesheetKeys.all, attendanceKeys.all] },
  // A request filed, decided or delivered: queues, badges, the open request; adjustments are requests too.
  'request.changed': { stale: () => [requestKeys.all, adjustmentKeys.all, homeKeys.all] },
  // Balances, plans, queues and the map; the schedule shows vacations too.
  'vacation.changed': { stale: () => [vacationKeys.all, peopleKeys.all, homeKeys.all] },
  // A new notification: into the panel's list, and a toast once across the user's tabs
  // (resync reloads the list, which toasts what no tab showed).
  notification: {
    apply: (client, data) => {
      const n = receiveNotification(client, data);
      if (n) void toastOnce(n, client);
    },
  },
  // Another tab of the user's displayed or dismissed some.
  'notification.changed': { apply: followNotificationChanges },
  // A check-in (this user's tabs hide the panel behind a marker; the nine-box and avatars move).
  'mood.checked_in': { apply: followCheckIn, stale: () => [moodKeys.all, peopleKeys.all] },
  'survey.changed': { stale: () => [surveyKeys.all, homeKeys.all] },
  // A response completed: the lists (respondents, the caller's own finish), what the user
  // answers, and that survey's open results.
  'survey.results': {
    stale: (data) => {
      const id = field(data, 'oa8Ukey');
      // The home banner's surveys item counts what is left to answer.
      return typeof id === 'string'
        ? [surveyKeys.lists, surveyKeys.answering, surveyKeys.resultsOf(id), homeKeys.pending]
        : [surveyKeys.all, homeKeys.pending];
    },
  },
  'pdi.changed': { stale: () => [surveyKeys.pdi] },
  // Reports reload a second after the last change of a burst (a busy day moves them often).
  'report.changed': {
    debounceMs: 1000,
    stale: (data) => {
      const name = field(data, 'report');
      // The clock report moves with every mark, HR's included: HR's recent marks follow it.
      return [typeof name === 'string' ? reportKeys.report(name) : reportKeys.all, ...(name === 'clock' ? [hrMarkKeys.recent] : [])];
    },
  },
  // A replay's progress is the push itself.
  'audit.replay': {
    apply: (client, data) => {
      if (data && typeof data === 'object') client.setQueryData(auditKeys.replayJob, data);
    },
  },
  // Read models whose screens read again, told to the whole tenant without data: a command's
  // own screen follows the projection instead of racing it.
  'faq.changed': { stale: () => [faqKeys.all] },
  'ombudsman.changed': { stale: () => [ombudsmanKeys.all, ombudsmanKeys.contact] },
  'payroll.changed': { stale: () => [payrollKeys.all] },
  // An administrator saved a setting; the home banner reads its own (key home_page) again.
  [LIVE_TOPICS.settings]: { stale: (data) => [settingsKeys.all, ...(field(data, 'key') === 'home_page' ? [homeKeys.config] : [])] },
};
