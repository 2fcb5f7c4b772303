// The stats module's public surface: other modules import only this file (issue 15, point 3).
export { statsRoutes } from './routes';
export { createStatsService, type DeviceStats, type StatsService } from './service';
export { createActivityLog, type ActivityLog } from './activity';
export { createPerformanceMonitor, type PerformanceMonitor } from './performance';
export { createSnapshots, type Snapshots } from './snapshots';
export { createMetrics, type Metrics } from './metrics';
