import type { DeviceStats } from '@/api/get-stats';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';

/** Every count different, so a card showing another card's number is caught. */
export const STATS: DeviceStats = {
  totalDevices: 128,
  onlineDevices: 97,
  provisioningDevices: 12,
  errorDevices: 5,
  pendingJobs: 9,
  completedJobs: 311,
  failedJobs: 4,
};

const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test').pathname;

/** Answers GET /api/stats with whatever `stats()` returns at the time of the request. */
export function serveStats(stats: () => DeviceStats) {
  return stubFetch((request) =>
    pathOf(request) === '/api/stats'
      ? jsonResponse(200, stats())
      : jsonResponse(404, { error: 'Not Found', message: `no stub for ${pathOf(request)}` }),
  );
}

export const statsRequests = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.requests.filter((request) => pathOf(request) === '/api/stats');

export interface DashboardAnswers {
  stats?: () => DeviceStats;
  activity?: () => unknown;
  performance?: () => unknown;
  trend?: () => unknown;
}

/** Answers the Dashboard's four requests; a missing one answers 404 (the server side not there yet). */
export function serveDashboard(answers: DashboardAnswers) {
  const routes: Record<string, (() => unknown) | undefined> = {
    '/api/stats': answers.stats,
    '/api/activity': answers.activity,
    '/api/stats/performance': answers.performance,
    '/api/stats/trend': answers.trend,
  };
  return stubFetch((request) => {
    const answer = routes[pathOf(request)];
    return answer
      ? jsonResponse(200, answer())
      : jsonResponse(404, { error: 'Not Found', message: `no stub for ${pathOf(request)}` });
  });
}

export const requestsTo = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.requests.filter((request) => pathOf(request) === path);
