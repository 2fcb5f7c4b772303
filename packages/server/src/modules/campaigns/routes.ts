// Group and campaign routes (issue 21). Thin: the services validate and do the work.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  campaignActionSchema,
  campaignDevicesSchema,
  campaignProgressSchema,
  createCampaignSchema,
  createGroupSchema,
  deleteGroupSchema,
  getCampaignSchema,
  getGroupSchema,
  listCampaignsSchema,
  listGroupsSchema,
  previewGroupSchema,
  updateGroupSchema,
} from './schemas';

export async function campaignsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { groups, campaigns } = app.services;

  app.get('/api/groups', { config: { permission: 'read' }, schema: listGroupsSchema }, async () => ({
    groups: await groups.list(),
  }));
  app.post(
    '/api/groups',
    { config: { permission: 'operate' }, schema: createGroupSchema },
    async (request, reply) => {
      const group = await groups.create(request.body);
      request.log.info({ groupId: group.id }, 'device group created');
      return reply.code(201).send({ group });
    },
  );
  app.post(
    '/api/groups/preview',
    { config: { permission: 'read' }, schema: previewGroupSchema },
    async (request) => groups.preview(request.body.filter),
  );
  app.get('/api/groups/:id', { config: { permission: 'read' }, schema: getGroupSchema }, async (request) => ({
    group: await groups.get(request.params.id),
  }));
  app.put(
    '/api/groups/:id',
    { config: { permission: 'operate' }, schema: updateGroupSchema },
    async (request) => ({
      group: await groups.update(request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/groups/:id',
    { config: { permission: 'operate' }, schema: deleteGroupSchema },
    async (request, reply) => {
      await groups.remove(request.params.id);
      request.log.info({ groupId: request.params.id }, 'device group deleted');
      return reply.code(204).send(null);
    },
  );

  app.get('/api/campaigns', { config: { permission: 'read' }, schema: listCampaignsSchema }, async () => ({
    campaigns: await campaigns.list(),
  }));
  app.post(
    '/api/campaigns',
    { config: { permission: 'operate' }, schema: createCampaignSchema },
    async (request, reply) => {
      const campaign = await campaigns.create(request.body, request.auth?.username ?? null);
      request.log.info({ campaignId: campaign.id }, 'firmware campaign created');
      return reply.code(201).send({ campaign });
    },
  );
  app.get(
    '/api/campaigns/:id',
    { config: { permission: 'read' }, schema: getCampaignSchema },
    async (request) => ({
      campaign: await campaigns.get(request.params.id),
    }),
  );
  app.get(
    '/api/campaigns/:id/devices',
    { config: { permission: 'read' }, schema: campaignDevicesSchema },
    async (request) => campaigns.devices(request.params.id, request.query),
  );
  app.get(
    '/api/campaigns/:id/progress',
    { config: { permission: 'read' }, schema: campaignProgressSchema },
    async (request) => campaigns.progress(request.params.id),
  );
  const actions = {
    pause: (id: string) => campaigns.pause(id),
    resume: (id: string) => campaigns.resume(id),
    cancel: (id: string) => campaigns.cancel(id),
    'retry-failed': (id: string) => campaigns.retryFailed(id),
  };
  for (const [name, act] of Object.entries(actions)) {
    app.post(
      `/api/campaigns/:id/${name}`,
      { config: { permission: 'operate' }, schema: campaignActionSchema },
      async (request) => {
        const campaign = await act(request.params.id);
        request.log.info({ campaignId: campaign.id, action: name }, 'campaign action');
        return { campaign };
      },
    );
  }
}
