// Every starter template against the real routers it targets (../shared/data/devices): each mapped
// parameter must be one the router has, and writable where the dump records writability. A template
// mapping a parameter its router lacks fails every profile push with 9005 (TR-069 A.3.2.1).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadCsvModel, type DeviceModel } from '@provisor/sim';
import { expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../../test-support/shared-data';
import type { TemplateDefinition } from './definition';
import { STARTER_TEMPLATES } from './starters';

const ROOTS = { 'TR-098': 'InternetGatewayDevice.', 'TR-181': 'Device.' } as const;

/**
 * The dumps of the routers a template targets: its vendor and model (the product class or model
 * name the router reports), or, for a "Generic" template, every router of its data model.
 */
function targetsOf(template: TemplateDefinition, dumps: readonly DeviceModel[]): DeviceModel[] {
  const root = ROOTS[template.dataModel as keyof typeof ROOTS];
  return dumps.filter((d) => {
    if (d.root !== root) return false;
    if (template.vendor === 'Generic') return true;
    const modelName = d.nodes.find((n) => n.name === `${d.root}DeviceInfo.ModelName`)?.value ?? '';
    return (
      d.manufacturer.toLowerCase().includes(template.vendor.toLowerCase()) &&
      [d.productClass, modelName].some((m) => m.toLowerCase() === template.model.toLowerCase())
    );
  });
}

/** What is wrong with each mapped parameter on one router, in words. */
function problemsOn(template: TemplateDefinition, dump: DeviceModel): string[] {
  const nodes = new Map(dump.nodes.map((n) => [n.name, n]));
  return template.mapping.flatMap((m) => {
    const node = nodes.get(m.param);
    if (!node) return [`${m.param} (field ${m.field}) is not on ${dump.name}`];
    if (node.object) return [`${m.param} (field ${m.field}) is an object on ${dump.name}`];
    if (!node.writable) return [`${m.param} (field ${m.field}) is read-only on ${dump.name}`];
    return [];
  });
}

describeWithSharedData('starter templates against the real router dumps (../shared/data/devices)', () => {
  const dir = sharedDataPath('devices');
  const dumps = readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.csv'))
    .sort()
    .map((f) => loadCsvModel(join(dir, f)));

  it.each(STARTER_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s maps only parameters its routers have, writable',
    (_name, template) => {
      const targets = targetsOf(template, dumps);
      // A starter template must target at least one real router, or nothing here checks it.
      expect(targets.map((d) => d.name)).not.toEqual([]);
      expect(targets.flatMap((d) => problemsOn(template, d))).toEqual([]);
    },
  );

  it('finds the EG8145V5 dump for the Huawei template and the TR-181 dumps for the generic one', () => {
    const byName = Object.fromEntries(
      STARTER_TEMPLATES.map((t) => [t.name, targetsOf(t, dumps).map((d) => d.name)]),
    );
    expect(byName).toEqual({
      'Huawei EG8145V5 Residential': ['device-eg8145v5-no-voip'],
      'Generic TR-181 Router': ['device-1C61B4-EX220-2226469000523'],
    });
  });

  it('names each parameter a router lacks (the check itself)', () => {
    const eg8145v5 = dumps.find((d) => d.productClass === 'EG8145V5')!;
    const broken: TemplateDefinition = {
      ...STARTER_TEMPLATES[0]!,
      mapping: [
        {
          field: 'ntp_server',
          param: 'InternetGatewayDevice.Time.NTPServer1',
          type: 'string',
          required: false,
        },
        {
          field: 'uptime',
          param: 'InternetGatewayDevice.DeviceInfo.UpTime',
          type: 'number',
          required: false,
        },
        { field: 'time', param: 'InternetGatewayDevice.Time', type: 'string', required: false },
      ],
    };
    expect(problemsOn(broken, eg8145v5)).toEqual([
      'InternetGatewayDevice.Time.NTPServer1 (field ntp_server) is not on device-eg8145v5-no-voip',
      'InternetGatewayDevice.DeviceInfo.UpTime (field uptime) is read-only on device-eg8145v5-no-voip',
      'InternetGatewayDevice.Time (field time) is not on device-eg8145v5-no-voip',
    ]);
  });
});
