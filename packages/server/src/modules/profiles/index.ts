// The profiles module's public surface: other modules import only this file (issue 15, point 3).
export { createProfilesRepository, type ProfilesRepository } from './repository';
export { profilesRoutes } from './routes';
export { createProfilesService, toApiProfile, type ProfileInput, type ProfilesService } from './service';
