// The template routes' schemas (spec §7 Templates), made of the contract's shapes
// (contract/templates.ts).
import {
  errorResponses,
  idParams,
  invalidTemplateBody,
  listTemplatesQuery,
  noContent,
  renderResult,
  templateAnswer,
  templateBody,
  templateFile,
  templateList,
  validationResult,
  valuesBody,
} from '../../contract';

/** Template checks answer every problem they found. */
const writeErrors = { ...errorResponses, 400: invalidTemplateBody };

export const listTemplatesSchema = {
  querystring: listTemplatesQuery,
  response: { 200: templateList, ...errorResponses },
};

export const createTemplateSchema = {
  body: templateBody,
  response: { 201: templateAnswer, ...writeErrors },
};
export const updateTemplateSchema = {
  params: idParams,
  body: templateBody,
  response: { 200: templateAnswer, ...writeErrors },
};
export const getTemplateSchema = {
  params: idParams,
  response: { 200: templateAnswer, ...errorResponses },
};
export const deleteTemplateSchema = {
  params: idParams,
  response: { 204: noContent, ...errorResponses },
};

export const validateTemplateSchema = {
  params: idParams,
  body: valuesBody,
  response: { 200: validationResult, ...errorResponses },
};

export const renderTemplateSchema = {
  params: idParams,
  body: valuesBody,
  response: { 200: renderResult, ...errorResponses },
};

export const exportTemplateSchema = {
  params: idParams,
  response: { 200: templateFile, ...errorResponses },
};

export const importTemplateSchema = { response: { 201: templateAnswer, ...writeErrors } };
