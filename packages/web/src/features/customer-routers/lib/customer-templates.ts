// spec §2 Customer Routers: "Only templates whose vendor is a particular optical-router manufacturer,
// or whose model contains EG8145 or HG8, are offered." The manufacturer is Huawei (the EG8145 and HG8
// series are its optical network terminals).
import type { Template } from '@provisor/server/contract';

export const CUSTOMER_TEMPLATE_VENDOR = 'huawei';
export const CUSTOMER_TEMPLATE_MODELS = ['EG8145', 'HG8'] as const;

/** Whether a template is offered for customer routers (vendor compared without case). */
export function isCustomerTemplate(template: Pick<Template, 'vendor' | 'model'>): boolean {
  if (template.vendor.trim().toLowerCase() === CUSTOMER_TEMPLATE_VENDOR) return true;
  const model = template.model.toUpperCase();
  return CUSTOMER_TEMPLATE_MODELS.some((series) => model.includes(series));
}
