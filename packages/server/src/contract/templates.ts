// Templates (spec §3 Template, §7 Templates): profile fields mapped to CWMP parameter paths.
import { Type, type Static } from 'typebox';
import { anyMap, errorBody, exactObject, pagedList, pagingProperties, stringList } from './common';

export const DATA_MODELS = ['TR-181', 'TR-098'] as const;
export const dataModel = Type.Enum(DATA_MODELS, { type: 'string' });
export type DataModel = Static<typeof dataModel>;

export const MAPPING_TYPES = ['string', 'number', 'boolean', 'object', 'array'] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];

export const mappingEntry = exactObject({
  field: Type.String(),
  /** The CWMP parameter path. */
  param: Type.String(),
  type: Type.Enum(MAPPING_TYPES, { type: 'string' }),
  required: Type.Boolean(),
  /** Always present in an API answer (null when none); absent from a file when none. */
  defaultValue: Type.Optional(Type.Unknown()),
  description: Type.Optional(Type.String()),
  /** The field's values translated into the model's own (e.g. "WPA2-PSK" -> "11i"). */
  valueMap: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  ),
});
export type MappingEntry = Static<typeof mappingEntry>;

const definitionProperties = {
  name: Type.String(),
  vendor: Type.String(),
  model: Type.String(),
  dataModel,
  version: Type.String(),
  description: Type.String(),
  mapping: Type.Array(mappingEntry),
  /** The JSON Schema the profile values follow. */
  schema: anyMap,
};

/** The file an export writes and an import reads back (spec §7: GET /api/templates/{id}/export). */
export const templateFile = exactObject(definitionProperties);
export type TemplateFile = Static<typeof templateFile>;

export const templateSchema = exactObject({
  id: Type.String(),
  ...definitionProperties,
  parameterCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Template = Static<typeof templateSchema>;

/** Create, update and import answer the template and the data-model check's warnings. */
export const templateAnswer = exactObject({ template: templateSchema, warnings: Type.Optional(stringList) });
export type TemplateAnswer = Static<typeof templateAnswer>;

export const templateList = pagedList('templates', templateSchema);
export type TemplateList = Static<typeof templateList>;

/** 400 answers of template checks list every problem. */
export const invalidTemplateBody = exactObject({
  ...errorBody.properties,
  errors: Type.Optional(stringList),
});
export type InvalidTemplateBody = Static<typeof invalidTemplateBody>;

export const listTemplatesQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    vendor: Type.Optional(Type.String({ maxLength: 200 })),
    model: Type.Optional(Type.String({ maxLength: 200 })),
    dataModel: Type.Optional(dataModel),
    ...pagingProperties(100),
  },
  { additionalProperties: false },
);
export type ListTemplatesQuery = Static<typeof listTemplatesQuery>;

/**
 * The body of create and update. Its fields are typed loosely here: the template checks report every
 * problem at once, in the words of spec §5 ("Name is required", ...). Senders follow `TemplateInput`.
 */
export const templateBody = Type.Object(
  {
    name: Type.Optional(Type.Unknown()),
    vendor: Type.Optional(Type.Unknown()),
    model: Type.Optional(Type.Unknown()),
    dataModel: Type.Optional(Type.Unknown()),
    version: Type.Optional(Type.Unknown()),
    description: Type.Optional(Type.Unknown()),
    mapping: Type.Optional(Type.Unknown()),
    schema: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
/** What create, update and import take (spec §3 Template); the server checks every field. */
export type TemplateInput = TemplateFile;

/** Values as a map, or `{values: {...}}`; both are accepted (spec §7: "with a body (values)"). */
export const valuesBody = anyMap;

export const renderedParam = exactObject({ name: Type.String(), value: Type.String(), type: Type.String() });
export type RenderedParam = Static<typeof renderedParam>;

/** spec §3 Validation result, with the data-model check's warnings. */
export const validationResult = exactObject({
  valid: Type.Boolean(),
  errors: stringList,
  warnings: stringList,
});
export type ValidationResult = Static<typeof validationResult>;

export const renderResult = exactObject({
  renderedParams: Type.Array(renderedParam),
  ...validationResult.properties,
});
export type RenderResult = Static<typeof renderResult>;
