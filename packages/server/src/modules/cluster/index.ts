// The cluster module's public surface: other modules import only this file (issue 15, point 3).
export { createCluster, type Cluster, type ClusterOptions } from './cluster';
export { claimConnectionRequest } from './connection-request-slots';
