// The campaigns module's public surface (issue 21): device groups and firmware campaigns.
export { createGroupsService, type GroupsService } from './groups';
export { createCampaignsRepository, type CampaignsRepository } from './repository';
export { campaignsRoutes } from './routes';
export { createCampaignsService, type CampaignsService } from './service';
