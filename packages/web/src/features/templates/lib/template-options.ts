import type { DataModel, MappingType } from '@provisor/server/contract';
import { everyValue } from '@/lib/every-value';

/** spec §3 Template: TR-181 (the default) or TR-098. */
export const DATA_MODELS = everyValue<DataModel>()(['TR-181', 'TR-098']);

/** spec §3 Template: the type of a mapping entry. */
export const MAPPING_TYPES = everyValue<MappingType>()(['string', 'number', 'boolean', 'object', 'array']);
