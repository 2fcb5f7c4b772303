// spec §7 Provisioning: bulk/export-parameters, the stored parameters of devices as CSV, JSON or XML.
import type { ExportFormat } from '../../contract';
import type { DeviceRow } from '../../db/tables/devices';
import { csvRow } from '@provisor/common';
import type { ParameterMap } from '../devices/index';

export type { ExportFormat };

// XML 1.0 cannot carry most control characters: they are dropped.
const xmlText = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

export interface ExportedDevice {
  device: Pick<DeviceRow, 'id' | 'serial_number' | 'oui' | 'product_class'>;
  params: ParameterMap;
}

export function exportParameters(
  rows: readonly ExportedDevice[],
  format: ExportFormat,
): { body: string; contentType: string; extension: string } {
  if (format === 'json') {
    const body = JSON.stringify(
      rows.map(({ device, params }) => ({
        deviceId: device.id,
        serialNumber: device.serial_number,
        oui: device.oui,
        productClass: device.product_class,
        parameters: Object.fromEntries(
          Object.keys(params)
            .sort()
            .map((k) => [k, params[k]]),
        ),
      })),
      null,
      2,
    );
    return { body, contentType: 'application/json; charset=utf-8', extension: 'json' };
  }
  if (format === 'csv') {
    // Every cell, the router's values above all, goes through csvRow: formulas come out as text.
    const lines = ['deviceId,serialNumber,oui,productClass,parameter,value,type'];
    for (const { device, params } of rows) {
      for (const name of Object.keys(params).sort()) {
        const p = params[name]!;
        lines.push(
          csvRow([device.id, device.serial_number, device.oui, device.product_class, name, p.value, p.type]),
        );
      }
    }
    return { body: `${lines.join('\r\n')}\r\n`, contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  }
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<devices>'];
  for (const { device, params } of rows) {
    parts.push(
      `  <device id="${xmlText(device.id)}" serialNumber="${xmlText(device.serial_number)}" oui="${xmlText(device.oui)}" productClass="${xmlText(device.product_class)}">`,
    );
    for (const name of Object.keys(params).sort()) {
      const p = params[name]!;
      parts.push(
        `    <parameter name="${xmlText(name)}" type="${xmlText(p.type)}">${xmlText(p.value)}</parameter>`,
      );
    }
    parts.push('  </device>');
  }
  parts.push('</devices>', '');
  return { body: parts.join('\n'), contentType: 'application/xml; charset=utf-8', extension: 'xml' };
}
