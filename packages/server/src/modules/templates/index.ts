// The templates module's public surface: other modules import only this file (issue 15, point 3).
export type { RenderedParam } from './render';
export { createTemplatesRepository, type TemplatesRepository } from './repository';
export { templatesRoutes } from './routes';
export { createTemplatesService, type Template, type TemplatesService } from './service';
